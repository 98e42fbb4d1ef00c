// Given/want table of the reader behind the hovers' notes (generator/model/value-notes.ts).
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, ParameterObject } from '../../generator/load/index.js';
import { boundsOf, parameterNotes } from '../../generator/model/value-notes.js';

const doc = {
  openapi: '3.1.0',
  components: {
    schemas: { Limit: { type: 'integer', minimum: 1, maximum: 100, default: 25, description: 'Items a page.' }, Code: { type: 'string', pattern: '^[A-Z]{2}$' } },
    examples: { Ten: { value: 10 } },
  },
} as unknown as OpenApiDocument;

describe('value notes', () => {
  it.each<[string, ParameterObject, object]>([
    ['its own words first', { name: 'limit', in: 'query', description: 'Page size.', example: 5, schema: { $ref: '#/components/schemas/Limit' } }, { description: 'Page size.', example: 5, default: 25, bounds: [['minimum', 1], ['maximum', 100]] }],
    ["its schema's when it has none", { name: 'limit', in: 'query', schema: { $ref: '#/components/schemas/Limit' } }, { description: 'Items a page.', default: 25, bounds: [['minimum', 1], ['maximum', 100]] }],
    ['the first of its examples', { name: 'n', in: 'query', examples: { ten: { $ref: '#/components/examples/Ten' } }, schema: { type: 'integer' } }, { example: 10 }],
    ["its schema's example, then examples[0]", { name: 'n', in: 'query', schema: { type: 'string', examples: ['a', 'b'] } }, { example: 'a' }],
    ['a pattern, array bounds', { name: 'codes', in: 'query', schema: { type: 'array', minItems: 1, maxItems: 3, items: { $ref: '#/components/schemas/Code' } } }, { bounds: [['minItems', 1], ['maxItems', 3]] }],
    ['nothing', { name: 'q', in: 'query' }, {}],
    ['no bound that is not a number', { name: 'q', in: 'query', schema: { maximum: '10', minLength: Number.NaN, pattern: 3 } as never }, {}],
  ])('%s', (_, param, want) => {
    expect(parameterNotes(doc, param)).toEqual(want);
  });
  it("follows a schema's $ref for its bounds, and gives none for a ref that does not resolve", () => {
    expect(boundsOf(doc, { $ref: '#/components/schemas/Code' })).toEqual([['pattern', '^[A-Z]{2}$']]);
    expect(boundsOf(doc, { $ref: '#/components/schemas/Missing' })).toBeUndefined();
  });
});
