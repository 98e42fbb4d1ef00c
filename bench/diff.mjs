// Figure 5: breaking-change check. `docex diff` of GitHub's REST description (13 MB) against the copy with ten
// scattered changes that test/diff/github.test.ts checks (issue 7): wall time, peak RSS and how many of the ten it
// found, paired with the same diff against an identical copy and with a floor that only reads and parses both files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, pairedRatio, paired } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { applyTenChanges, countFound } from './lib/github-ten-changes.mjs';
import { INPUTS, docexBin, neutralCwd, outDir, write } from './lib/setup.mjs';

export async function run({ log, runs }) {
  const rows = new Rows('5. breaking-change check');
  const base = INPUTS.github.file();
  const doc = JSON.parse(readFileSync(base, 'utf8'));
  const expected = applyTenChanges(doc);
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
  log(`diff: docex diff of GitHub (${expected.length} changes) vs identical copy vs parse floor`);
  const r = await paired(variants, { runs: runs ?? 3, warmup: 0, budgetMs: 120_000 });
  const results = { expected };
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
      const hits = countFound(expected, report.changes);
      results[v] = { exitCode: x.samples.at(-1).code, breaking: report.breaking, changes: report.changes.length, breakingChanges: breaking, found: hits };
      found = v === 'changed' ? `; found ${hits}/${expected.length}, exit ${x.samples.at(-1).code}` : `; ${report.changes.length} changes, exit ${x.samples.at(-1).code}`;
      ok = v === 'changed' ? report.breaking && hits === expected.length : !report.breaking && report.changes.length === 0;
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
      target: v === 'changed' ? `finds all ${expected.length} changes` : 'no change',
      ok,
    });
  }
  if (r.floor?.runs) rows.add({ figure: 'floor: read + JSON.parse both files', value: r.floor.wallMs, unit: 'ms', shown: `${fmt.ms(r.floor.wallMs)} wall, peak ${fmt.mib(r.floor.maxRssKiB)}` });
  results.runs = JSON.parse(JSON.stringify(r, (k, v) => (k === 'stdout' ? undefined : k === 'error' ? String(v?.message ?? v) : v)));
  return { rows: rows.list, results };
}
