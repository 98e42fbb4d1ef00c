// Issue 47: the sandbox serves the stream operations of a 3.2 fixture document over real HTTP on 127.0.0.1: SSE with
// increasing ids, the event names of the itemSchema and the terminal event last; JSON Lines one item a line; a resume
// with Last-Event-ID starts after that id; the stall header keeps the stream open and silent.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALL_HEADER } from '../../generator/sandbox/handlers/stream.js';
import { createResponseValidator } from '../../generator/sandbox/validate-response.js';
import { openSandbox, type TestSandbox } from './helpers.js';

const dir = fileURLToPath(new URL('../fixtures/stream-tools/sandbox', import.meta.url));
type SseEvent = { id?: string; event?: string; data: string };

/** The events of an SSE body (a test's reading of the format; the client's runtime has its own parser). */
function events(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const e: SseEvent = { data: '' };
      const data: string[] = [];
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(': ');
        const value = rest.join(': ');
        if (field === 'data') data.push(value);
        else if (field === 'id' || field === 'event') e[field] = value;
      }
      e.data = data.join('\n');
      return e;
    });
}

describe('stream operations served by the sandbox', () => {
  let t: TestSandbox;
  const get = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(t.sb.url + path, { ...init, headers: { authorization: `Bearer ${t.token}`, ...headers } });
  beforeAll(async () => {
    t = await openSandbox({ openapiDir: dir, streamItems: 6 });
  });
  afterAll(() => t.close());

  it('answers SSE: increasing ids, the itemSchema event names in turn, JSON data of contentSchema, the terminal event last', async () => {
    const r = await get('/orders/v1/order-events', { accept: 'text/event-stream' });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/event-stream');
    const got = events(await r.text());
    expect(got.map((e) => e.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(got.map((e) => e.event)).toEqual(['created', 'shipped', 'created', 'shipped', 'created', 'done']);
    for (const e of got.slice(0, 5)) {
      const order = JSON.parse(e.data) as { id: string; status: string; total: number };
      expect(['Placed', 'Shipped', 'Delivered']).toContain(order.status);
      expect(order.total).toBeGreaterThanOrEqual(0);
    }
  });

  it('resumes after Last-Event-ID with the same items, no duplicate and no gap', async () => {
    const whole = events(await (await get('/orders/v1/order-events')).text());
    const resumed = events(await (await get('/orders/v1/order-events', { 'last-event-id': '3' })).text());
    expect(resumed).toEqual(whole.slice(3));
    // An id this stream never sent: from the start.
    expect(events(await (await get('/orders/v1/order-events', { 'last-event-id': 'x9' })).text())).toEqual(whole);
  });

  it('answers JSON Lines: one item of the itemSchema a line', async () => {
    const r = await get('/orders/v1/order-feed', { accept: 'application/jsonl' });
    expect(r.headers.get('content-type')).toBe('application/jsonl');
    const text = await r.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string; status: string });
    expect(lines).toHaveLength(6);
    for (const o of lines) expect(['Placed', 'Shipped', 'Delivered']).toContain(o.status);
    expect(new Set(lines.map((o) => o.id)).size).toBe(6);
  });

  it('checks a stream operation\'s request as any other (its body, its token)', async () => {
    const ok = await get('/orders/v1/ticks', { 'content-type': 'application/json' }, { method: 'POST', body: JSON.stringify({ symbol: 'ACME' }) });
    expect(events(await ok.text()).map((e) => e.event)).toEqual(['tick', 'tick', 'tick', 'tick', 'tick', 'tick']);
    const bad = await get('/orders/v1/ticks', { 'content-type': 'application/json' }, { method: 'POST', body: '{}' });
    expect(bad.status).toBe(400);
    expect((await fetch(`${t.sb.url}/orders/v1/order-events`)).status).toBe(401);
  });

  it('serves items that match the itemSchema (and their data its contentSchema), checked as every response is', async () => {
    // t.call checks each response against the document: for a stream, each item.
    const sse = await t.call('GET', '/orders/v1/order-events', { headers: { accept: 'text/event-stream' } });
    expect(events(sse.text)).toHaveLength(6);
    const lines = await t.call('GET', '/orders/v1/order-feed', { headers: { accept: 'application/jsonl' } });
    expect(lines.text.trimEnd().split('\n')).toHaveLength(6);
    await t.call('POST', '/orders/v1/ticks', { body: { symbol: 'ACME' } });
    // The same check names an item that does not match: an undeclared event, data against its contentSchema.
    const validate = createResponseValidator(t.sb.apis, t.sb.operations);
    const check = (path: string, type: string, body: string) =>
      validate({ method: 'GET', path, status: 200, headers: new Headers({ 'content-type': type, 'cache-control': 'no-store' }), body: Buffer.from(body) });
    const order = '{"id":"6c1f0a7e-8a3b-4d3c-9a53-0d3f0e7f1a11","status":"Placed","total":3}';
    expect(check('/orders/v1/order-events', 'text/event-stream', `id: 1\nevent: created\ndata: ${order}\n\n`)).toEqual([]);
    expect(check('/orders/v1/order-events', 'text/event-stream', `id: 1\nevent: refunded\ndata: ${order}\n\n`).join('\n')).toMatch(/item 1/);
    expect(check('/orders/v1/order-events', 'text/event-stream', `event: created\ndata: ${order.replace('Placed', 'Lost')}\n\n`).join('\n')).toMatch(/item 1\.data\.status/);
    expect(check('/orders/v1/order-feed', 'application/jsonl', `${order}\n{"id":"x"}\n`).join('\n')).toMatch(/item 2/);
  });

  it('sends no event line where the item schema names no event and does not require one', async () => {
    const tree = mkdtempSync(join(tmpdir(), 'docex-sandbox-streams-'));
    try {
      mkdirSync(join(tree, 'chat', 'v1'), { recursive: true });
      const doc = readFileSync(join(dir, 'orders', 'v1', 'openapi.yaml'), 'utf8').replace('event: { type: string, enum: [tick] }', 'event: { type: string }');
      writeFileSync(join(tree, 'chat', 'v1', 'openapi.yaml'), doc);
      const own = await openSandbox({ openapiDir: tree });
      try {
        const r = await fetch(`${own.sb.url}/chat/v1/ticks`, { method: 'POST', headers: { authorization: `Bearer ${own.token}`, 'content-type': 'application/json' }, body: '{"symbol":"ACME"}' });
        const got = events(await r.text());
        expect(got).toHaveLength(5);
        expect(got.every((e) => e.event === undefined && e.data.length > 0)).toBe(true);
      } finally {
        await own.close();
      }
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });

  it(`stalls on request (${STALL_HEADER}): that many items, then silence on an open connection`, async () => {
    const abort = new AbortController();
    const r = await get('/orders/v1/order-events', { [STALL_HEADER]: '2' }, { signal: abort.signal });
    const reader = r.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (events(text).length < 2 || !text.endsWith('\n\n')) text += decoder.decode((await reader.read()).value);
    expect(events(text).map((e) => e.id)).toEqual(['1', '2']);
    const more = await Promise.race([reader.read().then(() => 'more'), new Promise((resolve) => setTimeout(() => resolve('silent'), 400))]);
    expect(more).toBe('silent');
    abort.abort();
  });

  it('stops with a stalled stream still open', async () => {
    const own = await openSandbox({ openapiDir: dir });
    const r = await fetch(`${own.sb.url}/orders/v1/order-events`, { headers: { authorization: `Bearer ${own.token}`, [STALL_HEADER]: '0' } });
    expect(r.status).toBe(200);
    const start = Date.now();
    await own.close();
    expect(Date.now() - start).toBeLessThan(2000);
    await expect(r.text()).rejects.toThrow();
  }, 10_000);
});
