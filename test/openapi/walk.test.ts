// The conventions test is only as good as its walkers: each one must reject what breaks the convention.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, SchemaObject } from '../../generator/load/index.js';
import { collectionItem, header, mediaExamples, operations, visitSchemas } from './walk.js';

const message: SchemaObject = { type: 'object', required: ['technicalMessage'], properties: { technicalMessage: { type: 'string' } } };
const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/things/{thingId}': {
      parameters: [{ $ref: '#/components/parameters/ThingId' } as never],
      get: {
        responses: {
          '200': { $ref: '#/components/responses/Ok' },
          '404': { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/Message' }, examples: { a: { value: { technicalMessage: 'x' } } } } } },
        },
      },
    },
  },
  components: {
    parameters: { ThingId: { name: 'thingId', in: 'path', required: true, schema: { type: 'string' } } },
    responses: { Ok: { description: 'ok', headers: { 'cache-control': { schema: { type: 'string' } } }, content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } }, example: [] } } } },
    schemas: {
      Message: message,
      Thing: { type: 'object', properties: { id: { type: 'string' }, owner: { type: 'object', properties: { ownerId: { type: 'integer' } } } } },
    },
  },
};

describe('conventions test walkers', () => {
  it('dereference path parameters and responses, and find headers case-insensitively', () => {
    const [op] = operations(doc);
    expect(op?.params.map((p) => p.name)).toEqual(['thingId']);
    const ok = op?.responses.find(([s]) => s === '200')?.[1];
    expect(ok && header(doc, ok, 'Cache-Control')).toBeDefined();
    expect(ok && header(doc, ok, 'ETag')).toBeUndefined();
    expect(collectionItem(doc, ok?.content?.['application/json']?.schema)?.properties?.id).toEqual({ type: 'string' });
  });

  it('collect examples from example and examples', () => {
    const [op] = operations(doc);
    const notFound = op?.responses.find(([s]) => s === '404')?.[1].content?.['application/json'];
    expect(notFound && mediaExamples(doc, notFound)).toEqual([{ technicalMessage: 'x' }]);
    expect(mediaExamples(doc, {})).toEqual([]);
  });

  it('visit nested properties with their names', () => {
    const names: string[] = [];
    visitSchemas(doc, (_s, _at, name) => name && names.push(name));
    expect(names).toEqual(expect.arrayContaining(['technicalMessage', 'id', 'owner', 'ownerId']));
  });
});
