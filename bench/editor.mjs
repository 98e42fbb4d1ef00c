// Figure 14: editor speed. A real tsserver (typescript/lib/tsserver.js over stdio, as VS Code runs it) on a consumer
// file of GitHub's description: docex's client against openapi-typescript's types + openapi-fetch, in the same run.
// Measured: completion after the client object (docex: `gh.`, whatever the client's shape, and the resource's list
// when methods are in resources; openapi-fetch: `client.`), the list a user picks an operation from (openapi-fetch:
// the paths in `client.GET('', {})`), hover on a method call; each cold (the first request of a fresh server, from
// `open` to the answer: program load included) and warm (the same request after an edit, as after a keystroke), with
// the entries of each list. One server per variant and request; variants alternate, the order rotates each round;
// ratios are medians of per-round ratios.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fmt, median, runOnce } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { startTsserver } from './lib/tsserver.mjs';
import { GENERATORS, INPUTS, docexBin, fresh, neutralCwd, outDir, root, write } from './lib/setup.mjs';

const ROUNDS = 3;
const WARM_EDITS = 3;
const BUDGET_MS = 300_000; // no new round starts after this long (at least one measured round)
/** The operation hovered (and looked up in docex's client), and its GET path for openapi-fetch. */
const OPERATION_ID = 'repos/get';
/** The method path in docex's client, dot-separated (`reposGet`, `repos.get`); found by completion when unset. */
const METHOD_OVERRIDE = process.env.DOCEX_BENCH_EDITOR_METHOD;
/** What VS Code sends in `configure` (typescript-language-features defaults that touch completions). */
const PREFERENCES = {
  includeCompletionsForModuleExports: true,
  includeCompletionsWithInsertText: true,
  includeCompletionsWithSnippetText: true,
  includeAutomaticOptionalChainCompletions: true,
  includeCompletionsWithClassMemberSnippets: true,
  includeCompletionsWithObjectLiteralMethodSnippets: true,
  useLabelDetailsInCompletionEntries: true,
  allowIncompleteCompletions: true,
  quotePreference: 'single',
};
const TSCONFIG = {
  compilerOptions: { strict: true, skipLibCheck: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', lib: ['es2022', 'dom', 'dom.iterable'], noEmit: true },
  files: ['editor-consumer.ts'],
};
const EDIT_LINE = 'let edits = 0;';

/** Source with `/*|name*\/` markers → the text without them, each marker's tsserver position (1-based) and the line
 *  the warm requests edit. */
function place(source) {
  const at = {};
  const lines = source.split('\n').map((line, i) => {
    let removed = 0;
    return line.replace(/\/\*\|(\w+)\*\//g, (marker, name, index) => {
      at[name] = { line: i + 1, offset: index - removed + 1 };
      removed += marker.length;
      return '';
    });
  });
  return { text: lines.join('\n'), at, editLine: lines.indexOf(EDIT_LINE) + 1 };
}

function docexConsumer(factory, method) {
  const segments = method ? method.split('.') : [];
  const hover = method ? `  const repo = await gh.${[...segments.slice(0, -1), `/*|hover*/${segments.at(-1)}`].join('.')}({ owner: 'octokit', repo: 'octokit.js' });\n` : '';
  // In resources (`gh.repos.get`), finding a method takes a second list: the resource's.
  const resource = segments.length > 1 ? `  void gh.${segments.slice(0, -1).join('.')}./*|resource*/;\n` : '';
  return place(
    `import { ${factory} } from './index.js';\n\nconst gh = ${factory}({ baseUrl: 'http://127.0.0.1/' });\n${EDIT_LINE}\n\n` +
      `export async function main() {\n${hover}${resource}  gh./*|complete*/\n}\n`,
  );
}

function fetchConsumer(path) {
  return place(
    `import createClient from 'openapi-fetch';\nimport type { paths } from './schema.js';\n\n` +
      `const client = createClient<paths>({ baseUrl: 'http://127.0.0.1/' });\n${EDIT_LINE}\n\n` +
      `export async function main() {\n` +
      `  const repo = await client./*|hover*/GET(${JSON.stringify(path).replace(/"/g, "'")}, { params: { path: { owner: 'octokit', repo: 'octokit.js' } } });\n` +
      `  void client.GET('/*|operation*/', {});\n` +
      `  void client.GET('/*|typed*/');\n` +
      `  client./*|complete*/\n}\n`,
  );
}

/** The request of each measured kind, at the consumer's marker. */
const REQUESTS = {
  complete: (file, at) => ['completionInfo', { file, ...at.complete, triggerCharacter: '.', triggerKind: 2 }],
  resource: (file, at) => ['completionInfo', { file, ...at.resource, triggerCharacter: '.', triggerKind: 2 }],
  operation: (file, at) => ['completionInfo', { file, ...at.operation, triggerCharacter: "'", triggerKind: 2 }],
  typed: (file, at) => ['completionInfo', { file, ...at.typed, triggerCharacter: "'", triggerKind: 2 }],
  hover: (file, at) => ['quickinfo', { file, ...at.hover }],
};

/** One fresh tsserver: configure, open, `kind` cold, then `warmEdits` times (edit, the same request) warm. */
async function session(variant, kind, warmEdits, log) {
  const { dir, consumer } = variant;
  const file = join(dir, 'editor-consumer.ts');
  const server = startTsserver({ cwd: dir });
  const out = { warm: [], entries: {} };
  try {
    await server.request('configure', { hostInfo: 'docex-bench', preferences: PREFERENCES });
    const cpuAtOpen = server.cpuMs();
    const openedAt = performance.now();
    server.send('open', { file, fileContent: consumer.text, scriptKindName: 'TS', projectRootPath: dir });
    const first = await server.request(...REQUESTS[kind](file, consumer.at), { timeout: 180_000 });
    out.cold = { wallMs: performance.now() - openedAt, cpuMs: server.cpuMs() - cpuAtOpen };
    record(out, kind, first.body);
    let line = EDIT_LINE;
    for (let n = 1; n <= warmEdits; n++) {
      const next = `let edits = ${n};`;
      server.send('change', { file, line: consumer.editLine, offset: 1, endLine: consumer.editLine, endOffset: line.length + 1, insertString: next });
      line = next;
      const r = await server.request(...REQUESTS[kind](file, consumer.at), { timeout: 60_000 });
      out.warm.push({ wallMs: r.wallMs, cpuMs: r.cpuMs });
      record(out, kind, r.body);
    }
  } finally {
    Object.assign(out, await server.close());
  }
  log(`editor ${variant.name} ${kind}: cold ${fmt.ms(out.cold.wallMs)}, warm ${out.warm.map((w) => fmt.ms(w.wallMs)).join(' ')}; tsserver peak ${fmt.mib(out.peakRssKiB)}`);
  return out;
}

function record(out, kind, body) {
  if (kind === 'hover') {
    if (!body?.displayString) throw new Error('hover gave no text');
    out.hoverText = `${body.displayString}\n${body.documentation ?? ''}`;
  } else {
    out.entries[kind] = body?.entries?.length ?? 0;
    if (!out.entries[kind]) throw new Error(`completion (${kind}) gave no entries`);
  }
}

/** A warm-up session on a variant's consumer (it also brings both variants' files into the page cache before the
 *  first measured round): `probe(server, file)` asks what the consumer needs to know. */
async function warmUp(dir, consumer, probe) {
  const file = join(dir, 'editor-consumer.ts');
  writeFileSync(file, consumer.text);
  const server = startTsserver({ cwd: dir });
  try {
    await server.request('configure', { hostInfo: 'docex-bench', preferences: PREFERENCES });
    server.send('open', { file, fileContent: consumer.text, scriptKindName: 'TS', projectRootPath: dir });
    return await probe(server, file);
  } finally {
    await server.close();
  }
}

/** Completion names at `gh.` followed by `prefix` (a server already open on the docex consumer). */
async function membersAfter(server, file, consumer, prefix) {
  const line = consumer.text.split('\n')[consumer.at.complete.line - 1];
  server.send('change', { file, line: consumer.at.complete.line, offset: 1, endLine: consumer.at.complete.line, endOffset: line.length + 1, insertString: `  gh.${prefix}` });
  const r = await server.request('completionInfo', { file, line: consumer.at.complete.line, offset: `  gh.${prefix}`.length + 1, triggerCharacter: '.', triggerKind: 2 }, { timeout: 180_000 });
  server.send('change', { file, line: consumer.at.complete.line, offset: 1, endLine: consumer.at.complete.line, endOffset: `  gh.${prefix}`.length + 1, insertString: line });
  return new Set(r.body.entries.map((e) => e.name));
}

/** The path of OPERATION_ID's method in docex's client, flat (`reposGet`) or in resources (`repos.get`), asked of a
 *  tsserver by completion. */
async function findMethod(dir, factory, log) {
  const { safeName } = await import(join(root, 'dist/generator/model/names.js'));
  const candidates = METHOD_OVERRIDE
    ? [METHOD_OVERRIDE]
    : [safeName(OPERATION_ID, new Set(['raw', 'then'])), OPERATION_ID.split('/').map((s) => safeName(s, new Set())).join('.')];
  const consumer = docexConsumer(factory);
  const method = await warmUp(dir, consumer, async (server, file) => {
    for (const candidate of candidates) {
      const segments = candidate.split('.');
      let found = true;
      for (let i = 0; i < segments.length && found; i++) found = (await membersAfter(server, file, consumer, segments.slice(0, i).map((s) => `${s}.`).join(''))).has(segments[i]);
      if (found) return candidate;
    }
  });
  if (!method) throw new Error(`docex's client has none of gh.${candidates.join(', gh.')} for operationId ${OPERATION_ID} (set DOCEX_BENCH_EDITOR_METHOD)`);
  log(`editor: ${OPERATION_ID} is gh.${method} in docex's client`);
  return method;
}

/** docex's factory: the one `create...Client` function its top-level files export (not the raw client's). */
function factoryOf(dir) {
  const names = new Set();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/^export function (create\w*Client)\b/gm)) if (!m[1].endsWith('RawClient')) names.add(m[1]);
  }
  if (names.size !== 1) throw new Error(`expected one create...Client factory in ${dir}, found ${[...names].join(', ') || 'none'}`);
  return [...names][0];
}

function getPathOf(file, operationId) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  for (const [path, item] of Object.entries(doc.paths ?? {})) if (item?.get?.operationId === operationId) return path;
  throw new Error(`no GET operation ${operationId} in ${file}`);
}

async function prepare(log) {
  const input = INPUTS.github.file();
  const base = join(outDir, 'editor', 'github');
  const help = (await runOnce({ args: [docexBin, 'generate', '--help'], cwd: root })).stdout;
  // The issue's target client is `--name GitHub`; a docex without the flag generates the title's name.
  const name = /--name\b/.test(help) ? ['--name', 'GitHub'] : [];
  const docexDir = fresh(join(base, 'docex'));
  const oatDir = fresh(join(base, 'openapi-fetch'));
  log(`editor: generating GitHub's client with docex${name.length ? ' --name GitHub' : ''} and openapi-typescript`);
  await runOnce({ args: [docexBin, 'generate', '--input', input, '--output', docexDir, '--quiet', ...name], cwd: neutralCwd(), timeoutMs: 240_000 });
  await runOnce({ ...GENERATORS['openapi-typescript'](input, oatDir), cwd: neutralCwd(), timeoutMs: 240_000 });
  for (const dir of [docexDir, oatDir]) write(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  const factory = factoryOf(docexDir);
  const method = await findMethod(docexDir, factory, log);
  const docex = { name: 'docex', dir: docexDir, consumer: docexConsumer(factory, method), kinds: ['complete', 'hover', ...(method.includes('.') ? ['resource'] : [])], method, factory };
  const fetch = { name: 'openapi-fetch', dir: oatDir, consumer: fetchConsumer(getPathOf(input, OPERATION_ID)), kinds: ['operation', 'complete', 'hover'] };
  // As typed in an editor that closes brackets and quotes: `client.GET('')`, the path's list without the init argument.
  fetch.typedEntries = await warmUp(oatDir, fetch.consumer, async (server, file) => (await server.request(...REQUESTS.typed(file, fetch.consumer.at), { timeout: 180_000 })).body?.entries?.length ?? 0);
  log(`editor: openapi-fetch's client.GET('') lists ${fetch.typedEntries} paths, client.GET('', {}) is measured`);
  writeFileSync(join(docexDir, 'editor-consumer.ts'), docex.consumer.text);
  return [docex, fetch];
}

export async function run({ log, runs }) {
  const rows = new Rows('14. editor (tsserver)');
  const load = [loadavg()[0]];
  const variants = await prepare(log);
  const [docex, fetch] = variants;
  const nRounds = runs ?? ROUNDS;
  const warmEdits = runs ? 2 : WARM_EDITS;
  // samples[variant][kind]: per round { cold, warm (median of the session's warm requests) }
  const samples = Object.fromEntries(variants.map((v) => [v.name, Object.fromEntries(v.kinds.map((k) => [k, []]))]));
  const entries = { docex: {}, 'openapi-fetch': { typed: fetch.typedEntries } };
  const hoverText = {};
  const peak = {};
  const started = Date.now();
  for (let round = 0; round < nRounds; round++) {
    if (round > 0 && Date.now() - started > BUDGET_MS) break;
    // One session per variant and kind; the variants alternate, the order rotates each round.
    const sessions = [];
    for (let k = 0; k < Math.max(...variants.map((v) => v.kinds.length)); k++) for (const v of variants) if (k < v.kinds.length) sessions.push([v, v.kinds[k]]);
    for (let i = 0; i < sessions.length; i++) {
      const [v, kind] = sessions[(i + round) % sessions.length];
      const out = await session(v, kind, warmEdits, log);
      samples[v.name][kind].push({
        cold: out.cold,
        warm: { wallMs: median(out.warm.map((w) => w.wallMs)), cpuMs: median(out.warm.map((w) => w.cpuMs ?? NaN)), n: out.warm.length },
      });
      Object.assign(entries[v.name], out.entries);
      if (out.hoverText) hoverText[v.name] = out.hoverText;
      peak[v.name] = Math.max(peak[v.name] ?? 0, out.peakRssKiB ?? 0);
    }
    load.push(loadavg()[0]);
  }

  const stat = (name, kind, phase, key = 'wallMs') => median(samples[name][kind].map((s) => s[phase][key]));
  const ratio = (a, b, phase, key = 'wallMs') => median(samples.docex[a].map((s, i) => s[phase][key] / samples['openapi-fetch'][b][i][phase][key]));
  const loadShown = `load ${Math.min(...load).toFixed(1)} to ${Math.max(...load).toFixed(1)}`;
  const label = {
    'docex complete': `docex: completion after gh. (${entries.docex.complete} entries)`,
    'docex resource': `docex: completion after gh.${docex.method.split('.').slice(0, -1).join('.')}. (${entries.docex.resource} entries)`,
    'docex hover': `docex: hover gh.${docex.method}(...)`,
    'openapi-fetch operation': `openapi-fetch: path completion in client.GET('', {}) (${entries['openapi-fetch'].operation} entries)`,
    'openapi-fetch complete': `openapi-fetch: completion after client. (${entries['openapi-fetch'].complete} entries)`,
    'openapi-fetch hover': 'openapi-fetch: hover client.GET(path, ...)',
  };
  // docex's figures and what each is compared with: the member list after the client object (the issue's words),
  // the list a user picks an operation from (openapi-fetch's paths), hover against hover.
  const compared = [
    ['complete', 'complete', 'openapi-fetch client.'],
    ['complete', 'operation', "openapi-fetch GET('', {})"],
    ['hover', 'hover', 'openapi-fetch hover'],
  ];
  const rounds = samples.docex.complete.length;
  const shown = (name, kind, phase) => {
    const extra = phase === 'cold' ? 'from open: program load included' : `after an edit: median of ${samples[name][kind].map((s) => s.warm.n).join('+')}`;
    return `${fmt.ms(stat(name, kind, phase))} wall, ${fmt.ms(stat(name, kind, phase, 'cpuMs'))} cpu (${extra}), n=${rounds}`;
  };
  for (const phase of ['cold', 'warm']) {
    for (const v of variants) for (const kind of v.kinds) rows.add({ figure: `${label[`${v.name} ${kind}`]}, ${phase}`, value: stat(v.name, kind, phase), unit: 'ms', shown: shown(v.name, kind, phase) });
    for (const [kind, peerKind, vs] of compared) {
      const r = ratio(kind, peerKind, phase);
      rows.add({ figure: `docex ${kind === 'hover' ? 'hover' : 'gh.'} vs ${vs}, ${phase}`, value: r, shown: `wall, paired; cpu ${fmt.ratio(ratio(kind, peerKind, phase, 'cpuMs'))}`, ratio: r, vs, target: '<= 1.00x', ok: r <= 1, note: loadShown });
    }
  }
  rows.add({ figure: "openapi-fetch: path completion in client.GET(''), as typed", shown: `${fetch.typedEntries} entries (warm-up session)` });
  rows.add({ figure: 'tsserver peak RSS', shown: `docex ${fmt.mib(peak.docex)}, openapi-fetch ${fmt.mib(peak['openapi-fetch'])}` });
  return {
    rows: rows.list,
    results: {
      operationId: OPERATION_ID,
      docexMethod: `gh.${docex.method}`,
      docexFactory: docex.factory,
      entries,
      hoverText: Object.fromEntries(Object.entries(hoverText).map(([k, t]) => [k, t.slice(0, 600)])),
      peakRssKiB: peak,
      loadavg1: load,
      samples,
    },
  };
}
