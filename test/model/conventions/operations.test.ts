// The one walk of a path item's operations (load/operations.ts) as the conventions' operation index sees it: 3.2's
// QUERY and `additionalOperations` are operations of a 3.2 document, with the method they are sent with and where
// their key is written; in 3.0 and 3.1 they are not fields, and the walk does not take them.
import { describe, expect, it } from 'vitest';
import { openapiVersion, pathItemOperations, skippedOperations } from '../../../generator/load/index.js';
import { documentContext, documentRoot, operations } from '../../../generator/model/conventions/index.js';
import type { OpenApiDocument } from '../../../generator/load/index.js';

const ok = { responses: { '200': { description: 'ok' } } };
const item = {
  parameters: [{ name: 'shared', in: 'header', schema: { type: 'string' } }],
  get: ok,
  query: { ...ok, parameters: [{ name: 'q', in: 'querystring', content: { 'application/json': { schema: { type: 'object' } } } }] },
  additionalOperations: { LINK: ok, PURGE: { $ref: '#/components/pathItems/x/get' }, POST: ok, 'not a method': ok, Link: ok },
};

function index(openapi: string) {
  const doc = { openapi, info: { title: 't', version: '1' }, paths: { '/items': item }, components: { pathItems: { x: { get: ok } } } } as unknown as OpenApiDocument;
  return operations(documentContext(doc, 'd.yaml'), documentRoot(doc, 'd.yaml'));
}

describe('the operations of a path item', () => {
  it('reads the version of the openapi field', () => {
    expect(['3.0.3', '3.1.0', '3.2.0', '3.2', '3.3.0', 'x', undefined].map((openapi) => openapiVersion({ openapi }))).toEqual(['3.0', '3.1', '3.2', '3.2', '3.2', '3.0', '3.0']);
  });

  it('3.2: GET, QUERY and each additional method, sent as written, keyed where written', () => {
    const ops = index('3.2.0');
    expect(ops.map((o) => [o.method, o.httpMethod, o.keyLocation.pointer])).toEqual([
      ['get', 'GET', '#/paths/~1items/get'],
      ['query', 'QUERY', '#/paths/~1items/query'],
      ['link', 'LINK', '#/paths/~1items/additionalOperations/LINK'],
      ['purge', 'PURGE', '#/paths/~1items/additionalOperations/PURGE'],
    ]);
    // A $ref is followed; the path item's parameters apply to every operation.
    expect(ops[3]!.op.location.pointer).toBe('#/components/pathItems/x/get');
    expect(ops.map((o) => o.params.map((p) => p.name))).toEqual([['shared'], ['shared', 'q'], ['shared'], ['shared']]);
  });

  it('3.2: says why an additionalOperations key is not an operation', () => {
    expect(skippedOperations(item, '3.2')).toEqual([
      { keys: ['additionalOperations', 'POST'], reason: 'POST is a fixed field\'s method: write it as `post`' },
      { keys: ['additionalOperations', 'not a method'], reason: '"not a method" is not an HTTP method name' },
      { keys: ['additionalOperations', 'Link'], reason: 'Link repeats a method another key names' },
    ]);
  });

  it.each(['3.0.3', '3.1.1'])('%s: query and additionalOperations are not fields, and not operations', (openapi) => {
    expect(index(openapi).map((o) => o.httpMethod)).toEqual(['GET']);
    expect(skippedOperations(item, openapiVersion({ openapi }))).toEqual([]);
    expect(pathItemOperations(item, openapiVersion({ openapi })).map((o) => o.keys)).toEqual([['get']]);
  });
});
