// Figure 11: the conventions linter's cost. `docex lint` of GitHub's REST description (Redocly's `recommended` plus
// the docex plugin) paired with Redocly's own `redocly lint --extends recommended` of the same file: what the docex
// rules add to the Redocly walk both make (issue 35: at most 1.25x).
import { fmt, pairedRatio, paired } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { INPUTS, binOf, docexBin, neutralCwd } from './lib/setup.mjs';

export async function run({ log, runs }) {
  const rows = new Rows('11. conventions linter');
  const file = INPUTS.github.file();
  const cwd = neutralCwd();
  const variants = [
    { name: 'docex lint', args: [docexBin, 'lint', file, '--format', 'json'], cwd, okCodes: [0, 1], timeoutMs: 240_000 },
    { name: 'redocly recommended', args: [binOf('@redocly/cli', 'redocly'), 'lint', file, '--extends', 'recommended', '--format', 'json'], cwd, okCodes: [0, 1], timeoutMs: 240_000 },
  ];
  log(`lint: docex lint vs redocly lint --extends recommended on GitHub x ${runs ?? 3}`);
  const r = await paired(variants, { runs: runs ?? 3, warmup: 0, budgetMs: 150_000 });
  const [docex, redocly] = [r['docex lint'], r['redocly recommended']];
  if (docex.error || redocly.error || !docex.runs || !redocly.runs) {
    rows.notMeasured('docex lint GitHub', String(docex.error ?? redocly.error ?? 'no run'));
    return { rows: rows.list, results: {} };
  }
  const ratio = pairedRatio(docex, redocly, 'cpuMs');
  const wallRatio = pairedRatio(docex, redocly);
  rows.add({ figure: 'redocly lint --extends recommended GitHub', value: redocly.cpuMs, unit: 'ms', shown: `${fmt.ms(redocly.cpuMs)} cpu, ${fmt.ms(redocly.wallMs)} wall, peak ${fmt.mib(redocly.maxRssKiB)}, n=${redocly.runs}` });
  rows.add({
    figure: 'docex lint GitHub (cpu)',
    value: docex.cpuMs,
    unit: 'ms',
    shown: `${fmt.ms(docex.cpuMs)} cpu, ${fmt.ms(docex.wallMs)} wall (${fmt.ratio(wallRatio)}), peak ${fmt.mib(docex.maxRssKiB)}, n=${docex.runs}`,
    ratio,
    vs: 'redocly recommended',
    target: '<= 1.25x',
    ok: ratio <= 1.25,
  });
  return { rows: rows.list, results: { docexCpuMs: docex.cpuMs, redoclyCpuMs: redocly.cpuMs, ratio, docexMs: docex.wallMs, redoclyMs: redocly.wallMs, wallRatio } };
}
