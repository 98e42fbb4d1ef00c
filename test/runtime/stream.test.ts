// Typed streams (issue 47) through a client generated from test/fixtures/streams/, against a real HTTP server on
// 127.0.0.1: items one by one before the end, a loop left closes the connection, an idle stream times out, JSON Lines,
// resume with Last-Event-ID only where faithful, hostile bodies (random splits, endless lines).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocex } from '../helpers/run-docex.js';
import { outRoot, typecheck } from '../generator/helpers.js';
import { writeFileSync } from 'node:fs';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let baseUrl = '';
// The generated clients, loaded at run time: their types are the first test's (a tsc run over them).
type Loaded = any;
let v32: Loaded;
let v31: Loaded;

// The clients, each beside the type-level check that imports it.
const V32 = join(outRoot, 'streams-v32', 'client');
const V31 = join(outRoot, 'streams-v31', 'client');

beforeAll(async () => {
  for (const [file, out] of [
    ['test/fixtures/streams/v32.yaml', V32],
    ['test/fixtures/streams/v31.yaml', V31],
  ] as const) {
    const r = await runDocex(['generate', '--input', file, '--output', out, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
  }
  v32 = await import(join(V32, 'index.ts'));
  v31 = await import(join(V31, 'index.ts'));
  server = createServer((req, res) => {
    const h = routes.get(`${req.method} ${req.url}`);
    if (h) h(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}, 120_000);
afterAll(() => new Promise<void>((r) => (server ? (server.closeAllConnections(), server.close(() => r())) : r())));

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
const client = () => v32.createStreamsClient({ baseUrl });
/** Resolves when the server sees the request's connection close. */
const closed = (res: ServerResponse) => new Promise<number>((r) => res.on('close', () => r(Date.now())));

describe('typed streams', () => {
  it('types items from itemSchema: a union discriminated on `event`, `data` as its contentSchema', () => {
    writeFileSync(
      join(V32, '..', 'check.ts'),
      `import { createStreamsClient, type Stream } from './client/index.js';
import type { components } from './client/schema.js';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const ok = <T extends true>(_: T) => {};
export async function check() {
  const api = createStreamsClient();
  const events = await api.streamChatEvents({ chatId: 'c' });
  for await (const e of events) {
    if (e.event === 'message') ok<Equal<typeof e.data, components['schemas']['Message']>>(true);
    else if (e.event === 'typing') ok<Equal<typeof e.data, { user: string }>>(true);
    else ok<Equal<typeof e.data, string | undefined>>(true);
  }
  const logs: Stream<components['schemas']['LogRecord']> = await api.streamLogs();
  for await (const l of logs) ok<Equal<typeof l.level, 'debug' | 'info' | 'warn' | 'error'>>(true);
  const replies = await api.createReply({ chatId: 'c', body: { prompt: 'p' } });
  for await (const r of replies) ok<Equal<typeof r.data, string>>(true);
  // @ts-expect-error: a stream is not an array
  events.length;
  const { data } = await api.streamLogs().withResponse();
  ok<Equal<typeof data, Stream<components['schemas']['LogRecord']>>>(true);
  await api.streamLogs({}, { idleTimeoutMs: 1000, timeoutMs: 500 });
}
`,
    );
    writeFileSync(
      join(V31, '..', 'check.ts'),
      `import { createLegacyStreamsClient, type ServerSentEvent, type Stream } from './client/index.js';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const ok = <T extends true>(_: T) => {};
export async function check() {
  const api = createLegacyStreamsClient();
  ok<Equal<Awaited<ReturnType<typeof api.streamTicks>>, Stream<ServerSentEvent>>>(true);
  ok<Equal<Awaited<ReturnType<typeof api.streamRecords>>, Stream<unknown>>>(true);
}
`,
    );
    expect(typecheck('streams-v32')).toBe('');
    expect(typecheck('streams-v31')).toBe('');
  }, 120_000);

  it('SSE items arrive one by one, typed and parsed, before the stream ends; comments are never items; it ends at the terminal event', async () => {
    let next!: () => void;
    const second = new Promise<void>((r) => (next = r));
    routes.set('GET /chats/c1/events', (_req, res) => {
      sse(res);
      res.write(': keep-alive\n\n');
      res.write('event: message\nid: 1\ndata: {"id":"m1",\ndata: "text":"hi"}\n\n');
      void second.then(() => {
        res.write(':\n\nevent: typing\ndata: {"user":"ann"}\n\n');
        // The server keeps the connection open: the terminal event ends the stream.
        res.write('event: done\ndata: bye\n\n');
      });
    });
    const got: unknown[] = [];
    for await (const e of await client().streamChatEvents({ chatId: 'c1' })) {
      got.push(e);
      if (got.length === 1) next();
    }
    expect(got).toEqual([
      { event: 'message', id: '1', data: { id: 'm1', text: 'hi' } },
      { event: 'typing', data: { user: 'ann' } },
      { event: 'done', data: 'bye' },
    ]);
  });

  it('break after the first item closes the connection within 2 s', async () => {
    let gone!: Promise<number>;
    routes.set('GET /chats/c2/events', (_req, res) => {
      gone = closed(res);
      sse(res);
      res.write('event: message\ndata: {"id":"1","text":"a"}\n\n');
    });
    for await (const e of await client().streamChatEvents({ chatId: 'c2' })) {
      expect(e.event).toBe('message');
      break;
    }
    const left = Date.now();
    expect((await gone) - left).toBeLessThan(2000);
  });

  it('close(), the call signal, and a throw in the loop close the connection too', async () => {
    const seen: Promise<number>[] = [];
    routes.set('GET /chats/c3/events', (_req, res) => {
      seen.push(closed(res));
      sse(res);
      res.write('event: message\ndata: {"id":"1","text":"a"}\n\n');
    });
    const s = await client().streamChatEvents({ chatId: 'c3' });
    s.close();
    const items: unknown[] = [];
    for await (const e of s) items.push(e);
    expect(items).toEqual([]);
    const ctl = new AbortController();
    const t = await client().streamChatEvents({ chatId: 'c3' }, { signal: ctl.signal });
    const it1 = t[Symbol.asyncIterator]();
    await it1.next();
    ctl.abort(new Error('stop'));
    await expect(it1.next()).rejects.toThrow('stop');
    await expect(
      (async () => {
        for await (const _ of await client().streamChatEvents({ chatId: 'c3' })) throw new Error('mine');
      })(),
    ).rejects.toThrow('mine');
    const t0 = Date.now();
    const at = await Promise.all(seen);
    expect(at).toHaveLength(3);
    for (const x of at) expect(x - t0).toBeLessThan(2000);
  });

  it('a stalled stream ends in TimeoutError within idleTimeoutMs + 2 s; timeoutMs bounds only the wait for headers', async () => {
    routes.set('GET /chats/stall/events', (_req, res) => {
      sse(res);
      res.write('event: message\ndata: {"id":"1","text":"a"}\n\n');
    });
    const t0 = Date.now();
    const got: unknown[] = [];
    const run = async () => {
      for await (const e of await client().streamChatEvents({ chatId: 'stall' }, { idleTimeoutMs: 300 })) got.push(e);
    };
    await expect(run()).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 300 });
    expect(Date.now() - t0).toBeLessThan(300 + 2000);
    expect(got).toHaveLength(1);

    routes.set('GET /chats/slow/events', (_req, res) => {
      sse(res);
      let n = 0;
      const tick = setInterval(() => {
        n++;
        res.write(n < 6 ? `event: typing\ndata: {"user":"u${n}"}\n\n` : 'event: done\ndata\n\n');
        if (n === 6) clearInterval(tick);
      }, 80);
      res.on('close', () => clearInterval(tick));
    });
    const items: unknown[] = [];
    for await (const e of await client().streamChatEvents({ chatId: 'slow' }, { timeoutMs: 200, idleTimeoutMs: 1000 })) items.push(e);
    expect(items).toHaveLength(6);
  });

  it('JSON Lines: one parsed item per line, whatever the chunks; withResponse() gives the response', async () => {
    routes.set('GET /logs', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      res.write('{"level":"info","message":"a"}\n{"lev');
      setTimeout(() => res.end('el":"warn","message":"b"}\r\n\n{"level":"error","message":"c"}'), 20);
    });
    const { data, response } = await client().streamLogs().withResponse();
    expect(response.status).toBe(200);
    const got = [];
    for await (const l of data) got.push(l);
    expect(got).toEqual([
      { level: 'info', message: 'a' },
      { level: 'warn', message: 'b' },
      { level: 'error', message: 'c' },
    ]);
  });

  it('a dropped GET stream resumes with Last-Event-ID: no duplicate, no gap', async () => {
    const asked: (string | undefined)[] = [];
    routes.set('GET /chats/r/events', (req, res) => {
      asked.push(req.headers['last-event-id'] as string | undefined);
      sse(res);
      if (asked.length === 1) {
        res.write('retry: 10\n\n');
        for (const id of [1, 2]) res.write(`event: message\nid: ${id}\ndata: {"id":"${id}","text":"t"}\n\n`);
        // A half-written event, then the connection drops.
        res.write('event: message\nid: 3\ndata: {"id"');
        setTimeout(() => res.socket?.destroy(), 30);
      } else {
        const from = Number(req.headers['last-event-id']);
        for (const id of [from + 1, from + 2]) res.write(`event: message\nid: ${id}\ndata: {"id":"${id}","text":"t"}\n\n`);
        res.write('event: done\ndata\n\n');
      }
    });
    const ids: unknown[] = [];
    for await (const e of await client().streamChatEvents({ chatId: 'r' }, { idleTimeoutMs: 5000 })) ids.push(e.event === 'message' ? e.data.id : e.event);
    expect(asked).toEqual([undefined, '2']);
    expect(ids).toEqual(['1', '2', '3', '4', 'done']);
  });

  it('a dropped GET stream whose server sent no id is not resumed: a StreamError, one request', async () => {
    let asked = 0;
    routes.set('GET /chats/n/events', (_req, res) => {
      asked++;
      sse(res);
      res.write('retry: 10\n\nevent: message\ndata: {"id":"1","text":"t"}\n\n');
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const got: unknown[] = [];
    const run = async () => {
      for await (const e of await client().streamChatEvents({ chatId: 'n' })) got.push(e.event === 'message' ? e.data.id : e.event);
    };
    await expect(run()).rejects.toMatchObject({ name: 'StreamError', message: expect.stringMatching(/connection dropped/) });
    await new Promise((r) => setTimeout(r, 100));
    expect(asked).toBe(1);
    expect(got).toEqual(['1']);
  });

  it('a POST with x-resumable resumes; a POST without it does not', async () => {
    const asked: (string | undefined)[] = [];
    routes.set('POST /chats/t/transcript', (req, res) => {
      asked.push(req.headers['last-event-id'] as string | undefined);
      sse(res);
      if (asked.length === 1) {
        res.write('retry: 10\n\nevent: message\nid: a\ndata: {"id":"a","text":"t"}\n\n');
        setTimeout(() => res.socket?.destroy(), 30);
      } else res.end('event: message\nid: b\ndata: {"id":"b","text":"t"}\n\n');
    });
    const got: unknown[] = [];
    for await (const e of await client().streamTranscript({ chatId: 't' })) got.push(e.data.id);
    expect(asked).toEqual([undefined, 'a']);
    expect(got).toEqual(['a', 'b']);

    let posts = 0;
    routes.set('POST /chats/p/replies', (_req, res) => {
      posts++;
      sse(res);
      res.write('retry: 10\n\nid: 1\ndata: tok\n\n');
      setTimeout(() => res.socket?.destroy(), 30);
    });
    const tokens: string[] = [];
    const run = async () => {
      for await (const e of await client().createReply({ chatId: 'p', body: { prompt: 'x' } })) tokens.push(e.data);
    };
    await expect(run()).rejects.toMatchObject({ name: 'StreamError', message: expect.stringMatching(/connection dropped/) });
    await new Promise((r) => setTimeout(r, 100));
    expect(posts).toBe(1);
    expect(tokens).toEqual(['tok']);
  });

  it('an error event, and data that is not JSON where the schema says JSON, are StreamErrors with the raw text', async () => {
    routes.set('GET /chats/e/events', (_req, res) => {
      sse(res);
      res.end('event: error\ndata: {"message":"overloaded"}\n\n');
    });
    routes.set('GET /chats/j/events', (_req, res) => {
      sse(res);
      res.end('event: message\ndata: not json\n\n');
    });
    for (const chat of ['e', 'j']) {
      const run = async () => {
        for await (const _ of await client().streamChatEvents({ chatId: chat })) void _;
      };
      const err = await run().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(v32.StreamError);
      expect(err).toMatchObject({ name: 'StreamError', rawText: chat === 'e' ? '{"message":"overloaded"}' : 'not json' });
    }
  });

  it('an error event the item schema declares is a typed item; an undeclared one still ends the stream', async () => {
    routes.set('GET /jobs/j1/progress', (_req, res) => {
      sse(res);
      res.end('event: progress\ndata: {"percent":50}\n\nevent: error\ndata: {"message":"disk full"}\n\nevent: done\ndata\n\n');
    });
    const got: unknown[] = [];
    for await (const e of await client().streamJobProgress({ jobId: 'j1' })) got.push(e);
    expect(got).toEqual([
      { event: 'progress', data: { percent: 50 } },
      { event: 'error', data: { message: 'disk full' } },
      { event: 'done', data: '' },
    ]);
    // The chat events' schema declares no `error` event: one ends the stream, after the items before it.
    routes.set('GET /chats/u/events', (_req, res) => {
      sse(res);
      res.end('event: typing\ndata: {"user":"a"}\n\nevent: error\ndata: {"message":"overloaded"}\n\nevent: typing\ndata: {"user":"b"}\n\n');
    });
    const before: unknown[] = [];
    const run = async () => {
      for await (const e of await client().streamChatEvents({ chatId: 'u' })) before.push(e.event);
    };
    await expect(run()).rejects.toMatchObject({ name: 'StreamError', rawText: '{"message":"overloaded"}' });
    expect(before).toEqual(['typing']);
  });

  it('a resumed response that is an error status or not the stream ends it with a StreamError, never items', async () => {
    const cases = [
      ['503', 503, 'text/html', '<html>down for maintenance</html>'],
      ['html', 200, 'text/html', `<html>sign in${'.'.repeat(5000)}</html>`],
      ['json', 200, 'application/json', '{"data": "event: message"}'],
    ] as const;
    for (const [chat, status, type, body] of cases) {
      let asked = 0;
      routes.set(`GET /chats/${chat}/events`, (_req, res) => {
        if (++asked === 1) {
          sse(res);
          res.write('retry: 10\n\nevent: message\nid: 1\ndata: {"id":"1","text":"t"}\n\n');
          setTimeout(() => res.socket?.destroy(), 30);
        } else res.writeHead(status, { 'content-type': type }).end(body);
      });
      const got: unknown[] = [];
      const run = async () => {
        for await (const e of await client().streamChatEvents({ chatId: chat }, { retry: false })) got.push(e.event === 'message' ? e.data.id : e.event);
      };
      const err = (await run().catch((e: unknown) => e)) as { name: string; message: string; rawText?: string };
      expect(err).toBeInstanceOf(v32.StreamError);
      expect(err.message).toMatch(chat === '503' ? /resuming the stream failed/ : new RegExp(`answered ${status} with a ${type} body`));
      expect(err.rawText?.length).toBeLessThanOrEqual(2000);
      expect(err.rawText).toContain(body.slice(0, 20));
      expect(asked).toBe(2);
      expect(got).toEqual(['1']);
    }
  });

  it('a success response of another media type (a proxy page) is an UnexpectedBodyError, never items', async () => {
    routes.set('GET /logs', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>sign in</html>');
    });
    await expect(client().streamLogs()).rejects.toMatchObject({ name: 'UnexpectedBodyError', rawText: '<html>sign in</html>' });
  });

  it('a 3.1 document without itemSchema: SSE events with string data; JSON values a line', async () => {
    routes.set('GET /ticks', (_req, res) => {
      sse(res);
      res.end('data: 1\n\nevent: tick\ndata: a\ndata: b\n\n');
    });
    routes.set('GET /records', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.end('1\n"two"\n{"three":3}\n');
    });
    const api = v31.createLegacyStreamsClient({ baseUrl });
    const ticks = [];
    for await (const t of await api.streamTicks()) ticks.push(t);
    expect(ticks).toEqual([{ data: '1' }, { event: 'tick', data: 'a\nb' }]);
    const records = [];
    for await (const r of await api.streamRecords()) records.push(r);
    expect(records).toEqual([1, 'two', { three: 3 }]);
  });

  it('tee() buffers at most MAX_TEE_LAG items for a branch left behind, which then ends with a StreamError', async () => {
    const n = 10_050;
    routes.set('GET /logs', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      res.end(Array.from({ length: n }, (_, i) => `{"level":"info","message":"${i}"}\n`).join(''));
    });
    // The slow one reads nothing while the fast one reads all: its next read fails.
    const [a, b] = (await client().streamLogs()).tee();
    for await (const _ of a) void _;
    const it = b[Symbol.asyncIterator]();
    await expect(it.next()).rejects.toMatchObject({ name: 'StreamError', message: expect.stringMatching(/more than 10000 items behind/) });
    // Within the bound, the slow branch gets every item.
    routes.set('GET /logs', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      res.end(Array.from({ length: 9_999 }, (_, i) => `{"level":"info","message":"${i}"}\n`).join(''));
    });
    const [c, d] = (await client().streamLogs()).tee();
    for await (const _ of c) void _;
    let slowCount = 0;
    for await (const _ of d) slowCount++;
    expect(slowCount).toBe(9_999);
  });

  it('tee() gives two readers of the same items; toReadableStream() gives them as JSON Lines', async () => {
    routes.set('GET /logs', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/jsonl' });
      res.end('{"level":"info","message":"a"}\n{"level":"warn","message":"b"}\n');
    });
    const [a, b] = (await client().streamLogs()).tee();
    const read = async (s: AsyncIterable<{ message: string }>) => {
      const out = [];
      for await (const x of s) out.push(x.message);
      return out;
    };
    expect(await Promise.all([read(a), read(b)])).toEqual([
      ['a', 'b'],
      ['a', 'b'],
    ]);
    const text = await new Response((await client().streamLogs()).toReadableStream()).text();
    expect(text).toBe('{"level":"info","message":"a"}\n{"level":"warn","message":"b"}\n');
  });
});

/** A client whose fetch answers with `chunks` as the body, each as one read (the splits a network may make). */
function chunked(path: string, type: string, chunks: string[]) {
  const fetch = async () => {
    const enc = new TextEncoder();
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        if (i < chunks.length) ctl.enqueue(enc.encode(chunks[i++]));
        else ctl.close();
      },
    });
    return new Response(body, { headers: { 'content-type': type } });
  };
  void path;
  return v32.createStreamsClient({ baseUrl, fetch: fetch as typeof globalThis.fetch });
}

const SEED = Number(process.env.DOCEX_PROPERTY_SEED ?? 4747);

describe('hostile stream bodies', () => {
  it('random chunk splits give the same SSE items (fast-check, seeded)', async () => {
    const event = fc.record({
      kind: fc.constantFrom('message', 'typing'),
      text: fc.string({ maxLength: 40 }),
      id: fc.option(fc.stringMatching(/^[a-z0-9]{1,6}$/), { nil: undefined }),
      comment: fc.boolean(),
      crlf: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), async (events, cuts) => {
        const text = events
          .map((e) => {
            const nl = e.crlf ? '\r\n' : '\n';
            const data = e.kind === 'message' ? JSON.stringify({ id: e.id ?? 'x', text: e.text }) : JSON.stringify({ user: e.text });
            return `${e.comment ? `: ping${nl}` : ''}event: ${e.kind}${nl}${e.id ? `id: ${e.id}${nl}` : ''}data: ${data}${nl}${nl}`;
          })
          .join('')
          .concat('event: done\ndata\n\n');
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((s, i, all) => text.slice(s, all[i + 1] ?? text.length)).filter((c) => c);
        const got = [];
        for await (const e of await chunked('', 'text/event-stream', chunks).streamChatEvents({ chatId: 'x' })) got.push(e);
        expect(got).toEqual([
          ...events.map((e) => ({
            event: e.kind,
            ...(e.id ? { id: e.id } : {}),
            data: e.kind === 'message' ? { id: e.id ?? 'x', text: e.text } : { user: e.text },
          })),
          { event: 'done', data: '' },
        ]);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('random chunk splits give the same JSON lines (fast-check, seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ level: fc.constantFrom('info', 'warn'), message: fc.string({ maxLength: 30 }) }), { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 20 }), async (records, cuts) => {
        const text = records.map((r) => `${JSON.stringify(r)}\n`).join('');
        const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...at].map((s, i, all) => text.slice(s, all[i + 1] ?? text.length)).filter((c) => c);
        const got = [];
        for await (const r of await chunked('', 'application/jsonl', chunks).streamLogs()) got.push(r);
        expect(got).toEqual(records);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('a line past 8 MiB characters ends the stream with a clear StreamError (SSE and JSON Lines)', async () => {
    const mib = 'x'.repeat(1024 * 1024);
    const endless = Array.from({ length: 10 }, () => mib);
    const run = async (s: AsyncIterable<unknown>) => {
      for await (const _ of s) void _;
    };
    await expect(run(await chunked('', 'application/jsonl', ['{"level":"info","message":"a"}\n', ...endless]).streamLogs())).rejects.toMatchObject({
      name: 'StreamError',
      message: expect.stringMatching(/longer than 8388608 characters/),
    });
    await expect(run(await chunked('', 'text/event-stream', ['data: ', ...endless]).streamChatEvents({ chatId: 'x' }))).rejects.toMatchObject({
      name: 'StreamError',
      message: expect.stringMatching(/longer than 8388608 characters/),
    });
  });
});
