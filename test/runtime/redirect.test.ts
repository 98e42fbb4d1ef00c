// Issue 41: credentials never leave their origin. Two servers on 127.0.0.1 (different ports: different origins); the
// first answers /to/<status>/<where> with a redirect to the other (`other`), to itself (`self`) or to plain http on a
// name that is not loopback (`http`), copying its query string into Location as some APIs do.
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials } from '../../templates/runtime/credentials.js';
import { createApi, RedirectError, type ClientOptions } from '../../templates/runtime/index.js';
import { locations as locationsOf, schemes, securedOp as op, tokenSource } from './credential-cases.js';
import { echo, startServer, type Echo, type TestServer } from './server.js';

const KEY = 'secret-api-key-0451';
let api: TestServer;
let other: TestServer;
beforeAll(async () => {
  other = await startServer(echo);
  api = await startServer((req, res, raw) => {
    const m = /^\/to\/(\d+)\/(\w+)(\?.*)?$/.exec(req.url);
    if (!m) return echo(req, res, raw);
    const target = m[2] === 'other' ? `${other.url}echo` : m[2] === 'self' ? `${api.url}echo` : 'http://api.example.invalid/echo';
    res.writeHead(Number(m[1]), { location: target + (m[3] ?? '') }).end();
  });
});
afterAll(async () => {
  await api.close();
  await other.close();
});

const tokens = tokenSource(KEY);
const locations = locationsOf(KEY);
const client = (options: Partial<ClientOptions> & { auth?: object }, fetch?: typeof globalThis.fetch) =>
  createApi({ baseUrl: api.url, retry: false, ...options, ...(fetch && { fetch }) }, '', { auth: credentials(schemes) });
/** Everything a server saw of the key: in the URL, a header (base64 for basic) or the body. */
const carries = (r: { url: string; headers: Record<string, unknown>; body: Buffer | string }) =>
  `${r.url} ${JSON.stringify(r.headers)} ${Buffer.from(`u:${KEY}`).toString('base64')} ${r.body}`.split(KEY).length > 1 ||
  JSON.stringify(r.headers).includes(Buffer.from(`u:${KEY}`).toString('base64'));

describe('a request that carries a credential, redirected', () => {
  for (const [where, options] of locations) {
    for (const status of [302, 303, 307, 308]) {
      it(`${where}, ${status} to another origin: RedirectError naming where, nothing sent there`, async () => {
        const before = other.requests.length;
        const err = await client(options)
          .call<never>(op('POST', `/to/${status}/other`), { q: 'x', body: { secret: 'body' } })
          .catch((e: unknown) => e as RedirectError);
        expect(err).toBeInstanceOf(RedirectError);
        expect(err).toMatchObject({ name: 'RedirectError', status, location: `${other.url}echo` });
        expect(err.message).toBe(`POST /to/${status}/other: redirected (${status}) to ${other.url}echo, not followed with its credentials`);
        // The 307's body and every credential stayed: the other origin saw nothing at all.
        expect(other.requests.length - before).toBe(0);
      });
    }
    it(`${where}: followed within the origin, with the credential`, async () => {
      const got = (await client(options).call<never>(op('GET', '/to/302/self'), { q: 'x' })) as Echo;
      expect(got.url.startsWith('/echo')).toBe(true);
      expect(carries({ url: got.url, headers: got.headers, body: got.body })).toBe(true);
    });
  }

  it('same origin: 303 and a 302 to a POST become a GET without body; 307 and 308 keep method and body', async () => {
    const c = client({ auth: { header: KEY } });
    const sent = async (status: number) => (await c.call<never>(op('POST', `/to/${status}/self`), { q: 'x', body: { a: 1 } })) as Echo;
    for (const status of [302, 303]) {
      const got = await sent(status);
      expect([got.method, got.body, got.headers['content-type'], got.headers['x-api-key']]).toEqual(['GET', '', undefined, KEY]);
    }
    for (const status of [307, 308]) {
      const got = await sent(status);
      expect([got.method, got.body, got.headers['content-type'], got.headers['x-api-key']]).toEqual(['POST', '{"a":1}', 'application/json', KEY]);
    }
    // A redirect loop ends as fetch ends it: a NetworkError after 20 redirects.
    const loop = await startServer((_req, res) => res.writeHead(302, { location: '/again' }).end());
    try {
      const err = await createApi({ baseUrl: loop.url, tokens, retry: false }, '').call<never>(op('GET', '/x'), {}).catch((e: unknown) => e as Error);
      expect([err.name, loop.requests.length]).toEqual(['NetworkError', 21]);
    } finally {
      await loop.close();
    }
  });

  it('to plain http on a name that is not loopback: refused before any request is made there', async () => {
    const asked: string[] = [];
    const recording: typeof fetch = (input, init) => (asked.push(String((input as Request).url ?? input)), fetch(input, init));
    for (const [, options] of locations) {
      const err = await client(options, recording).call<never>(op('GET', '/to/301/http'), {}).catch((e: unknown) => e as RedirectError);
      expect(err).toMatchObject({ name: 'RedirectError', status: 301, location: 'http://api.example.invalid/echo' });
    }
    expect(asked.filter((u) => !u.startsWith(api.url))).toEqual([]);
  });

  it('the raw openapi-fetch client: its requests with the token source or a header of their own, too', async () => {
    type Post = (path: string, init: { body: object; headers?: Record<string, string> }) => Promise<{ data?: unknown }>;
    const raw = (o: Partial<ClientOptions>) => createClient({ baseUrl: api.url, fetch: createApi({ baseUrl: api.url, retry: false, ...o }, '').fetch }) as unknown as { POST: Post };
    const before = other.requests.length;
    for (const status of [302, 303, 307, 308]) {
      const path = `/to/${status}/other`;
      await expect(raw({ tokens }).POST(path, { body: { secret: 'body' } })).rejects.toMatchObject({ name: 'RedirectError', status });
      await expect(raw({}).POST(path, { body: {}, headers: { 'X-API-Key': KEY } })).rejects.toMatchObject({ name: 'RedirectError', status });
    }
    expect(other.requests.length - before).toBe(0);
    const self = await raw({ tokens }).POST('/to/307/self', { body: { a: 1 } });
    expect(self.data).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { authorization: `Bearer ${KEY}` } });
  });

  it('in a browser, where a manual redirect is opaque: RedirectError without a place', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), body: null } as unknown as Response;
    const err = await client({ auth: { header: KEY } }, async () => opaque).call<never>(op('GET', '/x'), {}).catch((e: unknown) => e as RedirectError);
    expect(err).toMatchObject({ name: 'RedirectError', status: 0, location: undefined });
    expect(err.message).toBe('GET /x: redirected (opaque) to an unknown place, not followed with its credentials');
  });

  it('a request without any credential follows a redirect to another origin, as fetch does', async () => {
    const got = (await client({}).call<never>(op('GET', '/to/302/other'), { q: 'x' })) as Echo;
    expect(got.url).toBe('/echo?q=x');
  });
});
