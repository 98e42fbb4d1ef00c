// Bearer auth: a token per request; on 401 refresh once (with the rejected token) and retry once.
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, UnauthorizedError, type OperationSpec, type TokenSource } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

let valid = new Set<string>();
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const auth = req.headers.authorization ?? '';
    if (!valid.has(auth.replace(/^Bearer /, ''))) return json(res, 401, { technicalMessage: 'token expired' });
    json(res, 200, { auth, body: req.body.toString() });
  });
});
afterAll(() => server.close());

/** A fake token source: hands out `current`, and a new token on refresh. Counts calls. */
function fakeTokens(initial: string, refreshTo: string[], fail?: Error) {
  const calls = { get: 0, refresh: [] as string[] };
  let current = initial;
  const source: TokenSource = {
    getAccessToken: async () => (calls.get++, current),
    refreshAfterUnauthorized: async (rejected) => {
      calls.refresh.push(rejected);
      if (fail) throw fail;
      current = refreshTo.shift() ?? current;
      return current;
    },
  };
  return { source, calls };
}

const op = (method: OperationSpec['method'] = 'GET', mediaType?: string): OperationSpec => ({
  method,
  path: '/me',
  params: [],
  ...(mediaType && { body: { mediaType } }),
  accept: ['application/json'],
});

describe('bearer auth', () => {
  it('sends the token of getAccessToken on each request', async () => {
    valid = new Set(['t1']);
    const { source, calls } = fakeTokens('t1', []);
    const api = createApi({ baseUrl: server.url, tokens: source }, '');
    expect(await api.call(op(), {})).toMatchObject({ auth: 'Bearer t1' });
    await api.call(op(), {});
    expect(calls).toEqual({ get: 2, refresh: [] });
  });

  it('on 401 refreshes once with the rejected token and retries once (also a POST)', async () => {
    valid = new Set(['t2']);
    const { source, calls } = fakeTokens('t1', ['t2']);
    const api = createApi({ baseUrl: server.url, tokens: source }, '');
    const before = server.requests.length;
    expect(await api.call(op('POST', 'application/json'), { body: { a: 1 } })).toEqual({ auth: 'Bearer t2', body: '{"a":1}' });
    expect(calls.refresh).toEqual(['t1']);
    expect(server.requests.length - before).toBe(2);
  });

  it('a second 401 throws UnauthorizedError without another refresh', async () => {
    valid = new Set();
    const { source, calls } = fakeTokens('t1', ['t2', 't3']);
    const api = createApi({ baseUrl: server.url, tokens: source }, '');
    const before = server.requests.length;
    await expect(api.call(op(), {})).rejects.toBeInstanceOf(UnauthorizedError);
    expect(calls.refresh).toEqual(['t1']);
    expect(server.requests.length - before).toBe(2);
  });

  it('passes on the error of a failed refresh (e.g. re-authentication needed)', async () => {
    valid = new Set();
    class ReauthRequiredError extends Error {}
    const { source } = fakeTokens('t1', [], new ReauthRequiredError('sign in again'));
    const api = createApi({ baseUrl: server.url, tokens: source }, '');
    await expect(api.call(op(), {})).rejects.toBeInstanceOf(ReauthRequiredError);
  });

  it('does not refresh-and-retry a non-replayable stream body', async () => {
    valid = new Set(['t2']);
    const { source, calls } = fakeTokens('t1', ['t2']);
    const api = createApi({ baseUrl: server.url, tokens: source }, '');
    const body = new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('x')), c.close()) });
    await expect(api.call(op('PUT', 'application/octet-stream'), { body })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(calls.refresh).toEqual([]);
  });

  it('without tokens sends no Authorization header of its own', async () => {
    valid = new Set(['static']);
    const api = createApi({ baseUrl: server.url, headers: { Authorization: 'Bearer static' } }, '');
    expect(await api.call(op(), {})).toMatchObject({ auth: 'Bearer static' });
  });
});

describe('Api.fetch for the raw openapi-fetch client', () => {
  interface paths {
    '/me': { post: { requestBody: { content: { 'application/json': { a: number } } }; responses: { 200: { content: { 'application/json': { auth: string; body: string } } } } } };
  }
  it('adds the bearer token and refreshes once on 401, replaying the body', async () => {
    valid = new Set(['t2']);
    const { source, calls } = fakeTokens('t1', ['t2']);
    const api = createApi({ baseUrl: server.url, tokens: source }, '');
    const raw = createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch });
    const { data, response } = await raw.POST('/me', { body: { a: 2 } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ auth: 'Bearer t2', body: '{"a":2}' });
    expect(calls.refresh).toEqual(['t1']);
  });
});
