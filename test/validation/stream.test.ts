// Stream items validated (issue 48): each JSON line by the itemSchema, each SSE event with its JSON data decoded
// against the data's contentSchema, over real HTTP on 127.0.0.1. 'throw' ends the iteration with a ValidationError
// naming the operation after the items before it; a report function is called and the item still arrives.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { outRoot } from '../generator/helpers.js';
import { startServer, type TestServer } from '../runtime/server.js';

const out = join(outRoot, 'validation-stream');
type Call = (params?: object, options?: object) => Promise<AsyncIterable<unknown>>;
interface Ticker {
  listTicks: Call;
  streamEvents: Call;
}
interface Failure extends Error {
  operation: string;
  issues: { message: string; path: PropertyKey[] }[];
}

let server: TestServer;
let create: (o: object) => Ticker;
let ValidationError: new (...a: never[]) => Error;
/** What the server streams next, by path. */
const bodies = new Map<string, string>();

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  const { tree, apis } = await generateTree(join(import.meta.dirname, 'stream.yaml'));
  expect(apis.flatMap((a) => a.warnings)).toEqual([]);
  writeTree(out, tree);
  server = await startServer((req, res) => {
    const path = req.url.split('?')[0]!;
    res.writeHead(200, { 'content-type': path === '/events' ? 'text/event-stream' : 'application/jsonl' });
    res.end(bodies.get(path) ?? '');
  });
  const mod = (await import(join(out, 'index.ts'))) as { createTickerClient: typeof create; ValidationError: typeof ValidationError };
  create = mod.createTickerClient;
  ValidationError = mod.ValidationError;
});

afterAll(async () => {
  await server?.close();
});

const client = (o: object = {}) => create({ baseUrl: server.url, retry: false, ...o });
const lines = (...items: unknown[]) => items.map((i) => `${JSON.stringify(i)}\n`).join('');
const events = (...items: unknown[]) => items.map((i, n) => `event: tick\nid: ${n}\ndata: ${JSON.stringify(i)}\n\n`).join('');

/** The items read before the iteration ended, and what it threw. */
async function read(stream: AsyncIterable<unknown>): Promise<[unknown[], unknown]> {
  const got: unknown[] = [];
  try {
    for await (const item of stream) got.push(item);
  } catch (e) {
    return [got, e];
  }
  return [got, undefined];
}

const good = { symbol: 'ACME', price: 10 };
const bad = { symbol: 'ACME', price: -1 };

describe('stream items under validate', () => {
  it("'throw' ends a JSON Lines stream at the bad item with a ValidationError naming the operation and the path", async () => {
    bodies.set('/ticks', lines(good, bad, good));
    const [got, err] = await read(await client().listTicks({}, { validate: 'throw' }));
    expect(got).toEqual([good]);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Failure).operation).toBe('listTicks (GET /ticks)');
    expect((err as Failure).issues).toEqual([{ message: 'expected at least 0', path: ['price'] }]);
    expect((err as Failure).message).toMatch(/^listTicks \(GET \/ticks\) a stream item does not match/);
  });

  it("'throw' checks an SSE event's decoded JSON data against its contentSchema", async () => {
    bodies.set('/events', events(good, { symbol: 7, price: 1 }));
    const [got, err] = await read(await client({ validate: 'throw' }).streamEvents());
    expect(got).toEqual([{ event: 'tick', id: '0', data: good }]);
    expect((err as Failure).issues).toEqual([{ message: 'expected string', path: ['data', 'symbol'] }]);
  });

  it('a report function is called once per bad item, and every item still arrives', async () => {
    bodies.set('/ticks', lines(good, bad, bad, good));
    const reports: Failure[] = [];
    const [got, err] = await read(await client({ validate: (e: Failure) => reports.push(e) }).listTicks());
    expect(err).toBeUndefined();
    expect(got).toEqual([good, bad, bad, good]);
    expect(reports).toHaveLength(2);
    expect(reports[0]).toBeInstanceOf(ValidationError);
  });

  it("'off' (the default) delivers bad items unchecked", async () => {
    bodies.set('/ticks', lines(bad));
    expect((await read(await client().listTicks()))[0]).toEqual([bad]);
    bodies.set('/events', events(bad));
    expect((await read(await client({ validate: 'throw' }).streamEvents({}, { validate: 'off' })))[0]).toEqual([{ event: 'tick', id: '0', data: bad }]);
  });
});
