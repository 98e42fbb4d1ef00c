// Run as its own process (node --expose-gc): iterates every document with listDocuments.all() against the sandbox at
// argv[2] and prints {items, ms, heapBaseline, heapPeak, liveHeapPeak, rssPeak} as JSON. Bounded by argv[3] seconds.
// heapPeak: heapUsed sampled every 500 items (garbage included); liveHeapPeak: heapUsed right after a forced GC,
// every 2,000 items: what .all() really retains.
import { createDocumentClient } from '../out/generated/document/v1/index.js';
import { createTokenClient } from '../out/generated/token/index.js';

declare const gc: (() => void) | undefined;

const [, , url = '', limitSeconds = '120'] = process.argv;
const env = process.env;
const tokens = createTokenClient({ authUrl: url, clientId: env.BENCH_CLIENT_ID ?? '', clientSecret: env.BENCH_CLIENT_SECRET ?? '', onWarning: () => {} });
await tokens.signInWithPassword({ username: env.BENCH_USERNAME ?? '', password: env.BENCH_PASSWORD ?? '' });
const api = createDocumentClient({ baseUrl: `${url}/`, tokens });

if (typeof gc === 'function') gc();
const heapBaseline = process.memoryUsage().heapUsed;
let heapPeak = heapBaseline;
let liveHeapPeak = heapBaseline;
let rssPeak = process.memoryUsage().rss;
let items = 0;
let complete = true;
const start = performance.now();
const deadline = start + Number(limitSeconds) * 1000;
for await (const doc of api.listDocuments.all()) {
  if (typeof doc.id !== 'string') throw new Error('item without id');
  items++;
  if (items % 500 === 0) {
    const m = process.memoryUsage();
    heapPeak = Math.max(heapPeak, m.heapUsed);
    rssPeak = Math.max(rssPeak, m.rss);
    if (items % 2000 === 0 && typeof gc === 'function') {
      gc();
      liveHeapPeak = Math.max(liveHeapPeak, process.memoryUsage().heapUsed);
    }
    if (performance.now() > deadline) {
      complete = false;
      break;
    }
  }
}
const ms = performance.now() - start;
process.stdout.write(JSON.stringify({ items, ms, heapBaseline, heapPeak, liveHeapPeak, rssPeak, complete }) + '\n');
