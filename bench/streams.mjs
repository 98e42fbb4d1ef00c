// Figure 16: typed streams (issue 47). Items per second of one SSE response read through docex's generated method
// (`for await` over the Stream, data parsed as the item schema says) and through eventsource-parser on a bare fetch
// doing the same work (decode, parse, JSON.parse of the data of the events whose schema says JSON, build the item,
// stop at the terminal event): its callbacks with no await per item (judged: the stricter reading, as no loop pays a
// turn per item), and its own EventSourceParserStream read with `for await` (for information: items handed to a loop one
// by one, as docex's are). Same process, rounds rotated; the ratio is the median of per-round ratios. The server is a
// node:http server on 127.0.0.1 in the same process that answers each request with the same precomputed body.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fmt, median } from './lib/measure.mjs';
import { Rows } from './lib/report.mjs';
import { bundle, docexGenerate, outDir, root, write } from './lib/setup.mjs';

const EVENTS = 20_000;
const ROUNDS = 15;
/** Target: docex's items per second at least this fraction of the bare parser's with callbacks. */
const TARGET = 0.95;

const BODY = Buffer.from(
  Array.from({ length: EVENTS }, (_, i) =>
    i % 4 === 3 ? `event: typing\ndata: {"user":"u${i}"}\n\n` : `event: message\nid: ${i}\ndata: {"id":"m${i}","text":"the quick brown fox jumps over the lazy dog ${i}"}\n\n`,
  ).join('') + 'event: done\ndata: bye\n\n',
);

export async function run({ log }) {
  const rows = new Rows('16. streams');
  const dir = join(outDir, 'streams');
  await docexGenerate(join(root, 'test/fixtures/streams/v32.yaml'), join(dir, 'client'));
  const entry = write(join(dir, 'entry.ts'), "export { createStreamsClient } from './client/index.js';\nexport { createParser } from 'eventsource-parser';\nexport { EventSourceParserStream } from 'eventsource-parser/stream';\n");
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
  // The body decoded as docex decodes it, by a TextDecoder on its reader (a TextDecoderStream between them made no
  // difference to the best rounds).
  const viaCallbacks = async () => {
    const res = await fetch(`${url}chats/b/events`, { headers: { accept: 'text/event-stream' } });
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
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
      parser.feed(decoder.decode(r.value, { stream: true }));
    }
    await reader.cancel();
    return n;
  };

  // eventsource-parser's own stream, read with `for await` as the docex client is: the same work, item by item.
  const viaParserStream = async () => {
    const res = await fetch(`${url}chats/b/events`, { headers: { accept: 'text/event-stream' } });
    const events = res.body.pipeThrough(new TextDecoderStream()).pipeThrough(new mod.EventSourceParserStream());
    let n = 0;
    for await (const e of events) {
      const item = { data: e.event === 'message' || e.event === 'typing' ? JSON.parse(e.data) : e.data };
      if (e.event !== undefined) item.event = e.event;
      if (e.id !== undefined) item.id = e.id;
      if (item.data !== undefined) n++;
      if (e.event === 'done') break;
    }
    return n;
  };

  /** Items per second of one read, by the wall clock; `cpu` gets them by the process's CPU time (server included,
   *  the same for every variant), which the machine's other work disturbs less. */
  const cpu = {};
  const time = async (fn, name) => {
    const c = process.cpuUsage();
    const t = performance.now();
    const n = await fn();
    if (n !== EVENTS + 1) throw new Error(`read ${n} items, not ${EVENTS + 1}`);
    const used = process.cpuUsage(c);
    if (name) (cpu[name] ??= []).push((n / ((used.user + used.system) / 1000)) * 1000);
    return (n / (performance.now() - t)) * 1000;
  };
  try {
    const variants = { docex: viaClient, stream: viaParserStream, callbacks: viaCallbacks };
    for (const fn of Object.values(variants)) await time(fn);
    const got = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
    const names = Object.keys(variants);
    for (let i = 0; i < ROUNDS; i++) {
      // Rotated each round, so that no variant always runs first.
      for (let j = 0; j < names.length; j++) {
        const name = names[(i + j) % names.length];
        got[name].push(await time(variants[name], name));
      }
    }
    const ratioTo = (other) => median(got.docex.map((d, i) => d / got[other][i]));
    const ratio = ratioTo('callbacks');
    const cpuRatio = median(cpu.docex.map((d, i) => d / cpu.callbacks[i]));
    const toStream = ratioTo('stream');
    const m = (name) => median(got[name]);
    log(`streams: docex ${m('docex').toFixed(0)} items/s, callbacks ${m('callbacks').toFixed(0)}, EventSourceParserStream ${m('stream').toFixed(0)}`);
    rows.add({ figure: 'SSE items/s through the generated method (typed, JSON data parsed)', shown: `${fmt.int(m('docex'))} items/s`, ratio, vs: 'eventsource-parser callbacks', target: `>= ${TARGET}x`, ok: ratio >= TARGET });
    rows.add({ figure: 'the same by CPU time (for information: steadier on a loaded machine)', shown: `${fmt.int(median(cpu.docex))} items/s`, ratio: cpuRatio, vs: 'eventsource-parser callbacks' });
    rows.add({ figure: 'eventsource-parser callbacks on fetch, no per-item await, the same work', shown: `${fmt.int(m('callbacks'))} items/s`, ratio: 1, vs: 'eventsource-parser callbacks' });
    rows.add({ figure: "docex against eventsource-parser's EventSourceParserStream on fetch, for await, the same work", shown: `${fmt.int(m('stream'))} items/s`, ratio: toStream, vs: 'docex / parser stream' });
    return { rows: rows.list, results: { events: EVENTS, rounds: ROUNDS, itemsPerSecond: { docex: m('docex'), parserCallbacks: m('callbacks'), parserStream: m('stream') }, ratio, cpuRatio, ratioToParserStream: toStream } };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
