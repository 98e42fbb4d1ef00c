// Figure 5: breaking-change check. `docex diff` of GitHub's REST description (13 MB) against a copy with a handful of
// deliberate changes (some breaking, some not): wall time and peak RSS, paired with the same diff of the description
// against an identical copy and with a floor that only reads and parses both files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, pairedRatio, paired } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { INPUTS, docexBin, neutralCwd, outDir, write } from './lib/setup.mjs';

/** Deterministic edits; each names what it does and whether a client breaks. */
const EDITS = [
  ['remove path /emojis', true, (d) => delete d.paths['/emojis']],
  ['add a required query parameter to GET /user', true, (d) => d.paths['/user'].get.parameters = [...(d.paths['/user'].get.parameters ?? []), { name: 'bench_required', in: 'query', required: true, schema: { type: 'string' } }]],
  ['change simple-user.login from string to integer', true, (d) => (d.components.schemas['simple-user'].properties.login = { type: 'integer' })],
  ['add optional property simple-user.bench_extra', false, (d) => (d.components.schemas['simple-user'].properties.bench_extra = { type: 'string' })],
  ['add path /bench-new', false, (d) => (d.paths['/bench-new'] = { get: { operationId: 'bench/new', responses: { 200: { description: 'OK' } } } })],
];

export async function run({ log, runs }) {
  const rows = new Rows('5. breaking-change check');
  const base = INPUTS.github.file();
  const doc = JSON.parse(readFileSync(base, 'utf8'));
  const applied = [];
  for (const [what, breaking, edit] of EDITS) {
    try {
      edit(doc);
      applied.push({ what, breaking });
    } catch {
      /* the description changed shape: skip this edit (listed in results.json) */
    }
  }
  const head = write(join(outDir, 'diff', 'github-changed.json'), JSON.stringify(doc));
  const same = write(join(outDir, 'diff', 'github-same.json'), readFileSync(base, 'utf8'));
  const floor = write(
    join(outDir, 'diff', 'parse-floor.mjs'),
    `import { readFileSync } from 'node:fs';\nfor (const f of process.argv.slice(2)) JSON.parse(readFileSync(f, 'utf8'));\n`,
  );
  const cwd = neutralCwd();
  const variants = [
    { name: 'changed', args: [docexBin, 'diff', base, head, '--format', 'json'], cwd, okCodes: [0, 1], timeoutMs: 240_000 },
    { name: 'identical', args: [docexBin, 'diff', base, same, '--format', 'json'], cwd, okCodes: [0, 1], timeoutMs: 240_000 },
    { name: 'floor', args: [floor, base, head], cwd, timeoutMs: 60_000 },
  ];
  log(`diff: docex diff of GitHub (${applied.length} edits) vs identical copy vs parse floor`);
  const r = await paired(variants, { runs: runs ?? 3, warmup: 0, budgetMs: 120_000 });
  const results = { edits: applied };
  for (const v of ['changed', 'identical']) {
    const x = r[v];
    if (x.error || !x.runs) {
      rows.notMeasured(`docex diff GitHub vs ${v} copy`, x.error ?? 'no run');
      continue;
    }
    let found = '';
    let ok;
    try {
      const report = JSON.parse(x.samples.at(-1).stdout);
      const breaking = report.changes.filter((c) => c.level === 'breaking').length;
      results[v] = { exitCode: x.samples.at(-1).code, breaking: report.breaking, changes: report.changes.length, breakingChanges: breaking };
      found = `; ${report.changes.length} changes, ${breaking} breaking, exit ${x.samples.at(-1).code}`;
      const want = v === 'changed' ? applied.filter((a) => a.breaking).length : 0;
      ok = v === 'changed' ? report.breaking && breaking >= want : !report.breaking && report.changes.length === 0;
    } catch {
      found = '; output is not the documented JSON';
      ok = false;
    }
    rows.add({
      figure: `docex diff GitHub vs ${v} copy`,
      value: x.wallMs,
      unit: 'ms',
      shown: `${fmt.ms(x.wallMs)} wall, ${fmt.ms(x.cpuMs)} cpu, peak ${fmt.mib(x.maxRssKiB)}, n=${x.runs}${found}`,
      ratio: r.floor?.runs ? pairedRatio(x, r.floor) : undefined,
      vs: r.floor?.runs ? 'read+JSON.parse both' : undefined,
      target: v === 'changed' ? `finds the ${applied.filter((a) => a.breaking).length} breaking edits` : 'no change',
      ok,
    });
  }
  if (r.floor?.runs) rows.add({ figure: 'floor: read + JSON.parse both files', value: r.floor.wallMs, unit: 'ms', shown: `${fmt.ms(r.floor.wallMs)} wall, peak ${fmt.mib(r.floor.maxRssKiB)}` });
  results.runs = JSON.parse(JSON.stringify(r, (k, v) => (k === 'stdout' ? undefined : k === 'error' ? String(v?.message ?? v) : v)));
  return { rows: rows.list, results };
}
