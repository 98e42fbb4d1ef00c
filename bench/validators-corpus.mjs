// Validators' breadth (issue 48): validators.js of every document of bench/corpus-sample.json rendered from its model
// (emit/validators-file.ts, from dist/) after its shared start (templates/validators/checks.ts, as generate writes
// it), passed by the syntax gate, loaded, and each `schemas.X` run once on `{}`; a document counts when all of it works. Prints the count and each warning of what a check does
// not assert. `node bench/validators-corpus.mjs` (after `npm run build`; the corpus as bench/corpus.mjs fetches it).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusDir } from './corpus.mjs';
import { benchDir, outDir, root } from './lib/setup.mjs';

const { bundleFile, repairedForTypes } = await import(pathToFileURL(join(root, 'dist/generator/load/index.js')).href);
const { buildApiModel } = await import(pathToFileURL(join(root, 'dist/generator/model/index.js')).href);
const { renderValidators } = await import(pathToFileURL(join(root, 'dist/generator/emit/validators-file.js')).href);
const { readTemplates } = await import(pathToFileURL(join(root, 'dist/generator/typescript/package-templates.js')).href);
const { jsSyntaxError } = await import(pathToFileURL(join(root, 'dist/generator/typescript/syntax-gate.js')).href);

const start = readTemplates().validators;
const dir = join(outDir, 'validators-corpus');
mkdirSync(dir, { recursive: true });
const api = corpusDir(console.error);
const { documents } = JSON.parse(readFileSync(join(benchDir, 'corpus-sample.json'), 'utf8'));
let ok = 0;
const failed = [];
const warnings = [];
let bytes = 0;
let ms = 0;
for (const [i, rel] of documents.entries()) {
  const file = join(api, rel);
  try {
    const { document } = repairedForTypes(await bundleFile(file, { mode: 'foreign' }));
    const model = buildApiModel(document, { id: '', name: 'x', apiPath: '', source: rel, naming: {}, pagination: {} });
    const t = performance.now();
    const v = renderValidators(document, model, rel);
    ms += performance.now() - t;
    bytes += v.text.length;
    warnings.push(...v.warnings.map((w) => `${rel} ${w.at.pointer}: ${w.message}`));
    const text = start + v.text;
    const error = jsSyntaxError(text);
    if (error) throw new Error(error);
    const path = join(dir, `v${i}.js`);
    writeFileSync(path, text);
    const mod = await import(pathToFileURL(path).href);
    for (const s of Object.values(mod.schemas)) s['~standard'].validate({});
    ok++;
  } catch (err) {
    failed.push(`${rel}: ${String(err?.message ?? err).split('\n')[0]}`);
  }
}
console.log(`validators: ${ok} of ${documents.length} documents (${((100 * ok) / documents.length).toFixed(1)}%), ${Math.round(bytes / 1024)} KB in all, rendered in ${Math.round(ms)} ms`);
for (const f of failed) console.log(`  not carried: ${f}`);
console.log(`${warnings.length} warnings`);
for (const w of warnings.slice(0, 40)) console.log(`  ${w}`);
