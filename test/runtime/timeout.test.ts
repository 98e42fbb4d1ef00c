// Timeouts and aborts: TimeoutError after timeoutMs, the caller's abort reason otherwise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, TimeoutError, type OperationSpec } from '../../templates/runtime/index.js';
import { startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  // Never answers /hang; /slow-body sends headers, then stalls before the body ends.
  server = await startServer((req, res) => {
    if (req.url === '/ok') res.writeHead(204).end();
    if (req.url === '/slow-body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"a":');
    }
  });
  // Warm up: Node loads its fetch implementation on first use, which can take longer than the timeouts below.
  await fetch(`${server.url}ok`);
});
afterAll(() => server.close());

const op = (path: string): OperationSpec => ({ method: 'GET', path, params: [], accept: ['application/json'] });
const api = () => createApi({ baseUrl: server.url, retry: { baseDelayMs: 1 } }, '');

describe('timeout', () => {
  it('raises TimeoutError when the server does not answer in time, without retrying', async () => {
    const before = server.requests.length;
    const err = await api().call(op('/hang'), {}, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toMatchObject({ name: 'TimeoutError', timeoutMs: 50, message: 'GET /hang timed out after 50 ms' });
    // The request may be recorded just after the abort: wait for it (bounded), then check there was no retry.
    for (let i = 0; i < 100 && server.requests.length === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.requests.length - before).toBe(1);
  });

  it('also covers reading the body', async () => {
    await expect(api().call(op('/slow-body'), {}, { timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('abort', () => {
  it("rejects with the caller's abort reason (AbortError), also with a timeout set", async () => {
    for (const timeoutMs of [undefined, 60_000]) {
      const ctl = new AbortController();
      const p = api().call(op('/hang'), {}, { signal: ctl.signal, ...(timeoutMs && { timeoutMs }) });
      setTimeout(() => ctl.abort(), 20);
      await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    }
  });

  it('an already aborted signal sends nothing', async () => {
    const before = server.requests.length;
    await expect(api().call(op('/hang'), {}, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.requests.length).toBe(before);
  });
});
