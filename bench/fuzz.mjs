// Figure 7: the sandbox fuzzed from its own documents (test/reliability/fuzz-kit.ts) at scale: 50,000 requests
// (`--runs N`: N thousand), requests/s and every failure with the seed that replays it. Each seed starts a fresh
// sandbox, configured as the test's, so `FUZZ_SEED=<seed> FUZZ_RUNS=<runs> npx vitest run test/reliability/fuzz.test.ts`
// replays it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { bundle, outDir, root } from './lib/setup.mjs';

const FIRST_SEED = 20261125;
const RUNS_PER_SEED = 2000;

export async function run({ log, runs }) {
  const rows = new Rows('7. sandbox fuzzing');
  const target = (runs ?? 50) * 1000;
  const kit = await bundle(join(root, 'test/reliability/fuzz-kit.ts'), join(outDir, 'fuzz', 'kit.mjs'), { packages: 'external' });
  const { openFuzzer, fuzz } = await import(`${pathToFileURL(kit).href}?${Date.now()}`);
  const failures = [];
  let requests = 0;
  let ms = 0;
  const startedAt = Date.now();
  for (let seed = FIRST_SEED; requests < target && Date.now() - startedAt < 30 * 60_000; seed++) {
    const { fuzzer, close } = await openFuzzer(join(root, 'openapi'));
    const before = performance.now();
    const details = await fuzz(fuzzer, seed, Math.min(RUNS_PER_SEED, Math.ceil((target - requests) / 6)));
    ms += performance.now() - before;
    requests += fuzzer.requests;
    await close();
    if (details.failed) {
      failures.push({ seed, runs: details.numRuns, path: details.counterexamplePath, error: String(details.errorInstance).split('\n').slice(0, 3).join(' | ') });
      log(`fuzz: seed ${seed} failed after ${details.numRuns} runs: ${failures.at(-1).error}`);
    }
    log(`fuzz: ${fmt.int(requests)} requests, ${failures.length} failure(s)`);
  }
  rows.add({ figure: 'requests sent (every answer checked)', value: requests, shown: fmt.int(requests) });
  rows.add({ figure: 'requests/s (fuzzer and sandbox in one process)', value: (requests / ms) * 1000, shown: fmt.int((requests / ms) * 1000) });
  rows.add({
    figure: 'failures',
    value: failures.length,
    shown: String(failures.length),
    target: '0',
    ok: failures.length === 0,
    ...(failures.length && { note: failures.map((f) => `FUZZ_SEED=${f.seed} FUZZ_RUNS=${f.runs}: ${f.error}`).join('; ').slice(0, 400) }),
  });
  return { rows: rows.list, results: { requests, ms, failures } };
}
