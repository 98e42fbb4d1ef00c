import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFile } from '../../generator/load/index.js';
import { buildApiModel, emptySuccessStatuses, errorStatuses, successMedia } from '../../generator/model/index.js';
import { safeName } from '../../generator/model/names.js';
import { camelCase } from '../../generator/util/names.js';
import { fixtures } from './helpers.js';

describe('names', () => {
  it('camelCases wire names', () => {
    expect(camelCase('If-Match')).toBe('ifMatch');
    expect(camelCase('per_page')).toBe('perPage');
    expect(camelCase('repos/get-content')).toBe('reposGetContent');
    expect(camelCase('documentId')).toBe('documentId');
  });
  it('never yields inherited, taken or empty names', () => {
    expect(safeName('__proto__')).toBe('proto');
    expect(safeName('constructor')).toBe('constructor_');
    expect(safeName('toString')).toBe('toString_');
    expect(safeName('class')).toBe('class');
    expect(safeName('123abc')).toBe('_123abc');
    expect(safeName('*/')).toBe('value');
    expect(safeName('then', new Set(['then']))).toBe('then_');
  });
});

describe('model of the basic fixture', async () => {
  const { document } = await bundleFile(join(fixtures, 'basic/openapi.yaml'), { mode: 'foreign' });
  const api = buildApiModel(document, { id: '', name: 'basic', apiPath: '', source: 'openapi.yaml' });
  const op = (name: string) => api.operations.find((o) => o.name === name)!;

  it('is sorted by method name and JSON-serialisable', () => {
    expect(api.operations.map((o) => o.name)).toEqual(['createItem', 'getItemsByItemIdRender', 'listItems', 'upload']);
    expect(JSON.parse(JSON.stringify(api))).toEqual(api);
  });
  it('detects paging, sort, expand and ETag from structure and x- extensions', () => {
    const list = op('listItems');
    expect(list.conventions.collection).toMatchObject({ kind: 'page', limitMax: 50 });
    expect(list.conventions.expandable.map((e) => [e.name, e.target])).toEqual([['owner', 'User']]);
    expect(list.conventions.etag.etag).toBe(true);
    expect(list.params.filter((p) => p.notModified).map((p) => p.key)).toEqual(['ifNoneMatch']);
    expect(op('createItem').conventions.etag.etag).toBe(true); // a write's ETag (its 201 declares one)
    expect(op('createItem').params.some((p) => p.notModified)).toBe(false);
    expect(list.params.find((p) => p.name === 'sort')?.sortable).toEqual(['createdAt', 'name']);
    expect(list.params.find((p) => p.name === 'legacyFilter')?.deprecated).toBe(true);
    // A cookie parameter is kept (issue 37: the runtime serialises it into the Cookie header).
    expect(list.params.find((p) => p.name === 'session')).toMatchObject({ in: 'cookie', key: 'session' });
    expect(api.warnings.some((w) => JSON.stringify(w).includes('cookie'))).toBe(false);
  });
  it('derives names for operations without operationId and keeps media types in document order', () => {
    const render = op('getItemsByItemIdRender');
    expect(render.deprecated).toBe(true);
    expect(successMedia(render).map((r) => [r.mediaType, r.kind])).toEqual([
      ['application/pdf', 'binary'],
      ['text/plain', 'text'],
      ['application/json', 'json'],
    ]);
    expect(render.params).toEqual([
      { key: 'itemId', name: 'itemId', in: 'path', required: true, deprecated: false, at: { file: 'openapi.yaml', pointer: expect.any(String) }, schema: { file: 'openapi.yaml', pointer: expect.any(String) } },
      { key: 'ifNoneMatch', name: 'if-none-match', in: 'header', required: false, deprecated: false, notModified: true, at: { file: 'openapi.yaml', pointer: expect.any(String) }, schema: { file: 'openapi.yaml', pointer: expect.any(String) } },
    ]);
  });
  it('models bodies, header params and empty responses', () => {
    expect(op('createItem').body).toMatchObject({ mediaType: 'application/json', required: true, kind: 'json', description: 'The item to create.' });
    expect(op('createItem').params[0]).toMatchObject({ key: 'ifMatch', name: 'If-Match', in: 'header', required: false });
    expect(op('upload').body).toMatchObject({ mediaType: 'application/octet-stream', required: false, kind: 'binary' });
    expect(emptySuccessStatuses(op('upload'))).toEqual(['204']);
    expect(op('upload').params).toEqual([]); // its Content-Type and accept header parameters are ignored, as OpenAPI says
    expect(errorStatuses(op('createItem'))).toEqual(['409']);
  });
  it('reads what the hovers show: descriptions, examples, defaults, bounds, sunset and the reference link', () => {
    const list = op('listItems');
    expect(list.description).toBe('The items, oldest first.\n\nPages of `limit` items; `expand=owner` gives each item\'s owner in full.');
    expect(list.docsUrl).toBe('https://docs.example.com/items#list'); // its own externalDocs
    expect(list.params.find((p) => p.key === 'limit')).toMatchObject({ description: 'Items a page.', default: 20, bounds: [['minimum', 1], ['maximum', 50]] });
    expect(list.params.find((p) => p.key === 'offset')).toMatchObject({ bounds: [['minimum', 0]] });
    expect(op('createItem').params[0]).toMatchObject({ description: "The collection's ETag, to create only if it has not changed.", example: '"5d8c72a5"', bounds: [['minLength', 3]] });
    const render = op('getItemsByItemIdRender');
    expect([render.deprecated, render.sunset, render.docsUrl]).toEqual([true, '2026-06-30', undefined]);
  });
  it('links operations to their section of the docs site when docsUrl is configured (an API of a tree)', async () => {
    const { document } = await bundleFile(join(fixtures, 'basic/openapi.yaml'), { mode: 'foreign' });
    const tree = buildApiModel(document, { id: 'items/v1', name: 'items', apiPath: 'items/v1/', source: 'openapi.yaml', docsUrl: 'https://acme.example/api-docs' });
    const link = (name: string) => tree.operations.find((o) => o.name === name)?.docsUrl;
    expect(link('createItem')).toBe('https://acme.example/api-docs/reference/items-v1.html#/other/create-item');
    expect(link('listItems')).toBe('https://docs.example.com/items#list'); // the operation's own externalDocs wins
    expect(link('getItemsByItemIdRender')).toBeUndefined(); // no operationId: no route to it
    expect(buildApiModel(document, { id: '', name: 'x', apiPath: '', source: 'openapi.yaml', docsUrl: 'https://acme.example/' }).operations.find((o) => o.name === 'createItem')?.docsUrl).toBeUndefined();
  });
});
