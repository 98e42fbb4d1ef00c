// Figure 6: size. esbuild --bundle --minify --format=esm --platform=browser --target=es2020 of tiny browser programs
// making one authenticated GET, gzip -9 (and brotli 11) bytes: docex's generated client + token client, the same
// plus .all() pagination (tree-shaking: the program without pagination must be smaller), openapi-fetch alone,
// a hey-api 0.99 generated SDK function + client, and raw fetch (the floor).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fmt } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { benchDir, bundle, itemsDocex, itemsHey, outDir } from './lib/setup.mjs';

const BROWSER = { minify: true, format: 'esm', platform: 'browser', target: 'es2020' };
const ENTRIES = [
  ['docex-get', 'docex client + token client, one GET (no pagination)'],
  ['docex-get-all', 'docex client + token client, one GET + .all()'],
  ['openapi-fetch', 'openapi-fetch alone, one GET'],
  ['hey-api', 'hey-api generated sdk getItem + client'],
  ['fetch', 'raw fetch (floor)'],
];
const TARGET_BYTES = 5000;

/** Minified bytes by origin (esbuild's metafile), to see what a docex bundle is made of. */
function parts(inputs) {
  const out = {};
  for (const [path, { bytesInOutput }] of Object.entries(inputs)) {
    const group = /openapi-fetch/.test(path)
      ? 'openapi-fetch'
      : /templates\/token\//.test(path)
        ? 'token client'
        : /\/runtime\/pagination\./.test(path)
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

export async function run({ log }) {
  const rows = new Rows('6. size (min + gzip -9)');
  const missing = {};
  try {
    await itemsDocex();
  } catch (err) {
    missing['docex-get'] = missing['docex-get-all'] = `docex generate of bench/fixtures/items.yaml failed: ${err.message}`;
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
      const file = join(outDir, 'size', `${name}.js`);
      const { metafile } = await bundle(join(benchDir, 'programs', 'size', `${name}.ts`), file, { ...BROWSER, metafile: true });
      const code = readFileSync(file);
      sizes[name] = {
        parts: parts(Object.values(metafile.outputs)[0].inputs),
        min: code.length,
        gzip: gzipSync(code, { level: 9 }).length,
        brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
    } catch (err) {
      rows.notMeasured(what, err);
    }
  }
  const ref = sizes['openapi-fetch'];
  for (const [name, what] of ENTRIES) {
    const s = sizes[name];
    if (!s) continue;
    const full = name === 'docex-get-all';
    rows.add({
      figure: what,
      value: s.gzip,
      unit: 'B gzip',
      shown: `${fmt.int(s.gzip)} B gzip (${fmt.int(s.min)} B min, ${fmt.int(s.brotli)} B brotli)`,
      ...(name === 'docex-get' ? { note: `min bytes by origin: ${Object.entries(s.parts).map(([k, v]) => `${k} ${fmt.int(v)}`).join(', ')}` } : {}),
      ...(ref ? { ratio: s.gzip / ref.gzip, vs: 'openapi-fetch' } : {}),
      ...(full ? { target: `<= ${fmt.int(TARGET_BYTES)} B`, ok: s.gzip <= TARGET_BYTES } : {}),
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
