// Issue 41: no secret in any printable form of any error. A sentinel secret is planted in every credential location
// (API keys in a header, the query and a cookie, http basic, bearer, the token source's token, a header given in
// `headers`, the token client's client secret and refresh token), every error class of the runtime and of the token
// client is provoked with it, and each error's message, stack, String(), JSON, util.inspect (what console.log prints,
// also with hidden properties) and its `cause` chain are searched for it.
import createClient from 'openapi-fetch';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials } from '../../templates/runtime/credentials.js';
import { createApi, type ClientOptions } from '../../templates/runtime/index.js';
import { createTokenClient, MemoryTokenStore } from '../../templates/token/index.js';
import { locations, schemes, securedOp as op, tokenSource } from './credential-cases.js';
import { json, startServer, type TestServer } from './server.js';

const SECRET = 'Sentinel-7f3a9c';
/** Every form a secret takes on the wire: as is, and inside basic's base64 (with each user name used here). */
const forms = [SECRET, Buffer.from(`u:${SECRET}`).toString('base64'), Buffer.from(`id:${SECRET}`).toString('base64')];

/** Every printable form of an error and of each error in its `cause` chain. */
function printable(err: unknown): string[] {
  const out: string[] = [];
  for (let e = err, depth = 0; e !== undefined && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    out.push(String(e), JSON.stringify(e) ?? '', inspect(e), inspect(e, { showHidden: true, depth: 10 }));
    if (e instanceof Error) out.push(e.message, e.stack ?? '');
  }
  return out;
}
const leaks = (err: unknown) => printable(err).filter((t) => forms.some((f) => t.includes(f)));

let api: TestServer;
let other: TestServer;
beforeAll(async () => {
  other = await startServer((req, res) => json(res, 200, {}));
  api = await startServer((req, res, raw) => {
    const path = req.url.split('?')[0]!;
    switch (path) {
      case '/401':
        return json(res, 401, { technicalMessage: 'token expired' });
      case '/404':
        return json(res, 404, { technicalMessage: 'no such thing', errorCode: 'NOT_FOUND' });
      case '/422':
        return json(res, 422, { error: 'other shape' });
      case '/500':
        return res.writeHead(500, { 'content-type': 'text/html' }).end('<html>oops</html>');
      case '/bad-json':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":');
      case '/reset':
        return raw.socket.destroy();
      case '/slow':
        return setTimeout(() => json(res, 200, {}), 2000);
      case '/redirect':
        return res.writeHead(307, { location: `${other.url}echo${req.url.slice(path.length)}` }).end();
      default:
        return json(res, 200, {});
    }
  });
});
afterAll(async () => {
  await api.close();
  await other.close();
});

const client = (options: Partial<ClientOptions> & { auth?: object }) =>
  createApi({ baseUrl: api.url, retry: false, ...options }, '', { auth: credentials(schemes) });
const fail = (p: Promise<unknown>) => p.then(() => new Error('no error'), (e: unknown) => e);

describe('no secret in any printable form of an error', () => {
  for (const [where, options] of locations(SECRET)) {
    it(`${where}: every error class of the runtime`, async () => {
      const c = client(options);
      const errors = await Promise.all([
        fail(c.call(op('GET', '/401'), { q: 'x' })),
        fail(c.call(op('GET', '/404'), { q: 'x' })),
        fail(c.call(op('GET', '/422'), { q: 'x' })),
        fail(c.call(op('GET', '/500'), { q: 'x' })),
        fail(c.call(op('GET', '/bad-json'), { q: 'x' })),
        fail(c.call(op('GET', '/reset'), { q: 'x' })),
        fail(c.call(op('DELETE', '/reset'), { q: 'x' })),
        fail(c.call(op('GET', '/slow'), { q: 'x' }, { timeoutMs: 50 })),
        fail(c.call(op('GET', '/redirect'), { q: 'x' })),
        fail(createClient({ baseUrl: api.url, fetch: createApi({ baseUrl: api.url, retry: false, ...options }, '').fetch }).GET('/redirect' as never, { headers: { 'X-Raw-Key': SECRET } } as never)),
      ]);
      expect(errors.map((e) => (e as Error).name)).toEqual([
        'UnauthorizedError', 'NotFoundError', 'ApiError', 'InternalServerError', 'UnexpectedBodyError',
        'NetworkError', 'OutcomeUnknownError', 'TimeoutError', 'RedirectError', 'RedirectError',
      ]);
      for (const e of errors) expect(leaks(e), `${(e as Error).name}`).toEqual([]);
      // The secret is where a caller deliberately looks (the response's URL of a query key), not where it prints.
      if (where === 'query API key') expect((errors[1] as { response: Response }).response.url).toContain(SECRET);
    });

    it(`${where}: a credential fetch refuses to send (a line break in it), and a baseUrl with userinfo`, async () => {
      // Inside the value: fetch trims a line break at either end.
      const [, broken] = locations(`${SECRET}\nX`).find(([w]) => w === where)!;
      const before = api.requests.length;
      const refused = await fail(client(broken).call(op('GET', '/404'), { q: 'x' }));
      // A query or cookie key is percent-encoded, basic's password base64-encoded: nothing to refuse, and the call gets
      // its answer. Sent as it is, the value is refused before anything is sent, and the error says which header.
      const encoded = ['query API key', 'cookie API key', 'http basic'].includes(where);
      expect((refused as Error).name).toBe(encoded ? 'NotFoundError' : 'TypeError');
      if (!encoded) {
        expect(api.requests.length).toBe(before);
        expect((refused as Error).message).toMatch(/^GET \/404: refused before sending, header (x-api-key|authorization|x-custom-key) is not valid$/);
      }
      expect(leaks(refused)).toEqual([]);
      const userinfo = (() => {
        try {
          client({ ...options, baseUrl: `http://u:${SECRET}@127.0.0.1:9/` });
        } catch (e) {
          return e;
        }
      })();
      expect(userinfo).toBeInstanceOf(TypeError);
      expect((userinfo as Error).message).toBe('baseUrl must not hold credentials (give them in auth): refused http://127.0.0.1:9');
      expect(leaks(userinfo)).toEqual([]);
    });
  }
});

describe('no secret in any printable form of a token client error', () => {
  let endpoint: TestServer;
  beforeAll(async () => {
    endpoint = await startServer((req, res) => {
      const form = new URLSearchParams(req.body.toString());
      // A careless token service that echoes what it was sent.
      if (req.url.endsWith('/redirect/oauth2/token')) return res.writeHead(307, { location: `${other.url}oauth2/token` }).end();
      if (form.get('grant_type') === 'refresh_token') return json(res, 400, { error: 'invalid_grant', error_description: `refresh token ${form.get('refresh_token')} is unknown` });
      return json(res, 500, { error: 'server_error', error_description: `cannot check ${req.headers.authorization} for ${form.get('password')}` });
    });
  });
  afterAll(() => endpoint.close());

  const stored = { version: 1 as const, accessToken: `${SECRET}-access`, expiresAt: 0, expiresIn: 300, refreshToken: `${SECRET}-refresh`, refreshTokenExpiresAt: null, grant: 'password' as const };
  const tokenClient = (authUrl: string) => createTokenClient({ authUrl, clientId: 'id', clientSecret: SECRET, store: new MemoryTokenStore(stored), onWarning: () => {} });

  it('TokenError and ReauthRequiredError: refresh refused, sign-in refused, no answer, a redirect', async () => {
    const errors = await Promise.all([
      fail(tokenClient(endpoint.url).getAccessToken()),
      fail(tokenClient(endpoint.url).signInWithPassword({ username: 'u', password: `${SECRET}-password` })),
      fail(tokenClient('http://127.0.0.1:9').getAccessToken()),
      fail(tokenClient(`${endpoint.url}redirect`).getAccessToken()),
      // The token client as the token source of an API call whose refresh fails.
      fail(createApi({ baseUrl: api.url, retry: false, tokens: tokenClient(endpoint.url) }, '').call(op('GET', '/401'), {})),
    ]);
    expect(errors.map((e) => [(e as Error).name, (e as { code?: string }).code])).toEqual([
      ['ReauthRequiredError', 'invalid_grant'],
      ['TokenError', 'server_error'],
      ['TokenError', 'network_error'],
      ['TokenError', 'network_error'],
      ['ReauthRequiredError', 'invalid_grant'],
    ]);
    for (const e of errors) expect(leaks(e), (e as Error).message).toEqual([]);
    expect(other.requests.filter((r) => r.url.includes('oauth2'))).toEqual([]);
  });
});

describe("fetch's refusals before sending (G)", () => {
  it('are not retried, and name the header without its value; a network failure still is retried', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => (calls++, fetch(input, init));
    const c = createApi({ baseUrl: api.url, fetch: counting, retry: { baseDelayMs: 1 }, headers: { 'X-Custom-Key': `${SECRET}\nX` } }, '');
    const err = await fail(c.call(op('GET', '/404'), {}));
    expect([calls, (err as Error).name, (err as Error).message]).toEqual([1, 'TypeError', 'GET /404: refused before sending, header x-custom-key is not valid']);
    expect((err as Error).cause).toBeUndefined();
    // The raw client's fetch: a request it is given, and the token it adds.
    const rawFetch = createApi({ baseUrl: api.url, fetch: counting, tokens: tokenSource(`${SECRET}\nX`) }, '').fetch;
    const rawErrors = await Promise.all([
      fail(rawFetch(`${api.url}404`, { headers: { 'X-Raw-Key': `${SECRET}\nX` } })),
      fail(rawFetch(`${api.url}404`)),
      fail(rawFetch(`http://u:${SECRET}@127.0.0.1:9/404`)),
    ]);
    // fetch was asked once more, for the token's request (refused inside it), and never again.
    expect([calls, ...rawErrors.map((e) => (e as Error).message)]).toEqual([
      2,
      'raw GET: refused before sending, header X-Raw-Key is not valid',
      'raw GET: refused before sending, header authorization is not valid',
      'raw GET: refused before sending, its URL holds credentials',
    ]);
    for (const e of rawErrors) expect(leaks(e)).toEqual([]);
    // Connection refused: nothing was sent either, but another attempt may connect.
    calls = 0;
    const down = await fail(createApi({ baseUrl: 'http://127.0.0.1:9/', fetch: counting, retry: { baseDelayMs: 1 } }, '').call(op('GET', '/x'), {}));
    expect([calls, (down as Error).name]).toEqual([3, 'NetworkError']);
  });
});
