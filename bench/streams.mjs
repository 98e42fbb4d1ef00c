// Figure: typed streams (issue 47). Items per second of one SSE response read through docex's generated method
// (`for await` over the Stream, data parsed as the item schema says) and through eventsource-parser on a bare fetch
// doing the same work (decode, parse, JSON.parse of each event's data, stop at the terminal event), in the same
// process, rounds interleaved; the ratio is the median of per-round ratios. The server is a node:http server on
// 127.0.0.1 in the same process that answers each request with the same precomputed body.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, median } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { bundle, docexGenerate, outDir, root, write } from './lib/setup.mjs';

const EVENTS = 20_000;
const ROUNDS = 15;
/** Target: docex's items per second at least this fraction of the bare parser's. */
const TARGET = 0.95;

const BODY = Buffer.from(
  Array.from({ length: EVENTS }, (_, i) =>
    i % 4 === 3 ? `event: typing\ndata: {"user":"u${i}"}\n\n` : `event: message\nid: ${i}\ndata: {"id":"m${i}","text":"the quick brown fox jumps over the lazy dog ${i}"}\n\n`,
  ).join('') + 'event: done\ndata: bye\n\n',
);

export async function run({ log }) {
  const rows = new Rows('streams');
  const dir = join(outDir, 'streams');
  await docexGenerate(join(root, 'test/fixtures/streams/v32.yaml'), join(dir, 'client'));
  const entry = write(join(dir, 'entry.ts'), "export { createStreamsClient } from './client/index.js';\nexport { createParser } from 'eventsource-parser';\n");
  const mod = await import(pathToFileURL(await bundle(entry, join(dir, 'entry.mjs'))).href);
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream' }).end(BODY));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const client = mod.createStreamsClient({ baseUrl: url });

  const viaClient = async () => {
    let n = 0;
    for await (const e of await client.streamChatEvents({ chatId: 'b' })) if (e.data !== undefined) n++;
    return n;
  };
  const viaParser = async () => {
    const res = await fetch(`${url}chats/b/events`, { headers: { accept: 'text/event-stream' } });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let n = 0;
    let done = false;
    const parser = mod.createParser({
      onEvent(e) {
        if (done) return;
        const item = { data: e.event === 'message' || e.event === 'typing' ? JSON.parse(e.data) : e.data };
        if (e.event !== undefined) item.event = e.event;
        if (e.id !== undefined) item.id = e.id;
        if (item.data !== undefined) n++;
        if (e.event === 'done') done = true;
      },
    });
    while (!done) {
      const r = await reader.read();
      if (r.done) break;
      parser.feed(r.value);
    }
    await reader.cancel();
    return n;
  };

  const time = async (fn) => {
    const t = performance.now();
    const n = await fn();
    if (n !== EVENTS + 1) throw new Error(`read ${n} items, not ${EVENTS + 1}`);
    return (n / (performance.now() - t)) * 1000;
  };
  try {
    await time(viaClient);
    await time(viaParser);
    const ratios = [];
    const docex = [];
    const bare = [];
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = i % 2 ? [await time(viaClient), await time(viaParser)] : [undefined, await time(viaParser)];
      const c = a ?? (await time(viaClient));
      docex.push(c);
      bare.push(b);
      ratios.push(c / b);
    }
    const ratio = median(ratios);
    log(`streams: docex ${median(docex).toFixed(0)} items/s, eventsource-parser ${median(bare).toFixed(0)} items/s`);
    rows.add({ figure: 'SSE items/s through the generated method (typed, JSON data parsed)', shown: `${fmt.int(median(docex))} items/s`, ratio, vs: 'eventsource-parser on fetch', target: `>= ${TARGET}x`, ok: ratio >= TARGET });
    rows.add({ figure: 'eventsource-parser on a bare fetch, the same work', shown: `${fmt.int(median(bare))} items/s`, ratio: 1, vs: 'eventsource-parser on fetch' });
    return { rows: rows.list, results: { events: EVENTS, rounds: ROUNDS, docexItemsPerSecond: median(docex), bareItemsPerSecond: median(bare), ratio } };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
