// The operation record: what the sandbox and the docs used to work out from the raw document themselves, given/want.
import { describe, expect, it } from 'vitest';
import {
  accepted,
  buildApiModel,
  emptySuccessStatuses,
  errorStatuses,
  headerOf,
  offered,
  responseFor,
  successMedia,
  successResponse,
  successSchema,
  type OperationModel,
} from '../../generator/model/index.js';
import { given } from './conventions/given.js';

const DOC = `{ $ref: '#/components/schemas/Doc' }`;
const error = `{ description: refused, content: { application/json: { schema: { type: object } } } }`;
const g = given(`
paths:
  /documents:
    get:
      parameters:
        - { name: createdAfter, in: query, schema: { type: string }, x-filter: { property: createdAt, match: after } }
        - { name: senderId, in: query, schema: { type: string }, x-filter: { property: sender.id, match: equals } }
      responses:
        '200': { description: ok, headers: { ETag: { schema: { type: string } } }, content: { application/json: { schema: { type: array, items: ${DOC} } }, text/csv: {} } }
        '406': ${error}
    post:
      x-unique: [title]
      requestBody: { required: true, content: { application/xml: {}, application/json: { schema: ${DOC} } } }
      responses:
        '201': { description: created, headers: { Location: { required: true, schema: { type: string } } }, content: { application/json: { schema: ${DOC} } } }
        '202': { description: accepted }
        4XX: ${error}
  /documents/{documentId}:
    parameters: [{ name: documentId, in: path, required: true, schema: { type: string } }]
    put: { responses: { '200': { description: ok, content: { application/json: { schema: ${DOC} } } }, '409': ${error} } }
    delete: { responses: { '204': { description: gone }, default: ${error} } }
  /receipts:
    post:
      x-effect: { target: '/documents/{documentId}', ids: documentIds, set: { read: true } }
      responses: { '201': { description: created, content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } } } }
components:
  schemas:
    Doc: { type: object, properties: { id: { type: string }, title: { type: string }, read: { type: boolean }, createdAt: { type: string, format: date-time }, sender: { type: object, properties: { id: { type: string } } } } }
`);
const api = buildApiModel(g.doc, { id: '', name: 't', apiPath: '', source: 'given.yaml' });
const op = (method: string, path: string): OperationModel => api.operations.find((o) => o.method === method && o.path === path)!;

describe('the operation record', () => {
  it('holds every declared status with its headers and media types, where each is written', () => {
    const create = op('POST', '/documents');
    expect(create.statuses.map((s) => s.status)).toEqual(['201', '202', '4XX']);
    expect(successResponse(create)?.status).toBe('201');
    expect(headerOf(successResponse(create), 'location')).toEqual({ name: 'Location', required: true, schema: { file: 'given.yaml', pointer: '#/paths/~1documents/post/responses/201/headers/Location/schema' } });
    expect(successSchema(create)).toEqual({ file: 'given.yaml', pointer: '#/components/schemas/Doc' });
    expect([offered(create), accepted(create), create.body?.mediaType]).toEqual([['application/json'], ['application/xml', 'application/json'], 'application/json']);
    expect([emptySuccessStatuses(create), errorStatuses(create)]).toEqual([['202'], ['4XX']]);
  });

  it('gives the response declared for a status: its own, its range, else default', () => {
    expect(responseFor(op('POST', '/documents'), 409)?.status).toBe('4XX');
    expect(responseFor(op('DELETE', '/documents/{documentId}'), 404)?.status).toBe('default');
    expect(responseFor(op('PUT', '/documents/{documentId}'), 404)).toBeUndefined();
  });

  it('groups what the client returns by media type, in document order', () => {
    expect(successMedia(op('GET', '/documents'))).toEqual([
      { mediaType: 'application/json', kind: 'json', statuses: ['200'] },
      { mediaType: 'text/csv', kind: 'text', statuses: ['200'] },
    ]);
  });

  it('reads 406, 403 and the duplicates a create and a replace that declares 409 refuse', () => {
    expect(op('GET', '/documents').conventions.notAcceptable).toBe(true);
    expect(op('POST', '/documents').conventions).toMatchObject({ notAcceptable: true, forbidden: true, unique: { fields: ['title'], at: { pointer: '#/paths/~1documents/post/x-unique' } } });
    expect(op('PUT', '/documents/{documentId}').conventions.unique?.fields).toEqual(['title']);
    expect(op('DELETE', '/documents/{documentId}').conventions.unique).toBeUndefined();
    expect(api.collections.map((c) => [c.path, c.unique?.fields])).toEqual([['/documents', ['title']], ['/receipts', undefined]]);
  });

  it('says which filters compare instants and which collection an effect changes', () => {
    expect(op('GET', '/documents').conventions.filters.map((f) => [f.param, f.format])).toEqual([['createdAfter', 'date-time'], ['senderId', undefined]]);
    expect(op('POST', '/receipts').conventions.effect?.collection).toBe('/documents');
  });
});

describe('a record of a hostile document', () => {
  // One walk reads a parameter and where it is written: one whose `in` is no string keeps its own place.
  it('places a parameter whose `in` is no string where it is written', () => {
    const doc = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/x': { get: { parameters: [{ name: 'y', in: 5 }], responses: { '200': { description: 'ok' } } } } } };
    const [x] = buildApiModel(doc as unknown as Parameters<typeof buildApiModel>[0], { id: '', name: 't', apiPath: '', source: 'x.json' }).operations;
    expect(x!.params.map((p) => [p.name, p.at.pointer])).toEqual([['y', '#/paths/~1x/get/parameters/0']]);
  });

  it("keeps a path item's parameter in its place when the operation declares its own, read from the operation's", () => {
    const shared = [{ name: 'a', in: 'path', required: true, schema: { type: 'string' } }, { name: 'b', in: 'query', description: 'shared' }];
    const own = [{ name: 'c', in: 'query' }, { name: 'b', in: 'query', description: 'own' }, { name: 'd' }];
    const doc = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: { '/x/{a}': { parameters: shared, get: { parameters: own, responses: { '200': { description: 'ok' } } } } } };
    const [x] = buildApiModel(doc as unknown as Parameters<typeof buildApiModel>[0], { id: '', name: 't', apiPath: '', source: 'x.json' }).operations;
    expect(x!.params.map((p) => [p.key, p.description, p.at.pointer])).toEqual([
      ['a', undefined, '#/paths/~1x~1{a}/parameters/0'],
      ['b', 'own', '#/paths/~1x~1{a}/get/parameters/1'],
      ['c', undefined, '#/paths/~1x~1{a}/get/parameters/0'],
    ]);
  });
});
