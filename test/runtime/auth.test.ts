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

describe('transport safety', () => {
  it('refuses a plain http baseUrl to any host but loopback, naming only the origin', () => {
    const { source } = fakeTokens('t1', []);
    for (const baseUrl of ['http://api.example.com/v?token=t1', 'http://10.0.0.7:8080/', 'ftp://api.example.com/']) {
      let err: unknown;
      try {
        createApi({ baseUrl, tokens: source }, 'document/v1/');
      } catch (e) {
        err = e;
      }
      expect(err, baseUrl).toBeInstanceOf(TypeError);
      const message = (err as Error).message;
      expect(message).toMatch(/^baseUrl must be https/);
      expect(message).toContain(`refused ${new URL(baseUrl).protocol}//${new URL(baseUrl).host}`);
      expect(message).not.toContain('t1');
    }
  });

  it('refuses a credential header given per call over plain http to any host but loopback, before sending, as a client header', async () => {
    let sent = 0;
    const counting = (async () => {
      sent++;
      return new Response('{}', { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const api = createApi({ baseUrl: 'http://api.example.com/', fetch: counting, retry: false }, '');
    for (const headers of [{ Authorization: 'Bearer s3cret' }, { 'X-Api-Key': 's3cret' }, { cookie: 'sid=s3cret' }] as Record<string, string>[]) {
      const err = await api.call(op(), {}, { headers }).then(() => undefined, (e: unknown) => e);
      expect(err, JSON.stringify(headers)).toBeInstanceOf(TypeError);
      expect((err as Error).message).toBe('baseUrl must be https with credentials (http only to a loopback host such as 127.0.0.1): refused http://api.example.com');
    }
    expect(sent).toBe(0);
    // Headers that are no credential go over http as before, and a credential header to a loopback host too.
    await api.call(op(), {}, { headers: { 'X-Trace': '1' } });
    await createApi({ baseUrl: 'http://127.0.0.1:9/', fetch: counting, retry: false }, '').call(op(), {}, { headers: { Authorization: 'Bearer s3cret' } });
    expect(sent).toBe(2);
  });

  it('accepts https anywhere and http to 127.0.0.1, localhost and [::1]', async () => {
    expect(createApi({ baseUrl: 'https://api.example.com' }, 'document/v1/').baseUrl).toBe('https://api.example.com/document/v1/');
    for (const host of ['localhost', '[::1]', '127.0.0.1']) expect(() => createApi({ baseUrl: `http://${host}:1/` }, '')).not.toThrow();
    valid = new Set(['t1']);
    const api = createApi({ baseUrl: server.url.replace('127.0.0.1', 'localhost'), tokens: fakeTokens('t1', []).source }, '');
    expect(await api.call(op(), {})).toMatchObject({ auth: 'Bearer t1' });
  });

  it('never puts a token into an error message, whether the server refused it or the network failed', async () => {
    valid = new Set();
    const secrets = ['t-secret-1', 't-secret-2'];
    const errors: unknown[] = [];
    const api = createApi({ baseUrl: server.url, tokens: fakeTokens(secrets[0]!, [secrets[1]!]).source }, '');
    await api.call(op('POST', 'application/json'), { body: { a: 1 } }).catch((e: unknown) => errors.push(e));
    const closed = await startServer((_req, res) => json(res, 200, {}));
    await closed.close();
    const offline = createApi({ baseUrl: closed.url, tokens: fakeTokens(secrets[0]!, []).source, retry: false }, '');
    await offline.call(op(), {}).catch((e: unknown) => errors.push(e));
    expect(errors.map((e) => (e as Error).name)).toEqual(['UnauthorizedError', 'NetworkError']);
    for (const e of errors) {
      const text = `${String(e)} ${(e as Error).stack} ${JSON.stringify(e)}`;
      for (const s of secrets) expect(text).not.toContain(s);
    }
  });
});
