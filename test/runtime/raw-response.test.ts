// A call's promise against a real server: .withResponse() and .asResponse() (on a method taken off its client, one
// request however the promise is used), request ids on results and errors, error messages in the API's own words,
// and a per-call retry policy.
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedError } from '../../templates/runtime/error-body.js';
import { bindOperations } from '../../templates/runtime/factory.js';
import { ApiError, ApiPromise, NotFoundError, type CallOptions, type ClientOptions, type OperationSpec } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    const id = Object.fromEntries(u.searchParams.getAll('id').map((h) => [h, `id-of-${h}`]));
    switch (u.pathname) {
      case '/thing':
        return json(res, 200, { name: 'thing' }, id);
      case '/github-404':
        return json(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' }, id);
      case '/problem':
        res.writeHead(422, { 'content-type': 'application/problem+json', ...id });
        return res.end(JSON.stringify({ type: 'about:blank', title: 'Invalid name', detail: 'the name is taken', status: 422 }));
      case '/nested':
        return json(res, 400, { error: { message: 'The model x does not exist', type: 'invalid_request_error' } });
      case '/oauth':
        return json(res, 400, { error: 'invalid_request', error_description: 'limit is not a number' });
      case '/unknown':
        return json(res, 409, { code: 7 });
      case '/busy':
        return json(res, 503, { message: 'busy' });
    }
    return json(res, 599, {});
  });
});
afterAll(() => server.close());

const spec = (path: string, method: OperationSpec['method'] = 'GET'): OperationSpec => ({
  method,
  path,
  params: [{ key: 'id', name: 'id', in: 'query' }],
  accept: ['application/json'],
});
type Method = (params?: { id?: string[] }, options?: CallOptions) => ApiPromise<{ name: string }>;
type Client = Record<'thing' | 'github404' | 'problem' | 'nested' | 'oauth' | 'unknown' | 'busy', Method>;
const client = (options: Partial<ClientOptions> = {}) =>
  bindOperations<Client>(
    { baseUrl: server.url, retry: { retries: 2, baseDelayMs: 1 }, ...options },
    '',
    {
      thing: spec('/thing'),
      github404: { ...spec('/github-404'), errors: { '404': { type: 'object', required: ['message'] } } },
      problem: spec('/problem'),
      nested: spec('/nested'),
      oauth: spec('/oauth'),
      unknown: spec('/unknown'),
      busy: spec('/busy'),
    },
    { error: documentedError },
  );
const requestsTo = (path: string) => server.requests.filter((r) => r.url.startsWith(path)).length;
const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as ApiError);

describe('withResponse and asResponse', () => {
  it('a method taken off its client gives data, response and request id; one request however the promise is used', async () => {
    const get = client().thing;
    const before = requestsTo('/thing');
    const p = get({ id: ['x-request-id'] });
    expect(p).toBeInstanceOf(Promise);
    const [data, raw, same] = await Promise.all([p, p.withResponse(), p.finally(() => {})]);
    expect(data).toEqual({ name: 'thing' });
    expect(raw.data).toBe(data);
    expect(same).toBe(data);
    expect(raw.response.status).toBe(200);
    expect(raw.requestId).toBe('id-of-x-request-id');
    expect(requestsTo('/thing') - before).toBe(1);
  });

  it('asResponse gives the response with its body unread; an error status rejects as awaiting does', async () => {
    const { thing, github404 } = client();
    const res = await thing().asResponse();
    expect([res.status, res.bodyUsed]).toEqual([200, false]);
    expect(await res.json()).toEqual({ name: 'thing' });
    expect(await failure(github404().asResponse())).toBeInstanceOf(NotFoundError);
  });

  it('the promise, printed, does not show the response (whose URL may hold a query API key)', async () => {
    const p = client().thing({ id: ['secret-key-in-query'] });
    await p.withResponse();
    expect(`${inspect(p, { depth: 10, showHidden: true })}${JSON.stringify(p)}${String(p)}`).not.toContain('secret-key-in-query');
  });

  it('a promise used only through asResponse or catch leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listen = (e: unknown) => unhandled.push(e);
    process.on('unhandledRejection', listen);
    try {
      const { github404, thing } = client();
      const a = github404();
      await a.asResponse().catch(() => {});
      await github404().catch(() => {});
      await github404().withResponse().catch(() => {});
      await thing().asResponse().then((r) => r.body?.cancel());
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      process.off('unhandledRejection', listen);
    }
    expect(unhandled).toEqual([]);
  });
});

describe('request ids', () => {
  it('from x-request-id, request-id, x-<vendor>-request-id, or the header the client names', async () => {
    const id = async (headers: string[], options?: Partial<ClientOptions>) => (await client(options).thing({ id: headers }).withResponse()).requestId;
    expect(await id(['x-github-request-id'])).toBe('id-of-x-github-request-id');
    expect(await id(['x-github-request-id', 'request-id'])).toBe('id-of-request-id');
    expect(await id(['request-id', 'x-request-id'])).toBe('id-of-x-request-id');
    expect(await id(['cf-ray'])).toBeUndefined();
    expect(await id(['cf-ray', 'x-request-id'], { requestIdHeader: 'CF-Ray' })).toBe('id-of-cf-ray');
    const err = await failure(client({ requestIdHeader: 'cf-ray' }).problem({ id: ['cf-ray'] }));
    expect(err?.requestId).toBe('id-of-cf-ray');
  });
});

describe('error messages in the API own words', () => {
  it("GitHub's 404: the message, not the JSON; the request id; the declared body typed; the raw body kept", async () => {
    const err = await failure(client().github404({ id: ['x-github-request-id'] }));
    expect(err).toBeInstanceOf(NotFoundError);
    expect(err!.message).toBe('404 Not Found');
    expect(err!.requestId).toBe('id-of-x-github-request-id');
    expect(err!.body).toEqual({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest' });
    expect(JSON.parse(err!.rawText!)).toEqual(err!.body);
  });

  it('problem details give `title: detail`; `error.message`, `error` with its description; other JSON the status text', async () => {
    const c = client();
    expect((await failure(c.problem()))!.message).toBe('422 Invalid name: the name is taken');
    expect((await failure(c.nested()))!.message).toBe('400 The model x does not exist');
    expect((await failure(c.oauth()))!.message).toBe('400 invalid_request: limit is not a number');
    const other = await failure(c.unknown());
    expect([other!.message, other!.rawText, other!.body]).toEqual(['409 Conflict (application/json, not a known error shape)', '{"code":7}', undefined]);
  });
});

describe('per-call retry', () => {
  it('`retry: false` sends one request where the client retries; a call may also retry more or less', async () => {
    const { busy } = client();
    const sent = async (options?: CallOptions) => {
      const before = requestsTo('/busy');
      expect((await failure(busy({}, options)))!.status).toBe(503);
      return requestsTo('/busy') - before;
    };
    expect(await sent()).toBe(3);
    expect(await sent({ retry: false })).toBe(1);
    expect(await sent({ retry: { retries: 1, baseDelayMs: 1 } })).toBe(2);
    expect(await failure(client({ retry: false }).busy({}, { retry: { retries: 1, baseDelayMs: 1 } }))).toBeInstanceOf(ApiError);
  });
});
