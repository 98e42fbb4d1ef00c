// Figure 10: the client-surface report's cost (issue 19: at most 0.5 s more on openapi/, at most 25% more on GitHub's
// description). `docex generate` into an empty folder, paired with the same command over a previous output that
// differs in every file the report reads (client.ts and schema.ts of each API with a comment added): the worst case,
// every surface read in full, before and after.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, pairedRatio, paired } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { INPUTS, docexBin, docexGenerate, filesUnder, fresh, neutralCwd, outDir, root } from './lib/setup.mjs';

const CASES = {
  'openapi/': { input: undefined, cwd: root, runs: 5, warmup: 1, budgetMs: 60_000, target: (extraMs) => ({ target: '<= +0.5 s', ok: extraMs <= 500 }) },
  github: { input: INPUTS.github.file(), cwd: neutralCwd(), runs: 3, warmup: 0, budgetMs: 120_000, target: (_, ratio) => ({ target: '<= 1.25x', ok: ratio <= 1.25 }) },
};

export async function run({ log, runs: runsOverride }) {
  const rows = new Rows('10. client-surface report');
  const results = {};
  for (const [name, c] of Object.entries(CASES)) {
    const slug = name.replace(/\W+/g, '') || 'openapi';
    const previous = await docexGenerate(c.input, join(outDir, 'surface', slug, 'previous'));
    for (const file of [...filesUnder(previous, 'client.ts'), ...filesUnder(previous, 'schema.ts')]) writeFileSync(file, `${readFileSync(file, 'utf8')}\n// an earlier output\n`);
    const out = join(outDir, 'surface', slug, 'out');
    const args = [docexBin, 'generate', ...(c.input ? ['--input', c.input] : []), '--output', out, '--quiet'];
    const variants = [
      { name: 'empty folder', args, cwd: c.cwd, timeoutMs: 240_000 },
      { name: 'over a previous output', args, cwd: c.cwd, timeoutMs: 240_000 },
    ];
    log(`surface ${name}: generate into an empty folder vs over a previous output x ${runsOverride ?? c.runs}`);
    const r = await paired(variants, {
      runs: runsOverride ?? c.runs,
      warmup: runsOverride ? 0 : c.warmup,
      budgetMs: c.budgetMs,
      before: (v) => (v.name === 'empty folder' ? fresh(out) : (fresh(out), cpSync(previous, out, { recursive: true }))),
    });
    const [empty, over] = [r['empty folder'], r['over a previous output']];
    if (empty.error || over.error || !empty.runs || !over.runs) {
      rows.notMeasured(`${name}: surface report`, empty.error ?? over.error ?? 'no run');
      continue;
    }
    const ratio = pairedRatio(over, empty);
    const extraMs = over.wallMs - empty.wallMs;
    results[name] = { emptyMs: empty.wallMs, overMs: over.wallMs, ratio };
    rows.add({ figure: `${name}: generate into an empty folder`, value: empty.wallMs, unit: 'ms', shown: `${fmt.ms(empty.wallMs)} wall, ${fmt.ms(empty.cpuMs)} cpu, n=${empty.runs}` });
    rows.add({ figure: `${name}: generate over a previous output (report)`, value: over.wallMs, unit: 'ms', shown: `${fmt.ms(over.wallMs)} wall, ${fmt.ms(over.cpuMs)} cpu, n=${over.runs}; ${extraMs >= 0 ? '+' : ''}${fmt.ms(extraMs)}`, ratio, vs: 'empty folder', ...c.target(extraMs, ratio) });
  }
  return { rows: rows.list, results };
}
