// A hand-written client in the shape the generator emits (contracts section 3), run against a real server:
// it pins the seam between generated code and the runtime, at run time and (through tsc) at type level.
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  createApi,
  NotAcceptableError,
  PreconditionFailedError,
  type CallOptions,
  type ClientOptions,
  type Expanded,
  type OperationSpec,
  type ResultFor,
  type SortParam,
  type WithEtag,
} from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

interface Party { id: string; name: string }
interface Doc { id: string; title: string; sender: { id: string } }
interface DocPage { meta: { offset: number; limit: number; total: number }; items: Doc[] }
interface ExpandMap { sender: Party }
interface paths { '/documents/{documentId}': { get: { parameters: { path: { documentId: string } }; responses: { 200: { content: { 'application/json': Doc } } } } } }

const listDocuments = {
  method: 'GET',
  path: '/documents',
  params: [
    { key: 'offset', name: 'offset', in: 'query' },
    { key: 'limit', name: 'limit', in: 'query' },
    { key: 'sort', name: 'sort', in: 'query' },
    { key: 'expand', name: 'expand', in: 'query', explode: false },
  ],
  accept: ['application/json'],
  paging: { style: 'offset', offset: 'offset', limit: 'limit', items: ['items'], total: ['meta', 'total'], limitMax: 50 },
} as const satisfies OperationSpec;
const getDocumentPresentation = {
  method: 'GET',
  path: '/documents/{documentId}/presentation',
  params: [{ key: 'documentId', name: 'documentId', in: 'path' }],
  accept: ['application/pdf', 'application/xml'],
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

interface ListParams<E> { offset?: number; limit?: number; sort?: SortParam<'title' | 'createdAt'>; expand?: E[] }
type PresentationMap = { 'application/pdf': Blob; 'application/xml': string };

function createDocumentClient(options: ClientOptions) {
  const api = createApi(options, 'document/v1/');
  return {
    listDocuments: Object.assign(
      <E extends keyof ExpandMap = never>(params: ListParams<E> = {}, o?: CallOptions) => api.call<Expanded<DocPage, ExpandMap, E>>(listDocuments, params, o),
      {
        all: <E extends keyof ExpandMap = never>(params: ListParams<E> = {}, o?: CallOptions) => api.all<Expanded<Doc, ExpandMap, E>>(listDocuments, params, o),
        pages: <E extends keyof ExpandMap = never>(params: ListParams<E> = {}, o?: CallOptions) => api.pages<Expanded<DocPage, ExpandMap, E>>(listDocuments, params, o),
      },
    ),
    getDocumentPresentation: <A extends keyof PresentationMap = 'application/pdf'>(params: { documentId: string }, o?: CallOptions & { accept?: A }) =>
      api.call<ResultFor<PresentationMap, A>>(getDocumentPresentation, params, o),
    updateDocument: (params: { documentId: string; ifMatch?: string; body: Doc }, o?: CallOptions) => api.call<WithEtag<Doc>>(updateDocument, params, o),
    raw: createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch }),
  };
}

const docs: Doc[] = Array.from({ length: 120 }, (_, i) => ({ id: `d${i}`, title: `T${i}`, sender: { id: `p${i % 3}` } }));
let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    if (u.pathname === '/document/v1/documents') {
      const offset = Number(u.searchParams.get('offset'));
      const limit = Number(u.searchParams.get('limit'));
      const expand = u.searchParams.get('expand')?.split(',') ?? [];
      const items = docs.slice(offset, offset + limit).map((d) => (expand.includes('sender') ? { ...d, sender: { id: d.sender.id, name: `Party ${d.sender.id}` } } : d));
      return json(res, 200, { meta: { offset, limit, total: docs.length }, items });
    }
    if (u.pathname.endsWith('/presentation')) {
      if (req.headers.accept === 'image/png') return json(res, 406, { technicalMessage: 'not available as image/png' });
      const xml = req.headers.accept?.startsWith('application/xml');
      return res.writeHead(200, { 'content-type': xml ? 'application/xml' : 'application/pdf' }).end(xml ? '<doc/>' : '%PDF');
    }
    if (req.method === 'PUT') {
      if (req.headers['if-match'] !== '"v1"') return json(res, 412, { technicalMessage: 'stale ETag' });
      return json(res, 200, JSON.parse(req.body.toString()), { etag: '"v2"' });
    }
    json(res, 200, docs[0]);
  });
});
afterAll(() => server.close());

describe('a generated-shape client', () => {
  it('lists with expand and sort; all() walks every page lazily', async () => {
    const client = createDocumentClient({ baseUrl: server.url });
    const page = await client.listDocuments({ limit: 10, sort: '-createdAt', expand: ['sender'] });
    expectTypeOf(page.items[0]!.sender.name).toEqualTypeOf<string>();
    expect(page.items[0]!.sender.name).toBe('Party p0');
    expect(server.requests.at(-1)?.url).toBe('/document/v1/documents?limit=10&sort=-createdAt&expand=sender');
    const ids: string[] = [];
    for await (const doc of client.listDocuments.all()) ids.push(doc.id);
    expect(ids).toEqual(docs.map((d) => d.id));
  });

  it('chooses the result type by accept, raises 406 and 412', async () => {
    const client = createDocumentClient({ baseUrl: server.url });
    const pdf = await client.getDocumentPresentation({ documentId: 'd1' }, { accept: 'application/pdf' });
    expectTypeOf(pdf).toEqualTypeOf<Blob>();
    expect(await pdf.text()).toBe('%PDF');
    const xml = await client.getDocumentPresentation({ documentId: 'd1' }, { accept: 'application/xml' });
    expectTypeOf(xml).toEqualTypeOf<string>();
    expect(xml).toBe('<doc/>');
    await expect(client.getDocumentPresentation({ documentId: 'd1' }, { accept: 'image/png' as 'application/pdf' })).rejects.toBeInstanceOf(NotAcceptableError);
    const updated = await client.updateDocument({ documentId: 'd1', ifMatch: '"v1"', body: docs[1]! });
    expect([updated.id, updated.etag]).toEqual(['d1', '"v2"']);
    await expect(client.updateDocument({ documentId: 'd1', ifMatch: '"v0"', body: docs[1]! })).rejects.toBeInstanceOf(PreconditionFailedError);
  });

  it('keeps the raw openapi-fetch client reachable under the sub API path', async () => {
    const client = createDocumentClient({ baseUrl: server.url });
    const { data } = await client.raw.GET('/documents/{documentId}', { params: { path: { documentId: 'd0' } } });
    expect(data).toEqual(docs[0]);
    expect(server.requests.at(-1)?.url).toBe('/document/v1/documents/d0');
  });
});
