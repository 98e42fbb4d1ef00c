// The model of a 3.2 document: each QUERY and additional operation is an OperationModel with the method it is sent
// with and where it is written, and a querystring parameter is read with its media type and encoding.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFile } from '../../generator/load/index.js';
import { buildApiModel } from '../../generator/model/index.js';
import { fixtures } from '../generator/helpers.js';

describe('model of the 3.2 fixture', async () => {
  const { document } = await bundleFile(join(fixtures, 'openapi-3.2/openapi.yaml'), { mode: 'foreign' });
  const api = buildApiModel(document, { id: '', name: 'library', apiPath: '', source: 'openapi.yaml' });
  const op = (name: string) => api.operations.find((o) => o.name === name)!;

  it('records every operation with its method as sent and its place', () => {
    expect(api.operations.map((o) => [o.name, o.method, o.at.pointer])).toEqual([
      ['exportBooks', 'GET', '#/paths/~1books~1export/get'],
      ['findBooks', 'GET', '#/paths/~1books~1search/get'],
      ['getBook', 'GET', '#/paths/~1books~1{bookId}/get'],
      ['linkBook', 'LINK', '#/paths/~1books~1{bookId}/additionalOperations/LINK'],
      ['listBooks', 'GET', '#/paths/~1books/get'],
      ['searchBooks', 'QUERY', '#/paths/~1books/query'],
      ['unlinkBook', 'UNLINK', '#/paths/~1books~1{bookId}/additionalOperations/UNLINK'],
    ]);
    expect(op('searchBooks').body).toMatchObject({ mediaType: 'application/json', required: true });
    expect(op('linkBook').params.map((p) => [p.key, p.in])).toEqual([['bookId', 'path'], ['link', 'header']]);
  });

  it('reads a querystring parameter: its media type, and a form one its encoding', () => {
    expect(op('findBooks').params).toEqual([
      expect.objectContaining({ key: 'filter', name: 'filter', in: 'querystring', required: true, content: 'application/x-www-form-urlencoded', encoding: { author: { contentType: 'application/json' } } }),
    ]);
    expect(op('exportBooks').params).toEqual([expect.objectContaining({ key: 'selector', in: 'querystring', required: false, content: 'application/json' })]);
    expect(op('exportBooks').params[0]).not.toHaveProperty('encoding');
  });
});
