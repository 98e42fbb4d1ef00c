// ETags: the result's etag, If-None-Match from the cache with 304 -> cached data, the caller's own -> NotModified,
// If-Match and 412.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, MemoryEtagCache, NotModified, PreconditionFailedError, type OperationSpec, type WithEtag } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

let version = 1;
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const etag = `"v${version}"`;
    if (req.url.startsWith('/documents/d1/presentation')) {
      if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
      return res.writeHead(200, { etag, 'content-type': 'application/pdf' }).end(`%PDF v${version}`);
    }
    if (req.url.startsWith('/secret')) return json(res, 200, { s: 1 }, { etag, 'cache-control': 'no-store' });
    if (req.method === 'PUT') {
      if (req.headers['if-match'] !== etag) return json(res, 412, { technicalMessage: 'ETag mismatch', errorCode: 'ETAG_MISMATCH' });
      version++;
      return json(res, 200, JSON.parse(req.body.toString()), { etag: `"v${version}"` });
    }
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
    json(res, 200, { id: 'd1', version }, { etag });
  });
});
afterAll(() => server.close());

const getDocument = {
  method: 'GET',
  path: '/documents/{documentId}',
  params: [{ key: 'documentId', name: 'documentId', in: 'path' }],
  accept: ['application/json'],
  etag: true,
} as const satisfies OperationSpec;
const updateDocument = {
  method: 'PUT',
  path: '/documents/{documentId}',
  params: [
    { key: 'documentId', name: 'documentId', in: 'path' },
    { key: 'ifMatch', name: 'If-Match', in: 'header' },
  ],
  body: { mediaType: 'application/json' },
  accept: ['application/json'],
  etag: true,
} as const satisfies OperationSpec;
type Doc = WithEtag<{ id: string; version: number }>;
const since = () => {
  const n = server.requests.length;
  return () => server.requests.slice(n);
};

describe('etag', () => {
  it('is a non-enumerable property of the result', async () => {
    version = 1;
    const doc = await createApi({ baseUrl: server.url }, '').call<Doc>(getDocument, { documentId: 'd1' });
    expect(doc.etag).toBe('"v1"');
    expect(Object.keys(doc)).toEqual(['id', 'version']);
    expect(JSON.stringify(doc)).toBe('{"id":"d1","version":1}');
  });

  it('with etagCache: sends If-None-Match and turns 304 into the cached data (a fresh copy each time)', async () => {
    version = 1;
    const api = createApi({ baseUrl: server.url, etagCache: true }, '');
    const reqs = since();
    const first = await api.call<Doc>(getDocument, { documentId: 'd1' });
    first.version = 99; // the caller's copy; the cache keeps the response as sent
    const second = await api.call<Doc>(getDocument, { documentId: 'd1' });
    expect(second).toEqual({ id: 'd1', version: 1 });
    expect(second.etag).toBe('"v1"');
    expect(reqs().map((r) => r.headers['if-none-match'])).toEqual([undefined, '"v1"']);
    version = 2;
    expect(await api.call<Doc>(getDocument, { documentId: 'd1' })).toEqual({ id: 'd1', version: 2 });
  });

  it("a 304 to the caller's own ifNoneMatch parameter gives NotModified (or the cached data the client holds); to a header of options, an ApiError", async () => {
    version = 1;
    const api = createApi({ baseUrl: server.url }, '');
    const conditional = { ...getDocument, params: [...getDocument.params, { key: 'ifNoneMatch', name: 'If-None-Match', in: 'header' }] } satisfies OperationSpec;
    const result = await api.call(conditional, { documentId: 'd1', ifNoneMatch: '"v1"' });
    expect(result).toBeInstanceOf(NotModified);
    expect(result).toEqual({ notModified: true, etag: '"v1"' });
    expect(server.requests.at(-1)?.headers['if-none-match']).toBe('"v1"');
    const err = await api.call(getDocument, { documentId: 'd1' }, { headers: { 'If-None-Match': '"v1"' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'ApiError', status: 304 });
    // The client-wide headers are not the caller's parameter either.
    const shared = createApi({ baseUrl: server.url, headers: { 'If-None-Match': '"v1"' } }, '');
    await expect(shared.call(conditional, { documentId: 'd1' })).rejects.toMatchObject({ status: 304 });
    const cached = createApi({ baseUrl: server.url, etagCache: true }, '');
    const first = await cached.call<Doc>(conditional, { documentId: 'd1' });
    expect(await cached.call(conditional, { documentId: 'd1', ifNoneMatch: first.etag })).toEqual({ id: 'd1', version: 1 });
  });

  it('caches Blob results too, and not no-store responses', async () => {
    version = 1;
    const cache = new MemoryEtagCache();
    const api = createApi({ baseUrl: server.url, etagCache: cache }, '');
    const pres = { method: 'GET', path: '/documents/d1/presentation', params: [], accept: ['application/pdf'], etag: true } as const satisfies OperationSpec;
    await api.call(pres, {});
    const pdf = await api.call<WithEtag<Blob>>(pres, {});
    expect([await pdf.text(), pdf.etag, server.requests.at(-1)?.headers['if-none-match']]).toEqual(['%PDF v1', '"v1"', '"v1"']);
    const reqs = since();
    const secret = { method: 'GET', path: '/secret', params: [], accept: ['application/json'], etag: true } as const satisfies OperationSpec;
    await api.call(secret, {});
    await api.call(secret, {});
    expect(reqs().map((r) => r.headers['if-none-match'])).toEqual([undefined, undefined]);
    expect(cache.size).toBe(1);
  });

  it('PUT with ifMatch: success gives the new etag, a stale one raises PreconditionFailedError (412)', async () => {
    version = 1;
    const api = createApi({ baseUrl: server.url }, '');
    const doc = await api.call<Doc>(getDocument, { documentId: 'd1' });
    const updated = await api.call<Doc>(updateDocument, { documentId: 'd1', ifMatch: doc.etag, body: { id: 'd1', version: 2 } });
    expect(updated.etag).toBe('"v2"');
    const err = await api.call(updateDocument, { documentId: 'd1', ifMatch: doc.etag, body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PreconditionFailedError);
    expect(err).toMatchObject({ status: 412, errorCode: 'ETAG_MISMATCH', name: 'PreconditionFailedError' });
  });
});

describe('MemoryEtagCache', () => {
  it('evicts the least recently used entry beyond its bound', () => {
    const c = new MemoryEtagCache(2);
    const e = (etag: string) => ({ etag, contentType: 'application/json', body: '{}' });
    c.set('a', e('1'));
    c.set('b', e('2'));
    c.get('a');
    c.set('c', e('3'));
    expect([c.get('a')?.etag, c.get('b'), c.get('c')?.etag, c.size]).toEqual(['1', undefined, '3', 2]);
  });
});
