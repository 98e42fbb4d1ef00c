// Figure 3: pagination. listDocuments.all() over every document of the sandbox, with 10,000 and with 100,000
// documents (the sandbox's own collection, startSandbox({documentCount})). The client runs in its own process
// (--expose-gc): items per second, and the peak live heap (heapUsed after a forced GC every 2,000 items): it must
// stay flat as the collection grows, since .all() holds one page at a time.
import { join } from 'node:path';
import { fmt, runOnce } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { startSandboxChild } from './lib/sandbox.mjs';
import { benchDir, bundle, neutralCwd, outDir, ownGenerated } from './lib/setup.mjs';

const SIZES = [10_000, 100_000];
const LIMIT_SECONDS = 150;
const mib = (b) => `${(b / 2 ** 20).toFixed(1)} MiB`;

export async function run({ log }) {
  const rows = new Rows('3. pagination');
  try {
    await ownGenerated();
  } catch (err) {
    rows.notMeasured('.all() over the sandbox', `docex generate of openapi/ failed: ${err.message}`);
    return { rows: rows.list, results: {} };
  }
  const program = await bundle(join(benchDir, 'programs', 'paginate.ts'), join(outDir, 'programs', 'paginate.mjs'));
  const results = {};
  for (const n of SIZES) {
    let sandbox;
    try {
      sandbox = await startSandboxChild({ documentCount: n });
      log(`pagination: sandbox with ${fmt.int(n)} documents up in ${fmt.ms(sandbox.startMs)}; iterating`);
      const c = sandbox.credentials;
      const r = await runOnce({
        args: ['--expose-gc', program, sandbox.url, String(LIMIT_SECONDS)],
        cwd: neutralCwd(),
        env: { BENCH_CLIENT_ID: c.clientId, BENCH_CLIENT_SECRET: c.clientSecret, BENCH_USERNAME: c.username, BENCH_PASSWORD: c.password },
        timeoutMs: (LIMIT_SECONDS + 60) * 1000,
      });
      const out = JSON.parse(r.stdout.trim().split('\n').at(-1));
      results[n] = { ...out, processPeakRssKiB: r.maxRssKiB, sandboxStartMs: sandbox.startMs };
    } catch (err) {
      rows.notMeasured(`.all() over ${fmt.int(n)} documents`, err);
    } finally {
      await sandbox?.close();
    }
  }
  const small = results[SIZES[0]];
  for (const n of SIZES) {
    const r = results[n];
    if (!r) continue;
    const vsSmall = n !== SIZES[0] && small;
    const ips = (r.items / r.ms) * 1000;
    rows.add({
      figure: `.all() over ${fmt.int(n)} documents: items/s`,
      value: ips,
      unit: 'items/s',
      shown: `${fmt.int(ips)} items/s (${fmt.int(r.items)} items in ${fmt.ms(r.ms)}${r.complete ? '' : `, stopped at the ${LIMIT_SECONDS} s limit`})`,
      ...(vsSmall ? { ratio: ips / ((small.items / small.ms) * 1000), vs: `${fmt.int(SIZES[0])} documents` } : {}),
    });
    const liveRatio = vsSmall ? r.liveHeapPeak / small.liveHeapPeak : undefined;
    rows.add({
      figure: `.all() over ${fmt.int(n)} documents: peak live heap`,
      value: r.liveHeapPeak,
      unit: 'bytes',
      shown: `${mib(r.liveHeapPeak)} after GC (start ${mib(r.heapBaseline)}); heapUsed peak ${mib(r.heapPeak)} with garbage; RSS ${fmt.mib(r.processPeakRssKiB)}`,
      ...(vsSmall ? { ratio: liveRatio, vs: `${fmt.int(SIZES[0])} documents`, target: '<= 1.25x (flat)', ok: liveRatio <= 1.25 } : {}),
    });
  }
  return { rows: rows.list, results };
}
