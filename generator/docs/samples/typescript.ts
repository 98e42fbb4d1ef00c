// The TypeScript sample of an operation of a sub API: a complete module a client developer pastes next to their
// generated/ folder. It signs in through the token client's stored session, makes the call through the generated
// client and shows what matters about the result: every item of a collection, the ETag for the next write, the
// typed error a caller most likely handles.
import { camelCase } from '../../util/names.js';
import { literal, object, oneLine, quote, variable } from './literal.js';
import { downloadName, heading, type CallPlan, type SampleSite } from './plan.js';

/** The lines that make the token client of every sample: client credentials and the stored session. */
export function tokenClientLines(site: SampleSite): string[] {
  return [
    `const tokens = tokenClientFromEnv({`,
    `  authUrl: process.env.DOCEX_AUTH_URL ?? ${quote(site.authUrl)},`,
    `  store: new FileTokenStore(${quote(site.store)}),`,
    `});`,
  ];
}

export const TOKEN_IMPORTS = [`import { FileTokenStore } from './generated/token/node.js';`];

type Entries = [string, string][];

/** How a sample writes calls: the operation's arguments (path ones as the constants made for them) and a call. */
interface Calls {
  argsOf(only: 'path' | 'all', extra?: Entries): Entries;
  call(name: string, entries: Entries, options?: string): string;
}

/** Path parameters as constants when they can be (`const documentId = '...'`): a read and its write share them. */
function pathConstants(plan: CallPlan, taken: Set<string>): { consts: string[]; calls: Calls } {
  const consts: string[] = [];
  const pathCode = new Map<string, string>();
  for (const { param, value } of plan.args) {
    if (param.in !== 'path') continue;
    const name = variable(param.key, taken);
    if (!name) continue;
    taken.add(name);
    consts.push(`const ${name} = ${literal(value)};`);
    pathCode.set(param.key, name);
  }
  return {
    consts,
    calls: {
      argsOf: (only, extra = []) => [
        ...plan.args.filter((a) => only === 'all' || a.param.in === 'path').map(({ param, value }): [string, string] => [param.key, pathCode.get(param.key) ?? literal(value, '  ')]),
        ...extra,
      ],
      call: (name, entries, options = '') => `api.${name}(${entries.length || options ? object(entries) : ''}${options})`,
    },
  };
}

/** The call and what the sample does with its result: every item, the ETag, a download written to a file. */
function resultSteps(plan: CallPlan, calls: Calls, taken: Set<string>, download: string | undefined): string[] {
  const { op } = plan;
  const named = plan.resultSchema ?? download?.replace(/\..*$/, '');
  const resultName = (named && variable(camelCase(named), taken)) || (plan.result === 'page' || plan.result === 'array' ? 'item' : 'result');
  const body: Entries = plan.body ? [['body', literal(plan.body.value, '  ')]] : [];
  const ifMatch: Entries = plan.readFirst ? [[op.params.find((p) => /^if-match$/i.test(p.name))!.key, 'current.etag']] : [];
  const options = plan.accept ? `, { accept: ${quote(plan.accept)} }` : '';
  const inputs = calls.argsOf('all', [...ifMatch, ...body]);
  const main = calls.call(op.access.join('.'), inputs, options);
  if (plan.result === 'page') {
    return [
      `// Every item, page after page: .all() asks for the next page until it has them all (.pages() gives the pages).`,
      `for await (const ${resultName} of ${calls.call(`${op.access.join('.')}.all`, inputs, options)}) {`,
      `  console.log(${resultName});${expandNote(plan)}`,
      `}`,
    ];
  }
  if (plan.result === 'stream') return streamSteps(plan, main, taken);
  if (plan.result === 'array') return [`const items = await ${main};`, `for (const ${resultName} of items) console.log(${resultName});${expandNote(plan)}`];
  if (plan.result === 'json') {
    const steps = [`const ${resultName} = await ${main};`, `console.log(${resultName});${expandNote(plan)}`];
    if (plan.revalidate) {
      const ifNoneMatch = op.params.find((p) => /^if-none-match$/i.test(p.name))!.key;
      steps.push(
        `// Its ETag names this version: asked again with it, the answer is NotModified (304) while it is unchanged`,
        `// (a client made with etagCache gives its cached copy instead).`,
        `const again = await ${calls.call(op.access.join('.'), calls.argsOf('all', [[ifNoneMatch, `${resultName}.etag`]]), options)};`,
        `console.log(again instanceof NotModified ? 'unchanged' : again);`,
      );
    } else if (plan.etag) {
      steps.push(`console.log(${resultName}.etag); // this version's ETag: the ifMatch of your next write to it`);
    }
    return steps;
  }
  if (download) {
    const bytes = plan.result === 'text' ? resultName : `new Uint8Array(await ${resultName}.arrayBuffer())`;
    return [`const ${resultName} = await ${main};${plan.alsoOffered.length ? ` // also offered: ${oneLine(plan.alsoOffered.join(', '))}` : ''}`, `await writeFile(${quote(download)}, ${bytes});`];
  }
  return [`await ${main};`, `console.log('done');`];
}

export function typescriptSample(plan: CallPlan, site: SampleSite): string {
  const { op, api } = plan;
  const secured = op.conventions.secured;
  const imports = new Set([api.model.factory]);
  if (plan.error) imports.add(plan.error.className);
  if (plan.revalidate) imports.add('NotModified');
  const taken = new Set(['api', 'tokens', 'err', 'current', 'again', 'items', 'writeFile', 'process', 'console', ...imports]);
  const { consts, calls } = pathConstants(plan, taken);
  const download = plan.result === 'text' || plan.result === 'binary' ? downloadName(plan) : undefined;
  const steps = resultSteps(plan, calls, taken, download);

  const lines: string[] = [`// ${heading(op)}`];
  if (download) lines.push(`import { writeFile } from 'node:fs/promises';`);
  if (secured) lines.push(`import { tokenClientFromEnv } from './generated/token/index.js';`, ...TOKEN_IMPORTS);
  lines.push(`import { ${[...imports].sort(byName).join(', ')} } from ${quote(`./generated/${api.id}/index.js`)};`, '');
  if (secured) lines.push(...sessionComment(site), ...tokenClientLines(site));
  lines.push(`const api = ${api.model.factory}({ baseUrl: process.env.DOCEX_BASE_URL ?? ${quote(api.baseUrl)}${secured ? ', tokens' : ''} });`, '');
  lines.push(...consts);
  if (plan.readFirst) {
    lines.push(
      `// The current version: the write sends its ETag (If-Match), so it is made only if nobody changed it since.`,
      `const current = await ${calls.call(plan.readFirst.name, calls.argsOf('path'))};`,
    );
  }
  if (plan.error) {
    lines.push(`try {`, ...steps.map((s) => indent(s)), `} catch (err) {`, `  if (!(err instanceof ${plan.error.className})) throw err;`);
    lines.push(`  console.log(${quote(`${plan.error.status}: ${plan.error.meaning}`)});`, `}`);
  } else {
    lines.push(...steps);
  }
  return lines.join('\n') + '\n';
}

/** A stream's items as they arrive, each SSE event type its own case (the model's reading), the terminal one said. */
function streamSteps(plan: CallPlan, main: string, taken: Set<string>): string[] {
  const stream = plan.op.conventions.stream!;
  const item = variable('item', taken) || 'item';
  const lines = [
    `// Each item as it arrives; leaving the loop (break, return, a throw) closes the connection.`,
    `for await (const ${item} of await ${main}) {`,
  ];
  if (!stream.events.length) return [...lines, `  console.log(${item});`, `}`];
  lines.push(`  switch (${item}.event) {`);
  for (const event of stream.events) {
    lines.push(`    case ${quote(event)}:${event === stream.terminal ? ' // the last event: the stream ends after it' : ''}`, `      console.log(${item}.data);`, `      break;`);
  }
  lines.push(`    default:`, `      // An event type added after this code was written: a new event is not an error.`, `      break;`, `  }`, `}`);
  return lines;
}

function sessionComment(site: SampleSite): string[] {
  return [
    `// The session a sign-in saved in ${site.store} (see the token service's samples); DOCEX_CLIENT_ID and`,
    `// DOCEX_CLIENT_SECRET name the client, DOCEX_AUTH_URL and DOCEX_BASE_URL the service.`,
  ];
}

function expandNote(plan: CallPlan): string {
  return plan.expand ? ` // ${oneLine(plan.expand)}: expanded, the whole resource rather than its id` : '';
}

function indent(block: string): string {
  return block.split('\n').map((l) => (l ? `  ${l}` : l)).join('\n');
}

/** Alphabetical, capitals first among equals, as editors sort imports: `ConflictError, createDocumentClient, NotModified`. */
function byName(a: string, b: string): number {
  return a.localeCompare(b, 'en', { caseFirst: 'upper' });
}
