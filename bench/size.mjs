// Figure 6: size. esbuild --bundle --minify --format=esm --platform=browser --target=es2020 of tiny browser programs
// making one authenticated GET, gzip -9 (and brotli 11) bytes. The target row is a browser program as spec 5.2 allows
// one: docex's generated client (the /items document as a sub API, items/v1/, as docex's own APIs are generated) and runtime (errors, ETags, retries, 401 refresh-once, .all() pagination) with a
// TokenSource that gets access tokens from the app's own server, where the client secret stays, as the peers' programs
// get a token from their caller. The same without .all() checks tree-shaking. For information: the same with the OAuth
// token session in the bundle (refresh with the client secret: programs that may hold it, not a public web page), and
// with createTokenClient (every grant as a method); openapi-fetch alone, a hey-api 0.99 generated SDK function +
// client, and raw fetch (the floor).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fmt } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { benchDir, itemsDocex, itemsDocexSubApi, itemsHey, outDir, root } from './lib/setup.mjs';

const BROWSER = { minify: true, format: 'esm', platform: 'browser', target: 'es2020' };
const ENTRIES = [
  ['docex-get', 'docex client, token from the app server, one GET (no pagination)'],
  ['docex-get-all', 'docex client, token from the app server, one GET + .all()'],
  ['docex-session-get-all', 'docex client + OAuth token session, one GET + .all()'],
  ['docex-get-client', 'docex client + createTokenClient (all grants), one GET'],
  ['docex-any-get-all', 'the same document generated alone (a client of any API), one GET + .all()'],
  ['openapi-fetch', 'openapi-fetch alone, one GET'],
  ['hey-api', 'hey-api generated sdk getItem + client'],
  ['fetch', 'raw fetch (floor)'],
];
/** Programs that call .all(): their lazily loaded pagination chunk counts. */
const PAGINATES = new Set(['docex-get-all', 'docex-session-get-all', 'docex-any-get-all']);
const TARGET_BYTES = 5000;

/** Minified bytes by origin (esbuild's metafile), to see what a docex bundle is made of. */
function parts(inputs) {
  const out = {};
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const group = /openapi-fetch/.test(path)
      ? 'openapi-fetch'
      : /\/token\//.test(path)
        ? 'token client'
        : /\/runtime\/pagin(ation|g-)/.test(path)
          ? 'runtime pagination'
          : /\/runtime\//.test(path)
            ? 'runtime (other)'
            : /bench\/out\//.test(path)
              ? 'generated client'
              : 'program';
    out[group] = (out[group] ?? 0) + bytesInOutput;
  }
  return out;
}

/**
 * Bundles a program with code splitting (as a browser app's bundler would) and sums the chunks by when they load:
 * `initial` = the entry and the chunks it imports statically (what the page downloads before the program runs);
 * lazily imported chunks (pagination, loaded on the first .all()/.pages()) count only for programs that use them.
 */
async function measure(name) {
  const { build } = await import('esbuild');
  const dir = join(outDir, 'size', name);
  rmSync(dir, { recursive: true, force: true });
  const { metafile } = await build({
    entryPoints: [join(benchDir, 'programs', 'size', `${name}.ts`)], outdir: dir, bundle: true, splitting: true,
    metafile: true, logLevel: 'silent', absWorkingDir: root, ...BROWSER,
  });
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((f) => outputs[f].entryPoint);
  // The chunks reachable from the entry through static imports, and through dynamic ones too. esbuild writes a chunk
  // for every import() of the modules it reads, even one in code it drops (createApi's pagination styles, in a
  // program of a generated client): a chunk that no loaded chunk imports is never downloaded, and does not count.
  const reach = (kinds) => {
    const seen = new Set();
    const visit = (f) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const i of outputs[f].imports) if (kinds.includes(i.kind)) visit(i.path);
    };
    visit(entry);
    return seen;
  };
  const initial = reach(['import-statement']);
  // What a run of the program loads: the initial chunks, plus the lazy ones only if it calls what they hold.
  // validators.js (with validate.js), imported only by a validating call, is a lazy chunk none of these programs loads.
  const validating = (f) => Object.keys(outputs[f].inputs).some((p) => /\/validators?\.|\/runtime\/validate\./.test(p));
  const uses = PAGINATES.has(name) ? [...reach(['import-statement', 'dynamic-import'])].filter((f) => !validating(f)) : [...initial];
  const sum = (files) => {
    const out = { min: 0, gzip: 0, brotli: 0, chunks: files.length };
    for (const f of files) {
      const code = readFileSync(join(root, f));
      out.min += code.length;
      out.gzip += gzipSync(code, { level: 9 }).length;
      out.brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return out;
  };
  const inputsOf = (files) => {
    const inputs = {};
    for (const f of files) for (const [p, v] of Object.entries(outputs[f].inputs)) inputs[p] = { bytesInOutput: (inputs[p]?.bytesInOutput ?? 0) + v.bytesInOutput };
    return inputs;
  };
  // parts: what the page loads first (the tree-shaking check reads it); partsUsed: every chunk the run loads.
  return { parts: parts(inputsOf(initial)), partsUsed: parts(inputsOf(uses)), ...sum(uses), initial: sum([...initial]) };
}

export async function run({ log }) {
  const rows = new Rows('6. size (min + gzip -9)');
  const missing = {};
  try {
    await Promise.all([itemsDocexSubApi(), itemsDocex()]);
  } catch (err) {
    for (const [n] of ENTRIES) if (n.startsWith('docex')) missing[n] = `docex generate of bench/fixtures/items.yaml failed: ${err.message}`;
  }
  try {
    await itemsHey();
  } catch (err) {
    missing['hey-api'] = `hey-api generate failed: ${err.message}`;
  }
  log('size: bundling');
  const sizes = {};
  for (const [name, what] of ENTRIES) {
    if (missing[name]) {
      rows.notMeasured(what, missing[name]);
      continue;
    }
    try {
      sizes[name] = await measure(name);
    } catch (err) {
      rows.notMeasured(what, err);
    }
  }
  const ref = sizes['openapi-fetch'];
  for (const [name, what] of ENTRIES) {
    const s = sizes[name];
    if (!s) continue;
    const full = PAGINATES.has(name);
    rows.add({
      figure: what,
      value: s.gzip,
      unit: 'B gzip',
      shown: `${fmt.int(s.gzip)} B gzip (${fmt.int(s.min)} B min, ${fmt.int(s.brotli)} B brotli${s.chunks > 1 ? `, ${s.chunks} chunks` : ''})`,
      ...(name === 'docex-get' || full ? { note: `min bytes by origin: ${Object.entries(full ? s.partsUsed : s.parts).map(([k, v]) => `${k} ${fmt.int(v)}`).join(', ')}` } : {}),
      ...(ref ? { ratio: s.gzip / ref.gzip, vs: 'openapi-fetch' } : {}),
      ...(name === 'docex-get-all' ? { target: `<= ${fmt.int(TARGET_BYTES)} B`, ok: s.gzip <= TARGET_BYTES } : {}),
    });
  }
  if (sizes['docex-get'] && sizes['docex-get-all']) {
    const ratio = sizes['docex-get'].gzip / sizes['docex-get-all'].gzip;
    // The program with .all() differs by a few bytes of its own code; tree-shaking works when the runtime's
    // pagination module is absent from the bundle of the program that does not paginate.
    const left = sizes['docex-get'].parts['runtime pagination'] ?? 0;
    rows.add({
      figure: 'tree-shaking: without pagination vs with',
      value: ratio,
      shown: `${fmt.int(sizes['docex-get-all'].gzip - sizes['docex-get'].gzip)} B gzip smaller; pagination module left in: ${fmt.int(left)} B min`,
      ratio,
      vs: 'with .all()',
      target: 'pagination removed',
      ok: left === 0,
    });
  }
  return { rows: rows.list, results: sizes };
}
