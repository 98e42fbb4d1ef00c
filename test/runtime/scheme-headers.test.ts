// A header that the document's apiKey security scheme names (`X-Session`, which no credential-like name pattern
// catches), given by hand in a client's or a call's `headers`, is a credential: refused over plain http to a host that
// is not loopback, and not sent to another origin on a redirect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentials } from '../../templates/runtime/credentials.js';
import { bindOperations } from '../../templates/runtime/factory.js';
import { RedirectError, type ApiPromise, type ClientOptions, type OperationSpec } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

let other: TestServer;
let server: TestServer;
beforeAll(async () => {
  other = await startServer((_req, res) => json(res, 200, { at: 'other' }));
  server = await startServer((req, res) => {
    res.writeHead(302, { location: `${other.url}landed` });
    res.end();
  });
});
afterAll(async () => {
  await server.close();
  await other.close();
});

const auth = credentials({ session: { type: 'apiKey', in: 'header', name: 'X-Session' } }, [['session']]);
const get: OperationSpec = { method: 'GET', path: '/go', params: [], accept: ['application/json'] };
const client = (options: ClientOptions) => bindOperations<{ go: (p?: object, o?: { headers?: Record<string, string> }) => ApiPromise<unknown> }>(options, '', { go: get }, { auth });

describe("a header the document's apiKey scheme names, given by hand", () => {
  it('is not sent to another origin on a redirect', async () => {
    for (const [options, call] of [
      [{ headers: { 'X-Session': 's3ssion' } }, {}],
      [{}, { headers: { 'x-session': 's3ssion' } }],
    ] as const) {
      const error = await client({ baseUrl: server.url, retry: false, ...options })
        .go({}, call)
        .then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectError);
    }
    expect(other.requests).toEqual([]);
  });

  it('is refused over plain http to a host that is not loopback, before sending', async () => {
    let sent = 0;
    const fetch = async () => (sent++, new Response('{}', { headers: { 'content-type': 'application/json' } }));
    expect(() => client({ baseUrl: 'http://api.example.com/', headers: { 'X-Session': 's3ssion' }, fetch })).toThrow(/must be https with credentials/);
    const error = await client({ baseUrl: 'http://api.example.com/', fetch, retry: false })
      .go({}, { headers: { 'X-Session': 's3ssion' } })
      .then(() => undefined, (e: unknown) => e);
    expect(String(error)).toMatch(/must be https with credentials.*refused http:\/\/api\.example\.com$/);
    expect(String(error)).not.toContain('s3ssion');
    // Another header still goes over http, and the scheme's header to a loopback host too.
    await client({ baseUrl: 'http://api.example.com/', fetch, retry: false }).go({}, { headers: { 'X-Trace': '1' } });
    await client({ baseUrl: 'http://127.0.0.1:9/', headers: { 'X-Session': 's3ssion' }, fetch, retry: false }).go();
    expect(sent).toBe(2);
  });
});
