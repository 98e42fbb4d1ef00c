import { describe, expect, it } from 'vitest';
import { documentRoot, readResources, type ResourceReading } from '../../../generator/model/conventions/index.js';
import { CREATED, given, OK } from './given.js';

const DOC = `{ $ref: '#/components/schemas/Doc' }`;

const g = given(`
paths:
  /documents:
    get: { responses: ${OK(`{ type: object, properties: { meta: { $ref: '#/components/schemas/Meta' }, items: { type: array, items: ${DOC} } } }`)} }
    post: { responses: ${CREATED(DOC)} }
  /documents/fetch:
    post: { responses: { '204': { description: done } } }
  /documents/{documentId}:
    get: { responses: ${OK(DOC)} }
  /documents/{documentId}/presentation:
    get: { responses: { '200': { description: ok, content: { application/pdf: {} } } } }
  /documents/{documentId}/events:
    get: { responses: ${OK(`{ type: array, items: { type: object } }`)} }
  /companies/{companyId}:
    get: { responses: ${OK(`{ $ref: '#/components/schemas/Company' }`)} }
  /notes/{noteId}:
    get: { responses: ${OK(`{ type: object }`)} }
  /uploads:
    post: { responses: ${CREATED(`{ type: object, properties: { id: { type: string } } }`)} }
  /current-user:
    get: { responses: ${OK(`{ type: object }`)} }
  /{tenant}/settings:
    get: { responses: ${OK(`{ type: object }`)} }
components:
  schemas:
    Meta: { type: object, properties: { offset: { type: integer }, limit: { type: integer }, total: { type: integer } } }
    Doc: { type: object, properties: { id: { type: string } } }
    Company: { type: object, properties: { id: { type: string } } }
`);
const readings = readResources(g.ctx, documentRoot(g.doc, 'given.yaml'));

/** A reading as plain data: where the path is written and its item's schema, as pointers. */
function plain(r: ResourceReading | undefined): Record<string, unknown> | undefined {
  if (!r) return undefined;
  const { collection, location, path: _path, ...rest } = r;
  return {
    ...rest,
    at: location.pointer,
    ...(collection ? { collection: { item: collection.item.location.pointer, shape: collection.shape, nested: collection.nested } } : {}),
  };
}

describe('resources reader', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['a GET listing meta + items: a collection of the item', '/documents', { role: 'collection', templated: false, at: '#/paths/~1documents', collection: { item: '#/components/schemas/Doc', shape: 'page', nested: false } }],
    ['an action path below a collection, not below an instance', '/documents/fetch', { role: 'singular', templated: false, at: '#/paths/~1documents~1fetch' }],
    ['<collection>/{id}: an instance', '/documents/{documentId}', { role: 'instance', templated: true, instance: { of: '/documents', idParam: 'documentId' }, at: '#/paths/~1documents~1{documentId}' }],
    ['below an instance: a sub-resource', '/documents/{documentId}/presentation', { role: 'sub-resource', templated: true, below: '/documents/{documentId}', at: '#/paths/~1documents~1{documentId}~1presentation' }],
    ['a plain array below an instance: a nested collection', '/documents/{documentId}/events', { role: 'collection', templated: true, below: '/documents/{documentId}', at: '#/paths/~1documents~1{documentId}~1events', collection: { item: '#/paths/~1documents~1{documentId}~1events/get/responses/200/content/application~1json/schema/items', shape: 'array', nested: true } }],
    ['a collection stated only by its instance answering a named schema, read where the instance is written', '/companies', { role: 'collection', templated: false, at: '#/paths/~1companies~1{companyId}', collection: { item: '#/components/schemas/Company', nested: false } }],
    ['an id under no collection (its instance answers an unnamed schema and nothing creates into it)', '/notes/{noteId}', { role: 'other', templated: true, at: '#/paths/~1notes~1{noteId}' }],
    ['a POST answering 201 with one resource: a collection, listed or not', '/uploads', { role: 'collection', templated: false, at: '#/paths/~1uploads', collection: { item: '#/paths/~1uploads/post/responses/201/content/application~1json/schema', nested: false } }],
    ['no path parameter and no other role: stand-alone', '/current-user', { role: 'singular', templated: false, at: '#/paths/~1current-user' }],
    ['a parameter that addresses no instance', '/{tenant}/settings', { role: 'other', templated: true, at: '#/paths/~1{tenant}~1settings' }],
  ])('%s', (_name, path, want) => {
    expect(plain(readings.get(path))).toEqual(want);
  });

  it('reads nothing for /notes: an unnamed instance schema with no create does not make a collection', () => {
    expect(readings.get('/notes')).toBeUndefined();
  });

  it('reads a create beside an instance of an unnamed schema as stating the collection', () => {
    const h = given(`
paths:
  /notes:
    post: { responses: { '204': { description: done } } }
  /notes/{noteId}:
    get: { responses: ${OK(`{ type: object, properties: { text: { type: string } } }`)} }
`);
    const r = readResources(h.ctx, documentRoot(h.doc, 'given.yaml'));
    expect(r.get('/notes')?.role).toBe('collection');
    expect(r.get('/notes/{noteId}')?.instance).toEqual({ of: '/notes', idParam: 'noteId' });
  });
});
