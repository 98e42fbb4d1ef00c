// Success bodies parsed by the response's media type; empty bodies give undefined without throwing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createApi, UnexpectedBodyError, type OperationSpec } from '../../templates/runtime/index.js';
import { accepts } from '../../templates/runtime/response.js';
import { startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    const type = u.searchParams.get('type');
    const body = u.searchParams.get('body') ?? '';
    const status = Number(u.searchParams.get('status') ?? 200);
    if (u.searchParams.has('chunked')) {
      res.writeHead(status, type ? { 'content-type': type } : {});
      res.end(body); // no content-length: chunked
      return;
    }
    res.writeHead(status, { ...(type && { 'content-type': type }), 'content-length': Buffer.byteLength(body) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
});
afterAll(() => server.close());

const get = (accept: string[] = ['application/json'], method: OperationSpec['method'] = 'GET'): OperationSpec => ({
  method,
  path: '/r',
  params: [
    { key: 'type', name: 'type', in: 'query' },
    { key: 'body', name: 'body', in: 'query' },
    { key: 'status', name: 'status', in: 'query' },
    { key: 'chunked', name: 'chunked', in: 'query' },
  ],
  accept,
});
const api = () => createApi({ baseUrl: server.url, retry: false }, '');

describe('parse by media type', () => {
  it('JSON and +json -> parsed value', async () => {
    expect(await api().call(get(), { type: 'application/json; charset=utf-8', body: '{"a":[1,"x"]}' })).toEqual({ a: [1, 'x'] });
    expect(await api().call(get(), { type: 'application/problem+json', body: '[1,2]' })).toEqual([1, 2]);
    expect(await api().call(get(), { type: 'application/json', body: '"s"' })).toBe('s');
  });

  it('text/*, application/xml and *+xml -> string', async () => {
    for (const type of ['text/plain', 'text/csv; charset=utf-8', 'application/xml', 'application/atom+xml']) {
      expect(await api().call(get([type]), { type, body: '<a>1</a>' })).toBe('<a>1</a>');
    }
  });

  it('other media types -> Blob with the bytes', async () => {
    const pdf = await api().call<Blob>(get(['application/pdf']), { type: 'application/pdf', body: '%PDF' });
    expect(pdf).toBeInstanceOf(Blob);
    expect([await pdf.text(), pdf.type]).toEqual(['%PDF', 'application/pdf']);
    const png = await api().call<Blob>(get(['image/png']), { type: 'image/png', body: 'PNG' });
    expect(await png.text()).toBe('PNG');
  });

  it('uses the Accept sent when the response has no Content-Type', async () => {
    expect(await api().call(get(['application/json']), { body: '{"a":1}' })).toEqual({ a: 1 });
    expect(await api().call(get(['application/json', 'text/plain']), { body: '{"a":1}' }, { accept: 'text/plain' })).toBe('{"a":1}');
  });

  it('invalid JSON in a success response -> UnexpectedBodyError naming the content type', async () => {
    const err = await api().call(get(), { type: 'application/json', body: '<html>' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnexpectedBodyError);
    expect(err).not.toBeInstanceOf(ApiError);
    expect((err as UnexpectedBodyError).message).toBe('200 with invalid JSON in a application/json body');
    expect((err as UnexpectedBodyError).rawText).toBe('<html>');
  });
});

describe('empty bodies', () => {
  it('204, HEAD, and an operation without a body -> undefined', async () => {
    expect(await api().call(get(), { status: 204, type: 'application/json' })).toBeUndefined();
    expect(await api().call(get([], 'HEAD'), { type: 'application/json', body: '{"a":1}' })).toBeUndefined();
    expect(await api().call(get([], 'DELETE'), { status: 204 })).toBeUndefined();
    expect(await api().call(get([]), { type: 'application/json' })).toBeUndefined();
  });

  it('a 200 without the body the operation documents (Content-Length 0, chunked empty) -> UnexpectedBodyError, not undefined nor an ApiError', async () => {
    for (const [accept, params] of [
      [['application/json'], { type: 'application/json' }],
      [['application/json'], { type: 'application/json', chunked: 1 }],
      [['application/pdf'], { type: 'application/pdf', chunked: 1 }],
    ] as const) {
      const err = await api().call(get([...accept]), params).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UnexpectedBodyError);
      expect(err).not.toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ name: 'UnexpectedBodyError', status: 200, message: `200 with an empty body where ${accept[0]} was documented` });
      expect((err as UnexpectedBodyError).response?.status).toBe(200);
    }
  });
});

describe('a success body of a media type not asked for', () => {
  it('-> UnexpectedBodyError with the raw text; any JSON type answers a JSON request, wildcards match', async () => {
    const err = await api().call(get(), { type: 'text/html', body: '<html>login</html>' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 200, name: 'UnexpectedBodyError', message: '200 with a text/html body, not the application/json asked for', rawText: '<html>login</html>' });
    expect(await api().call(get(['application/vnd.docex+json']), { type: 'application/json', body: '[1]' })).toEqual([1]);
    expect(await api().call(get(['image/*']), { type: 'image/png', body: 'PNG' })).toBeInstanceOf(Blob);
  });
});

describe('accepts (the response type against Accept, kept per pair)', () => {
  it('matches exact, parameterised, wildcard and any-JSON types, case-insensitively', () => {
    const cases: [string, string, boolean][] = [
      ['application/json', 'application/json', true],
      ['application/json', 'application/json; charset=utf-8', true],
      ['application/json', 'application/problem+json', true],
      ['application/json', 'text/html', false],
      ['application/pdf, application/xml', 'Application/XML', true],
      ['image/*', 'image/png', true],
      ['image/*', 'application/pdf', false],
      ['*/*', 'anything/at-all', true],
      ['application/pdf', '', false],
    ];
    for (const [accept, type, want] of cases) for (let i = 0; i < 2; i++) expect([accept, type, accepts(accept, type)]).toEqual([accept, type, want]);
  });
  it('gives the same answer again for any Content-Type, also past the bound of kept answers', () => {
    fc.assert(
      fc.property(fc.constantFrom('application/json', 'application/pdf, image/*', 'text/*;q=0.5, */*'), fc.string({ maxLength: 200 }), (accept, type) => {
        const first = accepts(accept, type);
        expect(accepts(accept, type)).toBe(first);
        expect(accepts(accept, `${type}`.slice(0))).toBe(first);
      }),
      { numRuns: 300 },
    );
  });
});
