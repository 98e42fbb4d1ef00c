// One client variant of the client-overhead benchmark, in a process of its own. A program runs one HTTP client;
// variants sharing a process also share V8's feedback for undici's code, and fetch's Request constructor, fed the
// RequestInit shapes of four clients, deoptimises for all of them, so that each variant's figure depends on which
// others run beside it. The parent (bench/client-overhead.mjs) sends one message per round and gets its result back.
import { pathToFileURL } from 'node:url';
import { loop, percentile } from './measure.mjs';

const { file, make, variant, baseUrl, stubBody, ids } = JSON.parse(process.argv[2]);

// In-process stub: a fresh Response at once, no socket; isolates the client's own cost.
const stub = () =>
  Promise.resolve(new Response(stubBody, { status: 200, headers: { 'content-type': 'application/json', etag: '"v1"' } }));

const mod = await import(pathToFileURL(file).href);
const fetchImpl = baseUrl ? undefined : stub;
const url = baseUrl ?? 'http://127.0.0.1:9/';
const call = make === 'makeHey' ? mod.makeHey(url, fetchImpl) : mod.makeVariants(url, fetchImpl)[variant];
if (typeof call !== 'function') throw new Error(`no variant ${variant} in ${file}`);
const byIndex = (i) => call(String(i % ids));

async function concurrent({ count, ms, workers }) {
  let next = 0;
  const start = performance.now();
  const end = start + ms;
  const worker = async () => {
    while (next < count && performance.now() < end) await call(String(next++ % ids));
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return { calls: next, ms: performance.now() - start };
}

/** One round: throughput or µs per call, with this process's CPU time per call. */
async function measure({ op, ...limits }) {
  if (op === 'warm') return loop(byIndex, limits);
  // A full collection first, so that a round does not pay for the garbage of the one before it.
  globalThis.gc();
  const before = process.cpuUsage();
  let r;
  if (op === 'sequential') {
    const run = await loop(byIndex, { ...limits, latencies: true });
    const lat = run.latenciesUs.sort((a, b) => a - b);
    r = { rps: (run.calls / run.ms) * 1000, p50: percentile(lat, 50), p99: percentile(lat, 99), calls: run.calls };
  } else if (op === 'concurrent') {
    const run = await concurrent(limits);
    r = { rps: (run.calls / run.ms) * 1000, calls: run.calls };
  } else {
    const run = await loop(byIndex, limits);
    r = { us: (run.ms * 1000) / run.calls, calls: run.calls };
  }
  const used = process.cpuUsage(before);
  return { ...r, cpuUs: (used.user + used.system) / r.calls };
}

process.on('message', (msg) => {
  measure(msg).then(
    (result) => process.send({ result }),
    (err) => process.send({ error: String(err?.stack ?? err) }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
