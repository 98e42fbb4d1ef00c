// Retries: idempotent methods on network errors and 500/502/503/504, Retry-After, bounded; POST never; a DELETE or a
// conditional write never once it may have been applied (OutcomeUnknownError).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApi, InternalServerError, NetworkError, OutcomeUnknownError, type OperationSpec } from '../../templates/runtime/index.js';
import { retryDelay } from '../../templates/runtime/retry.js';
import { wasNotSent } from '../../templates/runtime/replay.js';
import { json, startServer, type TestServer } from './server.js';

// Per path: the statuses to answer in turn ('drop' destroys the socket, 'bare 503' has no Retry-After), then 200.
const scripts = new Map<string, (number | 'drop' | 'bare 503')[]>();
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res, raw) => {
    const path = req.url.split('?')[0]!;
    const next = scripts.get(path)?.shift();
    if (next === 'drop') return raw.socket.destroy();
    if (next === 'bare 503') return json(res, 503, { technicalMessage: 'upstream reset' });
    if (next) return json(res, next, { technicalMessage: `status ${next}` }, next === 503 || next === 429 ? { 'retry-after': '0' } : {});
    json(res, 200, { ok: true, attempt: server.requests.filter((r) => r.url === req.url).length });
  });
});
afterAll(() => server.close());

const op = (method: OperationSpec['method'], path: string): OperationSpec => ({
  method,
  path,
  params: [],
  ...(method === 'POST' || method === 'PUT' ? { body: { mediaType: 'application/json' } } : {}),
  accept: ['application/json'],
});
const api = (retry: object | false = { baseDelayMs: 1 }) => createApi({ baseUrl: server.url, retry }, '');
const count = (path: string) => server.requests.filter((r) => r.url === path).length;

describe('retries', () => {
  it('retries a GET on 503 with Retry-After, then returns the data', async () => {
    scripts.set('/a', [503, 503]);
    expect(await api().call(op('GET', '/a'), {})).toEqual({ ok: true, attempt: 3 });
    expect(count('/a')).toBe(3);
  });

  it('gives up after the default 2 retries with the last error', async () => {
    scripts.set('/b', [500, 502, 504, 500]);
    const err = await api().call(op('GET', '/b'), {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(504);
    expect(count('/b')).toBe(3);
  });

  it('honours retries: n and retry: false', async () => {
    scripts.set('/c', [500, 500, 500]);
    await expect(api({ baseDelayMs: 1, retries: 3 }).call(op('GET', '/c'), {})).resolves.toEqual({ ok: true, attempt: 4 });
    scripts.set('/c2', [500]);
    await expect(api(false).call(op('GET', '/c2'), {})).rejects.toBeInstanceOf(InternalServerError);
    expect(count('/c2')).toBe(1);
  });

  it('does not count the refresh after a 401 as a retry, in either order', async () => {
    const refreshed: string[] = [];
    const tokens = { getAccessToken: async () => 't1', refreshAfterUnauthorized: async (old: string) => (refreshed.push(old), 't2') };
    const withTokens = createApi({ baseUrl: server.url, retry: { baseDelayMs: 1 }, tokens }, '');
    scripts.set('/r1', [401, 503, 503]);
    await expect(withTokens.call(op('GET', '/r1'), {})).resolves.toEqual({ ok: true, attempt: 4 });
    scripts.set('/r2', [503, 401, 503]);
    await expect(withTokens.call(op('GET', '/r2'), {})).resolves.toEqual({ ok: true, attempt: 4 });
    scripts.set('/r3', [401, 401]);
    await expect(withTokens.call(op('GET', '/r3'), {})).rejects.toMatchObject({ status: 401 });
    expect([refreshed, count('/r3')]).toEqual([['t1', 't1', 't1'], 2]);
  });

  it('retries a QUERY (safe and idempotent, its body sent again), not a LINK (an extension method)', async () => {
    scripts.set('/q', [503, 'drop']);
    expect(await api().call({ ...op('QUERY', '/q'), body: { mediaType: 'application/json' } }, { body: { text: 'x' } })).toEqual({ ok: true, attempt: 3 });
    expect(server.requests.filter((r) => r.url === '/q').map((r) => [r.method, r.body.toString()])).toEqual(Array(3).fill(['QUERY', '{"text":"x"}']));
    scripts.set('/l', [503]);
    await expect(api().call(op('LINK', '/l'), {})).rejects.toMatchObject({ status: 503 });
    expect(count('/l')).toBe(1);
  });

  it('never retries a POST (nor PATCH), even on 503 or a dropped connection', async () => {
    scripts.set('/p', [503]);
    await expect(api().call(op('POST', '/p'), { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(count('/p')).toBe(1);
    scripts.set('/p2', ['drop']);
    await expect(api().call(op('POST', '/p2'), { body: {} })).rejects.toBeInstanceOf(NetworkError);
    expect(count('/p2')).toBe(1);
    scripts.set('/p3', [500]);
    await expect(api().call(op('PATCH', '/p3'), {})).rejects.toBeInstanceOf(InternalServerError);
    expect(count('/p3')).toBe(1);
  });

  it('retries an unconditional PUT on 500, not on 4xx', async () => {
    scripts.set('/u', [500]);
    await expect(api().call(op('PUT', '/u'), { body: { a: 1 } })).resolves.toMatchObject({ ok: true });
    expect(count('/u')).toBe(2);
    expect(server.requests.filter((r) => r.url === '/u').map((r) => r.body.toString())).toEqual(['{"a":1}', '{"a":1}']);
    scripts.set('/n', [404]);
    await expect(api().call(op('GET', '/n'), {})).rejects.toMatchObject({ status: 404 });
    expect(count('/n')).toBe(1);
  });

  it('retries a GET after a network error; gives NetworkError with the cause when they persist', async () => {
    scripts.set('/net', ['drop']);
    expect(await api().call(op('GET', '/net'), {})).toEqual({ ok: true, attempt: 2 }); // the dropped request was recorded too
    scripts.set('/net2', ['drop', 'drop', 'drop']);
    const err = (await api().call(op('GET', '/net2'), {}).catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.cause).toBeInstanceOf(TypeError);
    expect(err.message).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/net2 failed/);
  });

  it('does not retry a stream body', async () => {
    scripts.set('/s', [503]);
    const body = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('x')), c.close()) });
    await expect(api().call({ ...op('PUT', '/s'), body: { mediaType: 'application/octet-stream' } }, { body })).rejects.toMatchObject({ status: 503 });
    expect(count('/s')).toBe(1);
  });

  it('stops waiting when the signal aborts during a backoff', async () => {
    scripts.set('/w', [500, 500]);
    const ctl = new AbortController();
    const p = api({ baseDelayMs: 60_000, maxDelayMs: 60_000 }).call(op('GET', '/w'), {}, { signal: ctl.signal });
    while (count('/w') < 1) await new Promise((r) => setTimeout(r, 5));
    ctl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(count('/w')).toBe(1);
  });
});

describe('a DELETE or a conditional write, once it may have been applied', () => {
  const conditional = (path: string, headers: Record<string, string> = { 'If-Match': '"v1"' }) => api().call(op('PUT', path), { body: { a: 1 } }, { headers });
  const outcome = (p: Promise<unknown>) =>
    p.then(
      (value) => ({ value }),
      (e: Error & { status?: number; attempts?: number }) => ({ error: e.name, cause: (e.cause as Error & { status?: number })?.name, status: (e.cause as { status?: number })?.status ?? e.status, attempts: e.attempts }),
    );

  it('ends in OutcomeUnknownError after a dropped connection, 500, 502, 504 or a 503 without Retry-After: not retried', async () => {
    const cases = { drop: 'drop', 500: 500, 502: 502, 504: 504, bare503: 'bare 503' } as const;
    const seen: Record<string, unknown> = {};
    for (const [name, fault] of Object.entries(cases)) {
      scripts.set(`/cw-${name}`, [fault]);
      seen[name] = { ...(await outcome(conditional(`/cw-${name}`))), sent: count(`/cw-${name}`) };
    }
    expect(seen).toEqual({
      drop: { error: 'OutcomeUnknownError', cause: 'NetworkError', status: undefined, attempts: 1, sent: 1 },
      500: { error: 'OutcomeUnknownError', cause: 'InternalServerError', status: 500, attempts: 1, sent: 1 },
      502: { error: 'OutcomeUnknownError', cause: 'ApiError', status: 502, attempts: 1, sent: 1 },
      504: { error: 'OutcomeUnknownError', cause: 'ApiError', status: 504, attempts: 1, sent: 1 },
      bare503: { error: 'OutcomeUnknownError', cause: 'ApiError', status: 503, attempts: 1, sent: 1 },
    });
  });

  it('is retried after 429 and 503 with Retry-After (the server did not act), and counts those attempts', async () => {
    scripts.set('/cw-busy', [429, 503, 502]);
    expect(await outcome(conditional('/cw-busy'))).toEqual({ error: 'OutcomeUnknownError', cause: 'ApiError', status: 502, attempts: 3 });
    scripts.set('/cw-ok', [429, 503]);
    expect(await outcome(conditional('/cw-ok'))).toEqual({ value: { ok: true, attempt: 3 } });
  });

  it('covers DELETE with or without If-Match, If-None-Match and If-Unmodified-Since writes, and POST with If-Match (never retried); not an unconditional POST', async () => {
    scripts.set('/del', [500]);
    expect(await outcome(api().call(op('DELETE', '/del'), {}))).toMatchObject({ error: 'OutcomeUnknownError', attempts: 1 });
    scripts.set('/cw-inm', ['drop']);
    expect(await outcome(conditional('/cw-inm', { 'If-None-Match': '*' }))).toMatchObject({ error: 'OutcomeUnknownError' });
    scripts.set('/cw-ius', [504]);
    expect(await outcome(conditional('/cw-ius', { 'If-Unmodified-Since': 'Sun, 22 Nov 2026 10:00:00 GMT' }))).toMatchObject({ error: 'OutcomeUnknownError' });
    scripts.set('/post-if', ['drop']);
    expect(await outcome(api().call(op('POST', '/post-if'), { body: {} }, { headers: { 'if-match': '"c1"' } }))).toMatchObject({ error: 'OutcomeUnknownError', attempts: 1 });
    scripts.set('/post', ['drop']);
    expect(await outcome(api().call(op('POST', '/post'), { body: {} }))).toMatchObject({ error: 'NetworkError' });
    expect([count('/del'), count('/cw-inm'), count('/cw-ius'), count('/post-if'), count('/post')]).toEqual([1, 1, 1, 1, 1]);
  });

  it('is retried after a connection refused (never sent), and says so: NetworkError, not OutcomeUnknownError, when refused to the end', async () => {
    const closed = await startServer(() => {});
    await closed.close(); // its port now refuses connections
    const refused = createApi({ baseUrl: closed.url, retry: { baseDelayMs: 1 } }, '');
    const err = (await refused.call(op('DELETE', '/x'), {}).catch((e: unknown) => e)) as NetworkError;
    expect(err).toBeInstanceOf(NetworkError);
    expect(wasNotSent(err.cause)).toBe(true);
    expect(wasNotSent(new TypeError('fetch failed'))).toBe(false); // a browser's bare TypeError: maybe sent
  });

  it('the raw client does not retry them either, and returns the response as fetch does', async () => {
    scripts.set('/raw-del', [502]);
    const res = await api().fetch(`${server.url}raw-del`, { method: 'DELETE' });
    expect([res.status, count('/raw-del')]).toEqual([502, 1]);
    scripts.set('/raw-put', [503]);
    const put = await api().fetch(`${server.url}raw-put`, { method: 'PUT', body: '{}', headers: { 'If-Match': '"v1"' } });
    expect([put.status, count('/raw-put')]).toEqual([200, 2]); // 503 with Retry-After: not applied, retried
  });
});

describe('Api.fetch (raw client)', () => {
  it('retries a GET on 503 and a network error, never a POST', async () => {
    const f = api().fetch;
    scripts.set('/raw', [503, 'drop']);
    const res = await f(`${server.url}raw`);
    expect([res.status, await res.json()]).toEqual([200, { ok: true, attempt: 3 }]);
    scripts.set('/raw-post', [503]);
    const post = await f(`${server.url}raw-post`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(503);
    expect(count('/raw-post')).toBe(1);
  });
});

describe('retryDelay', () => {
  const now = Date.parse('2026-11-22T10:00:00Z');
  it('takes Retry-After in seconds or as an HTTP date, up to maxDelayMs', () => {
    expect(retryDelay(0, {}, '2', now)).toBe(2000);
    expect(retryDelay(0, {}, '0', now)).toBe(0);
    expect(retryDelay(0, {}, 'Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryDelay(0, {}, 'Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryDelay(0, { maxDelayMs: 3000 }, '3', now)).toBe(3000);
  });
  it('makes the response final (undefined) when Retry-After asks for longer than maxDelayMs, in either form', () => {
    expect(retryDelay(0, { maxDelayMs: 3000 }, '120', now)).toBeUndefined();
    expect(retryDelay(0, {}, '3600', now)).toBeUndefined();
    expect(retryDelay(0, {}, 'Sun, 22 Nov 2026 11:00:00 GMT', now)).toBeUndefined();
  });
  it('uses exponential backoff with full jitter otherwise', () => {
    expect(retryDelay(0, { baseDelayMs: 100 }, null, now, () => 0.5)).toBe(50);
    expect(retryDelay(3, { baseDelayMs: 100 }, 'garbage', now, () => 0.5)).toBe(400);
    expect(retryDelay(3, { baseDelayMs: 100 }, null, now, () => 0)).toBe(0);
    expect(retryDelay(20, { baseDelayMs: 100, maxDelayMs: 1000 }, null, now, () => 0.99)).toBe(1000);
  });
});
