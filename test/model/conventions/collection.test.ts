import { describe, expect, it } from 'vitest';
import { collectionBound, readCollection } from '../../../generator/model/conventions/index.js';
import { given } from './given.js';

const META = `{ type: object, properties: { offset: { type: integer }, limit: { type: integer }, total: { type: integer } } }`;

/** A `<method> /items` answering `schema`, taking `params`. */
const answering = (schema: string, params = '[]', method = 'get') =>
  given(`
paths:
  /items:
    ${method}:
      parameters: ${params}
      responses:
        '200': { description: ok, content: { application/json: { schema: ${schema} } } }
components:
  schemas:
    Meta: ${META}
    Item: { type: object, properties: { id: { type: string } } }
    Page: { type: object, properties: { meta: { $ref: '#/components/schemas/Meta' }, items: { type: array, items: { $ref: '#/components/schemas/Item' } } } }`);

const LIMIT = `[{ name: limit, in: query, schema: { type: integer, maximum: 100 } }]`;

describe('collection reader', () => {
  it.each([
    ['meta (CollectionMeta) + items, limit maximum', `{ $ref: '#/components/schemas/Page' }`, LIMIT, 'get', { kind: 'page', limitMax: 100 }],
    ['the page built with allOf', `{ allOf: [{ $ref: '#/components/schemas/Page' }] }`, LIMIT, 'get', { kind: 'page', limitMax: 100 }],
    ['a plain array bounded by maxItems', `{ type: array, maxItems: 20, items: { $ref: '#/components/schemas/Item' } }`, '[]', 'get', { kind: 'array', limitMax: 20 }],
    ['a 3.1 nullable array type', `{ type: [array, 'null'], items: { $ref: '#/components/schemas/Item' } }`, '[]', 'get', { kind: 'array' }],
    ['a plain array, limit maximum before maxItems', `{ type: array, maxItems: 20, items: { $ref: '#/components/schemas/Item' } }`, LIMIT, 'get', { kind: 'array', limitMax: 100 }],
    ['meta that is not CollectionMeta', `{ type: object, properties: { meta: { type: object }, items: { type: array, items: {} } } }`, LIMIT, 'get', { kind: 'none' }],
    ['items without meta', `{ type: object, properties: { items: { type: array, items: {} } } }`, '[]', 'get', { kind: 'none' }],
    ['one object', `{ $ref: '#/components/schemas/Item' }`, '[]', 'get', { kind: 'none' }],
    ['a POST answering a page', `{ $ref: '#/components/schemas/Page' }`, '[]', 'post', { kind: 'none' }],
  ])('%s', (_name, schema, params, method, want) => {
    const g = answering(schema, params, method);
    const { kind, limitMax } = readCollection(g.ctx, g.op(`${method} /items`));
    expect({ kind, ...(limitMax !== undefined ? { limitMax } : {}) }).toEqual(want);
  });

  it('reads the item where it is written', () => {
    const g = answering(`{ $ref: '#/components/schemas/Page' }`, LIMIT);
    expect(readCollection(g.ctx, g.op('get /items')).item?.location.pointer).toBe('#/components/schemas/Item');
  });

  // The bound stands apart from the shape: docex/collection-bounded judges it on any GET that looks like a collection.
  it.each([
    ['limit maximum', `{ $ref: '#/components/schemas/Page' }`, LIMIT, 100],
    ['limit maximum before maxItems', `{ type: array, maxItems: 20, items: {} }`, LIMIT, 100],
    ['maxItems of a plain array', `{ type: array, maxItems: 20, items: {} }`, '[]', 20],
    ['maxItems of items beside a meta that is not CollectionMeta', `{ type: object, properties: { meta: { type: object }, items: { type: array, maxItems: 30, items: {} } } }`, '[]', 30],
    ['maxItems of items without meta', `{ type: object, properties: { items: { type: array, maxItems: 40 } } }`, '[]', 40],
    ['limit without maximum, array without maxItems', `{ type: array, items: {} }`, `[{ name: limit, in: query, schema: { type: integer } }]`, undefined],
    ['one object', `{ $ref: '#/components/schemas/Item' }`, '[]', undefined],
  ])('bound: %s', (_name, schema, params, want) => {
    const g = answering(schema, params);
    expect(collectionBound(g.ctx, g.op('get /items'))).toBe(want);
  });
});
