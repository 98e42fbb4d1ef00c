// The token service's samples: one per grant of the token endpoint, and one each for revocation, the login page and
// its form. The TypeScript samples use the generated token client (its methods are the OAuth 2.0 grants); a grant it
// has no method for gets a fetch of the token endpoint. The curl samples post the form the document describes.
import { child, mediaExample, namedExamples, parameterExample, props, required, schemaExample, tokenGrants, type Ctx, type Operation, type TokenGrant } from '../../model/conventions/index.js';
import type { OperationModel } from '../../model/index.js';
import { DocexError } from '../../util/errors.js';
import { continued, dq, sh } from './curl.js';
import { literal, oneLine, quote } from './literal.js';
import { documentWalk, heading, valueOrFail, type SampleApi, type SampleSite } from './plan.js';
import { TOKEN_IMPORTS, tokenClientLines } from './typescript.js';

interface TokenSample {
  op: OperationModel;
  /** The grant the sample is of, for the token endpoint. */
  grant?: string;
  typescript: string;
  curl: string;
}

/** Form fields whose value comes from the environment or from an earlier answer, never from the document's example. */
const FROM_SHELL: Record<string, { variable: string; why?: string }> = {
  client_id: { variable: 'DOCEX_CLIENT_ID' },
  client_secret: { variable: 'DOCEX_CLIENT_SECRET' },
  username: { variable: 'DOCEX_USERNAME' },
  password: { variable: 'DOCEX_PASSWORD' },
  code: { variable: 'CODE', why: 'the code the login page sent to the redirect URI (it works once, within minutes)' },
  code_verifier: { variable: 'CODE_VERIFIER', why: 'the PKCE code verifier of the login page request' },
  refresh_token: { variable: 'REFRESH_TOKEN', why: 'the refresh_token of the last token response (it works once)' },
  token: { variable: 'REFRESH_TOKEN', why: 'the refresh token to revoke' },
  form_token: { variable: 'FORM_TOKEN', why: "the login page's form_token, valid only with the docex_login cookie that page set: a browser posts this form" },
};

/** The samples of every operation of the token service's document, by operation. */
export function tokenSamples(api: SampleApi, site: SampleSite): TokenSample[] {
  const walk = documentWalk(api);
  const out: TokenSample[] = [];
  for (const op of api.model.operations) {
    const raw = walk.byKey.get(`${op.method} ${op.path}`)!;
    const role = op.conventions.tokenService;
    if (role === 'token') {
      for (const grant of tokenGrants(walk.ctx, raw)) out.push({ op, grant: grant.grant, ...grantSample(api, walk.ctx, raw, op, grant, site) });
    } else if (role === 'revocation') {
      out.push({ op, typescript: revocationTs(op, site), curl: formCurl(op, site, formFields(api, walk.ctx, raw), true) });
    } else if (role === 'login-page' || role === 'login-form') {
      const fields = role === 'login-page' ? queryFields(api, walk.ctx, raw) : formFields(api, walk.ctx, raw);
      const redirect = fields.find(([k]) => k === 'redirect_uri')?.[1];
      if (typeof redirect !== 'string') throw new DocexError(`code samples: ${op.method} ${op.path} has no redirect_uri example`, 2, api.file);
      out.push({ op, typescript: loginTs(op, site, redirect), curl: role === 'login-page' ? pageCurl(op, site, fields) : formCurl(op, site, fields, false) });
    } else {
      throw new DocexError(`code samples: ${op.method} ${op.path} is not an operation of the OAuth 2.0 token service docex knows`, 2, api.file);
    }
  }
  return out;
}

/** The token request of the first grant a script can make from the environment alone (DOCEX_*), as curl lines setting ACCESS_TOKEN. */
export function accessTokenLines(api: SampleApi, site: Omit<SampleSite, 'accessToken'>): string[] {
  const walk = documentWalk(api);
  for (const op of api.model.operations) {
    if (op.conventions.tokenService !== 'token') continue;
    const raw = walk.byKey.get(`${op.method} ${op.path}`)!;
    for (const grant of tokenGrants(walk.ctx, raw)) {
      const fields = grantFields(api, walk.ctx, raw, grant);
      if (!fields.every(([k]) => k === 'grant_type' || FROM_SHELL[k]?.variable.startsWith('DOCEX_'))) continue;
      const request = formCurl(op, { ...site, accessToken: [] }, fields, true).split('\n').slice(1).join('\n');
      return [`# An access token: the ${oneLine(grant.grant)} grant of the token service (see its samples)`, `ACCESS_TOKEN=$(${request.trimEnd()} | jq -r .access_token)`];
    }
  }
  return [`# ACCESS_TOKEN: an access token of the token service (see its samples)`];
}

function grantSample(api: SampleApi, ctx: Ctx, raw: Operation, op: OperationModel, grant: TokenGrant, site: SampleSite): { typescript: string; curl: string } {
  const fields = grantFields(api, ctx, raw, grant);
  const curl = formCurl(op, site, fields, true, grant);
  const head = `// ${heading(op, grant.grant)}`;
  const deprecated = grant.deprecated ? [`// The ${oneLine(grant.grant)} grant is deprecated: see the token service's reference.`] : [];
  switch (grant.grant) {
    case 'password':
      return {
        curl,
        typescript: tokenModule(head, site, ['TokenError'], [], [
          ...deprecated,
          `// DOCEX_USERNAME and DOCEX_PASSWORD name the user.`,
          ...guarded('TokenError', ['const session = await tokens.signInWithPassword();', SIGNED_IN], 'console.log(err.code, err.message);'),
        ]),
      };
    case 'authorization_code': {
      const redirect = fields.find(([k]) => k === 'redirect_uri')?.[1];
      if (typeof redirect !== 'string') throw new DocexError(`code samples: the ${grant.grant} grant of ${op.method} ${op.path} has no redirect_uri example`, 2, api.file);
      return { curl, typescript: loginTs(op, site, redirect, head) };
    }
    case 'refresh_token':
      return {
        curl,
        typescript: tokenModule(head, site, ['ReauthRequiredError'], [], [
          ...deprecated,
          `// A refresh token works once. The client refreshes by itself a little before the access token expires, and`,
          `// saves the new refresh token before it hands out the new access token: getAccessToken() does it when due.`,
          ...guarded('ReauthRequiredError', ['await tokens.getAccessToken();', `console.log('the stored session is valid');`], `console.log('sign in again:', err.message);`),
        ]),
      };
    default:
      return { curl, typescript: fetchTs(head, site, op, fields) };
  }
}

const SIGNED_IN = `console.log('signed in until', new Date(session.expiresAt).toISOString());`;

function guarded(errorClass: string, body: string[], handle: string): string[] {
  return ['try {', ...body.map((l) => `  ${l}`), '} catch (err) {', `  if (!(err instanceof ${errorClass})) throw err;`, `  ${handle}`, '}'];
}

/** A module with the token client: imports, the client from the environment and its store, then `body`. */
function tokenModule(head: string, site: SampleSite, names: string[], nodeImports: string[], body: string[]): string {
  return [
    head,
    ...nodeImports,
    `import { ${[...names, 'tokenClientFromEnv'].join(', ')} } from './generated/token/index.js';`,
    ...TOKEN_IMPORTS,
    '',
    `// DOCEX_CLIENT_ID and DOCEX_CLIENT_SECRET name the client, DOCEX_AUTH_URL the service; the session is saved in`,
    `// ${site.store}, where the API samples find it.`,
    ...tokenClientLines(site),
    '',
    ...body,
  ].join('\n') + '\n';
}

/** The authorization code grant from the login page to the tokens: the samples of the grant, the page and its form. */
function loginTs(op: OperationModel, site: SampleSite, redirectUri: string, head = `// ${heading(op)}`): string {
  return tokenModule(head, site, ['TokenError'], [`import { createInterface } from 'node:readline/promises';`], [
    `const redirectUri = ${quote(redirectUri)}; // as registered for the client`,
    `// 1. The login page, where the user's browser signs in. Keep state and codeVerifier (PKCE) until it returns.`,
    `const { url, state, codeVerifier } = await tokens.authorizationUrl({ redirectUri, pkce: true });`,
    `// 2. After the login the browser is sent to redirectUri with a code and the state: exchange them for tokens.`,
    `const prompt = createInterface({ input: process.stdin, output: process.stdout });`,
    'const callbackUrl = await prompt.question(`Sign in at ${url}\\nthen paste the address your browser was sent to: `);',
    `prompt.close();`,
    ...guarded('TokenError', ['const session = await tokens.exchangeCallback({ callbackUrl, redirectUri, expectedState: state, codeVerifier });', SIGNED_IN], 'console.log(err.code, err.message); // access_denied, state_mismatch, invalid_grant'),
  ]);
}

function revocationTs(op: OperationModel, site: SampleSite): string {
  return tokenModule(`// ${heading(op)}`, site, ['TokenError'], [], [
    `// Revokes the stored refresh token (and the access tokens of its sign-in), then forgets the session.`,
    ...guarded('TokenError', ['await tokens.signOut({ revoke: true });', `console.log('signed out');`], 'console.log(err.code, err.message);'),
  ]);
}

/** A grant the token client has no method for: the token request itself, with fetch. */
function fetchTs(head: string, site: SampleSite, op: OperationModel, fields: [string, unknown][]): string {
  const env = (name: string) => `process.env.${name} ?? ''`;
  const form = fields.map(([k, v]) => `  ${k}: ${FROM_SHELL[k] ? env(FROM_SHELL[k]!.variable) : literal(typeof v === 'string' ? v : JSON.stringify(v), '  ')},`);
  return [
    head,
    '',
    `const authUrl = process.env.DOCEX_AUTH_URL ?? ${quote(site.authUrl)};`,
    `const client = \`\${process.env.DOCEX_CLIENT_ID ?? ''}:\${process.env.DOCEX_CLIENT_SECRET ?? ''}\`;`,
    `const response = await fetch(authUrl + ${quote(op.path)}, {`,
    `  method: ${quote(op.method)},`,
    `  headers: { authorization: \`Basic \${btoa(client)}\` },`,
    `  body: new URLSearchParams({`,
    ...form.map((l) => `  ${l}`),
    `  }),`,
    `});`,
    `if (!response.ok) throw new Error(\`the token request failed: HTTP \${response.status}\`);`,
    `const tokens = (await response.json()) as { access_token: string; expires_in: number; refresh_token?: string };`,
    `console.log('access token for', tokens.expires_in, 'seconds');`,
  ].join('\n') + '\n';
}

/** curl posting a form to the token service: client authentication (HTTP Basic) when `basic`. */
function formCurl(op: OperationModel, site: SampleSite, fields: [string, unknown][], basic: boolean, grant?: TokenGrant): string {
  const why = fields.flatMap(([k]) => (FROM_SHELL[k]?.why ? [`# ${FROM_SHELL[k]!.variable}: ${FROM_SHELL[k]!.why}`] : []));
  const words = [`curl -s${basic ? ` -u "$DOCEX_CLIENT_ID:$DOCEX_CLIENT_SECRET"` : ' -i'}`, ...fields.map(([k, v]) => `--data-urlencode ${field(k, v)}`), authUrl(site, op.path)];
  const head = `# ${heading(op, grant?.grant)}${grant?.deprecated ? ' (deprecated)' : ''}`;
  return [head, ...[...new Set(why)], continued(words)].join('\n') + '\n';
}

function pageCurl(op: OperationModel, site: SampleSite, fields: [string, unknown][]): string {
  const query = fields.map(([k, v]) => `${encodeURIComponent(k)}=${FROM_SHELL[k] ? `$${FROM_SHELL[k]!.variable}` : encodeURIComponent(String(v))}`).join('&');
  return [
    `# ${heading(op)} (the address to send the user's browser to)`,
    `curl -s ${authUrl(site, op.path, `?${query}`)}`,
  ].join('\n') + '\n';
}

/** `"${DOCEX_AUTH_URL:-https://auth.example}/oauth2/token"`, and `query` (made of shell variables and encoded values). */
function authUrl(site: SampleSite, path: string, query = ''): string {
  return `"\${DOCEX_AUTH_URL:-${dq(site.authUrl)}}${dq(path)}${query}"`;
}

/** `"password=$DOCEX_PASSWORD"` or `'redirect_uri=https://...'`. */
function field(name: string, value: unknown): string {
  const shell = FROM_SHELL[name];
  return shell ? `"${name}=$${shell.variable}"` : sh(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

/**
 * The form of a grant: the document's example of it (the one whose grant_type it is), else its schema's required
 * fields, each from the shell or by its example (a field without one fails the build, naming where).
 */
function grantFields(api: SampleApi, ctx: Ctx, raw: Operation, grant: TokenGrant): [string, unknown][] {
  const media = formMedia(ctx, raw);
  const named = media && namedExamples(ctx, media).find((e) => (e.value as { grant_type?: unknown } | null)?.grant_type === grant.grant);
  if (named && named.value && typeof named.value === 'object') return Object.entries(named.value);
  const fields = props(ctx, grant.form);
  const out: [string, unknown][] = [['grant_type', grant.grant]];
  for (const name of required(ctx, grant.form)) {
    const field = fields.get(name);
    if (name === 'grant_type' || !field) continue;
    const where = `the field "${name}" of the ${grant.grant} grant of ${raw.method.toUpperCase()} ${raw.path}`;
    out.push([name, FROM_SHELL[name] ? '' : valueOrFail(api, schemaExample(ctx, field.schema, field.location), where)]);
  }
  return out;
}

function formFields(api: SampleApi, ctx: Ctx, raw: Operation): [string, unknown][] {
  const where = `the form of ${raw.method.toUpperCase()} ${raw.path}`;
  const media = formMedia(ctx, raw);
  const value = media ? valueOrFail(api, mediaExample(ctx, media), where) : undefined;
  if (!value || typeof value !== 'object') throw new DocexError(`code samples: ${where} has no example object`, 2, api.file);
  return Object.entries(value);
}

/** The required query parameters of the login page, each with its example (those from the shell need none). */
function queryFields(api: SampleApi, ctx: Ctx, raw: Operation): [string, unknown][] {
  return raw.params
    .filter((p) => p.in === 'query' && p.node.node.required === true)
    .map((p) => [p.name, FROM_SHELL[p.name] ? '' : valueOrFail(api, parameterExample(ctx, p), `the query parameter "${p.name}" of ${raw.method.toUpperCase()} ${raw.path}`)]);
}

function formMedia(ctx: Ctx, raw: Operation): ReturnType<typeof child> {
  const content = child(ctx, child(ctx, raw.op, 'requestBody'), 'content');
  const key = content && Object.keys(content.node).find((k) => /^application\/x-www-form-urlencoded\b/i.test(k));
  return key === undefined ? undefined : child(ctx, content, key);
}

