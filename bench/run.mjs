#!/usr/bin/env node
// `npm run bench`: docex measured against its peers in one run. Prints a table of every figure with its ratio against
// the peers measured in the same run, and writes bench/results.json. See bench/README.md.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { printTable } from './lib/report.mjs';
import { PEERS } from './lib/peers.mjs';
import { benchDir, versionOf } from './lib/setup.mjs';

const BENCHES = ['generation', 'client-overhead', 'pagination', 'pagination-coverage', 'token-refresh', 'diff', 'size', 'fuzz', 'sandbox', 'surface', 'lint', 'impact', 'editor', 'streams', 'validation'];
/** Run only when named in --only: the corpus takes far longer than the rest together. */
const ON_REQUEST = ['corpus', 'calls'];

const HELP = `Usage: npm run bench [-- --only NAME[,NAME]] [--inputs document/v1,github,figma] [--runs N]

  --only    run only these benchmarks: ${BENCHES.join(', ')}; and ${ON_REQUEST.join(', ')}, never run by default
  --corpus-all  corpus: all 2,639 documents instead of the 300 of bench/corpus-sample.json
  calls: DOCEX_CALLS_BEFORE=<another docex checkout, built> calls its clients too, in the same run
  --inputs  generation: only these inputs (default all three)
  --runs    override the number of measured runs/rounds (a quick look; no warm-up)
`;

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    inputs: { type: 'string' },
    runs: { type: 'string' },
    'corpus-all': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const only = values.only?.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean);
for (const name of only ?? []) {
  if (!BENCHES.includes(name) && !ON_REQUEST.includes(name)) {
    process.stderr.write(`unknown benchmark "${name}"; one of: ${[...BENCHES, ...ON_REQUEST].join(', ')}\n`);
    process.exit(2);
  }
}
const runs = values.runs ? Math.max(1, Number.parseInt(values.runs, 10) || 1) : undefined;
const log = (line) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const started = Date.now();
const rows = [];
const details = {};
for (const name of [...BENCHES, ...ON_REQUEST]) {
  if (only ? !only.includes(name) : ON_REQUEST.includes(name)) continue;
  log(`${name} ...`);
  const t = Date.now();
  try {
    const mod = await import(`./${name}.mjs`);
    const out = await mod.run({ log, runs, only: name === 'generation' ? values.inputs?.split(',') : undefined, corpusAll: values['corpus-all'] === true });
    rows.push(...out.rows);
    details[name] = { seconds: (Date.now() - t) / 1000, ...out.results };
  } catch (err) {
    rows.push({ bench: name, figure: 'whole benchmark', shown: 'not measured', note: String(err?.message ?? err).split('\n')[0] });
    details[name] = { seconds: (Date.now() - t) / 1000, error: String(err?.stack ?? err) };
  }
  log(`${name} done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
const totalSeconds = (Date.now() - started) / 1000;

const env = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} x ${cpus()[0]?.model ?? '?'}`,
  loadavgAtEnd: loadavg().map((l) => Number(l.toFixed(2))),
  versions: Object.fromEntries(
    ['openapi-typescript', 'openapi-fetch', 'typescript', 'esbuild', '@octokit/openapi', '@figma/rest-api-spec'].map((p) => {
      try {
        return [p, versionOf(p)];
      } catch {
        return [p, 'missing'];
      }
    }).concat(Object.entries(PEERS).map(([p, { version }]) => [p, version])),
  ),
};
process.stdout.write(`\ndocex benchmarks: ${env.date}, Node ${env.node}, ${env.cpus}, load ${env.loadavgAtEnd.join(' ')}\n`);
process.stdout.write('Ratios compare variants measured in the same run (paired, interleaved); absolute values are for information.\n\n');
printTable(rows);
process.stdout.write(`\ntotal ${totalSeconds.toFixed(0)} s; results in bench/results.json\n`);
writeFileSync(join(benchDir, 'results.json'), JSON.stringify({ ...env, totalSeconds, rows, details }, null, 2) + '\n');
const failed = rows.filter((r) => r.ok === false).length;
if (failed) process.stdout.write(`${failed} figure(s) miss their target (ok = NO).\n`);
