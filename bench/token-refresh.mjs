// Figure 4: token refresh under load. 1,000 concurrent listDocuments calls through one token client whose access
// token has expired, against the sandbox in a child process (both clocks moved forward, no waiting):
// - "expired": the client's clock knows the token expired (proactive refresh in getAccessToken);
// - "rejected": only the server's clock moved, so every call gets 401 and refreshAfterUnauthorized must share one refresh.
// Refresh requests are counted by the sandbox's token authority (must be 1 per batch); latency is compared with a
// batch whose token is valid, in interleaved rounds.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, median, percentile } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { startSandboxChild } from './lib/sandbox.mjs';
import { benchDir, bundle, outDir, ownGenerated } from './lib/setup.mjs';

const CALLS = 1000;
const ROUNDS = 5;
const TTL_SECONDS = 300;
const SCENARIOS = ['valid', 'expired', 'rejected'];

export async function run({ log, runs }) {
  const rows = new Rows('4. token refresh under load');
  try {
    await ownGenerated();
  } catch (err) {
    rows.notMeasured('1,000 concurrent calls, expired token', `docex generate of openapi/ failed: ${err.message}`);
    return { rows: rows.list, results: {} };
  }
  const file = await bundle(join(benchDir, 'programs', 'token-load.ts'), join(outDir, 'programs', 'token-load.mjs'));
  const { signedInClient } = await import(`${pathToFileURL(file).href}?${Date.now()}`);
  const sandbox = await startSandboxChild({ accessTokenTtlSeconds: TTL_SECONDS, documentCount: 100 });
  const results = Object.fromEntries(SCENARIOS.map((s) => [s, []]));
  try {
    let clientOffset = 0;
    const clock = () => Date.now() + clientOffset;
    const c = sandbox.credentials;
    const warm = await signedInClient(sandbox.url, c, clock);
    await warm.batch(CALLS); // warm-up: JIT, and a pool of sockets as large as a batch
    const nRounds = runs ?? ROUNDS;
    log(`token refresh: ${CALLS} concurrent calls x ${SCENARIOS.join('/')} x ${nRounds} rounds`);
    const startedAt = Date.now();
    for (let r = 0; r < nRounds && Date.now() - startedAt < 120_000; r++) {
      for (let i = 0; i < SCENARIOS.length; i++) {
        const scenario = SCENARIOS[(i + r) % SCENARIOS.length];
        const client = await signedInClient(sandbox.url, c, clock);
        const jump = (TTL_SECONDS + 60) * 1000;
        if (scenario !== 'valid') await sandbox.advance(jump);
        if (scenario === 'expired') clientOffset += jump;
        await sandbox.resetStats();
        const b = await client.batch(CALLS);
        const stats = await sandbox.stats();
        results[scenario].push({
          wallMs: b.wallMs,
          p50: percentile(b.latencies, 50),
          p99: percentile(b.latencies, 99),
          refreshes: stats.refreshes,
          tokenRequests: stats.tokenRequests,
          calls: b.latencies.length,
        });
      }
    }
  } finally {
    await sandbox.close();
  }
  const valid = results.valid;
  for (const s of SCENARIOS) {
    const rs = results[s];
    if (!rs.length) continue;
    const p50 = median(rs.map((x) => x.p50));
    const wall = median(rs.map((x) => x.wallMs));
    const refreshes = rs.map((x) => x.refreshes);
    // Batches last milliseconds, so neighbouring rounds see the same load: compare medians, not per-round pairs.
    const addedP50 = p50 - median(valid.map((x) => x.p50));
    const wallRatio = wall / median(valid.map((x) => x.wallMs));
    const expected = s === 'valid' ? 0 : 1;
    rows.add({
      figure: `${fmt.int(CALLS)} concurrent, ${s === 'valid' ? 'valid token' : s === 'expired' ? 'expired (client knows)' : 'rejected with 401'}: refresh requests`,
      value: Math.max(...refreshes),
      shown: `${refreshes.join(', ')} (per batch, n=${rs.length})`,
      target: `${expected} per batch`,
      ok: refreshes.every((x) => x === expected),
    });
    rows.add({
      figure: `${fmt.int(CALLS)} concurrent, ${s}: batch wall`,
      value: wall,
      unit: 'ms',
      shown: `${fmt.ms(wall)}, call p50 ${fmt.ms(p50)}, p99 ${fmt.ms(median(rs.map((x) => x.p99)))}${s === 'valid' ? '' : `; adds ${fmt.ms(addedP50)} at p50`}`,
      ratio: wallRatio,
      vs: 'valid token',
    });
  }
  return { rows: rows.list, results };
}
