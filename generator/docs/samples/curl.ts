// The curl sample of an operation of a sub API: the same call as the TypeScript sample, as a shell script. The access
// token comes from the token endpoint with $DOCEX_CLIENT_ID and $DOCEX_CLIENT_SECRET; the headers say what the
// client library does for you (Accept, If-Match with the ETag of a read, If-None-Match); the body is the example.
import { downloadName, filledPath, heading, queryString, type CallPlan, type SampleSite } from './plan.js';
import { successMedia } from '../../model/index.js';

/** `'it'\''s'`: a single-quoted shell word. */
export function sh(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Text to put between double quotes (and in `${NAME:-text}`): `\`, `"`, `$`, backquote and `}` escaped. */
export function dq(s: string): string {
  return s.replace(/[\\"$`}]/g, (c) => `\\${c}`);
}

const ETAG_OF = `grep -i '^etag:' | cut -d' ' -f2 | tr -d '\\r'`;

export function curlSample(plan: CallPlan, site: SampleSite): string {
  const { op, api } = plan;
  const secured = op.conventions.secured;
  const url = (path: string) => `"$API${dq(path)}"`;
  const here = url(filledPath(plan));
  const auth = secured ? [`-H "Authorization: Bearer $ACCESS_TOKEN"`] : [];
  const accept = plan.accept ?? successMedia(plan.op)[0]?.mediaType;
  const lines = [`# ${heading(op)}`];
  if (secured) lines.push(...site.accessToken);
  lines.push(`API="\${DOCEX_BASE_URL:-${dq(api.baseUrl)}}${dq(api.model.id)}"`, '');

  const headers = [...auth, ...(accept ? [`-H ${sh(`Accept: ${accept}`)}`] : [])];
  for (const { param, value } of plan.args) if (param.in === 'header') headers.push(`-H ${sh(`${param.name}: ${String(value)}`)}`);
  if (plan.readFirst) {
    lines.push(
      `# The current version's ETag: the write sends it (If-Match), so it is made only if nobody changed it since`,
      `ETAG=$(${continued([`curl -s -o /dev/null -D - ${here}`, ...auth])} | ${ETAG_OF})`,
    );
    headers.push(`-H "If-Match: $ETAG"`);
  }
  const data = plan.body ? bodyArgs(plan.body) : { args: [], heredoc: [] };
  if (plan.body) headers.push(`-H ${sh(`Content-Type: ${plan.body.mediaType}`)}`);

  const first = [`curl -s${op.method === 'GET' ? '' : ` -X ${op.method}`}`];
  if (plan.revalidate) first.push('-D headers.txt');
  if (plan.result === 'stream') first.push('-N'); // each item printed as it arrives, not when the stream ends
  else if (plan.result === 'text' || plan.result === 'binary') first.push(`-o ${downloadName(plan)}`);
  else if (plan.result !== 'none') first.push(`-w '\\n'`); // the body, then a new line
  first.push(url(`${filledPath(plan)}${queryString(plan)}`));
  if (plan.error) lines.push(`# HTTP ${plan.error.status}: ${plan.error.meaning}`);
  lines.push(continued([first.join(' '), ...headers, ...data.args]), ...data.heredoc);
  if (plan.result === 'page') lines.push(`# The next page: offset=<offset + limit>, until meta.total items`);
  if (plan.revalidate) {
    lines.push(
      `# Asked again with its ETag: 304 Not Modified, without a body, while it is unchanged`,
      `ETAG=$(${ETAG_OF.replace("grep -i '^etag:'", "grep -i '^etag:' headers.txt")})`,
      continued([`curl -s -o /dev/null -w '%{http_code}\\n' ${url(`${filledPath(plan)}${queryString(plan)}`)}`, ...headers.slice(0, auth.length + 1), `-H "If-None-Match: $ETAG"`]),
    );
  }
  return lines.join('\n') + '\n';
}

/** Words of a command, one per line after the first, joined by ` \`. */
export function continued(words: string[]): string {
  return words.join(' \\\n  ');
}

/** The body as curl sends it: a form field by field, anything else from a here-document of the example. */
function bodyArgs(body: NonNullable<CallPlan['body']>): { args: string[]; heredoc: string[] } {
  const value = body.value;
  if ((body.kind === 'form' || body.kind === 'multipart') && value && typeof value === 'object') {
    const flag = body.kind === 'form' ? '--data-urlencode' : '-F';
    return { args: Object.entries(value).map(([k, v]) => `${flag} ${sh(`${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)}`), heredoc: [] };
  }
  const text = body.kind === 'json' ? JSON.stringify(value, null, 2) : typeof value === 'string' ? value : JSON.stringify(value);
  let end = 'BODY';
  while (text.split('\n').includes(end)) end += '_';
  return { args: [`--data-binary @- <<'${end}'`], heredoc: [text, end] };
}
