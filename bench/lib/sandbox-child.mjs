// The docex sandbox in a forked child (so the client under test has its process to itself). Options come as JSON in
// argv[2]; its clock is Date.now() + an offset the parent moves with {advance: ms}. Messages:
//   {advance: ms} -> {ok}      {stats: true} -> {stats}      {resetStats: true} -> {ok}
//   {memory: true} -> {memory: {rss, heapUsed}} (bytes; heapUsed after a full GC, which --expose-gc allows)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [, , rootDir, json] = process.argv;
const { startSandbox, DEFAULT_CREDENTIALS } = await import(pathToFileURL(join(rootDir, 'dist/generator/sandbox/index.js')).href);
let offset = 0;
const started = performance.now();
const sandbox = await startSandbox({ ...JSON.parse(json || '{}'), now: () => Date.now() + offset });
process.send({ url: sandbox.url, credentials: DEFAULT_CREDENTIALS, startMs: performance.now() - started });
process.on('message', (m) => {
  if (m.advance) {
    offset += m.advance;
    process.send({ ok: true });
  } else if (m.stats) process.send({ stats: { ...sandbox.authority.stats } });
  else if (m.memory) {
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send({ memory: { rss, heapUsed } });
  }
  else if (m.resetStats) {
    sandbox.authority.resetStats();
    process.send({ ok: true });
  }
});
process.on('disconnect', () => sandbox.close().finally(() => process.exit(0)));
