// The written pagination of an operation: docex's x-pagination, Speakeasy's and Fern's extensions, and the config's
// `pagination` setting, over the shape; a bad value is a located warning and no reading, never a throw.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readPagination } from '../../../generator/model/conventions/index.js';
import { buildApiModel } from '../../../generator/model/index.js';
import { locatedLine } from '../../../generator/model/unsupported-lines.js';
import { paginationSettings, resolveConfig } from '../../../generator/util/config.js';
import { DocexError } from '../../../generator/util/errors.js';
import { given, OK } from './given.js';

/** GET /x (operationId listX) with page, per_page, cursor and starting_after, answering `{ data, next_cursor, has_more }`,
 *  with `ext` written on the operation. */
function doc(ext: string): string {
  return `
paths:
  /x:
    get:
      operationId: listX
      ${ext}
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 0 } }
        - { name: per_page, in: query, schema: { type: integer } }
        - { name: cursor, in: query, schema: { type: string } }
        - { name: starting_after, in: query, schema: { type: string } }
      responses: ${OK(`{ type: object, properties: { data: { type: array, items: { type: object, properties: { id: { type: string } } } }, next_cursor: { type: string }, has_more: { type: boolean } } }`)}`;
}
const read = (ext: string) => {
  const g = given(doc(ext));
  return readPagination(g.ctx, g.op('get /x'));
};

describe('x-pagination: a Paging written on the operation', () => {
  it('is taken over the shape, its items and first from the shape where left out', () => {
    const r = read(`x-pagination: { style: page, page: page, size: per_page }`);
    expect(r.found).toMatchObject({ source: 'x-pagination', paging: { style: 'page', page: 'page', size: 'per_page', first: 0, items: ['data'] } });
    expect(r.found!.at.pointer).toBe('#/paths/~1x/get/x-pagination');
  });

  it('false: the operation does not page, whatever its shape', () => {
    expect(read('x-pagination: false')).toEqual({ reason: 'x-pagination: false' });
  });

  it.each([
    ['a string', `x-pagination: cursor`, 'x-pagination: is a string, not an object with a `style`; the operation does not page'],
    ['an unknown style', `x-pagination: { style: token }`, 'x-pagination: `style` is not one of offset, page, cursor, item-cursor, next-url, link; the operation does not page'],
    ['a field of another style', `x-pagination: { style: link, cursor: cursor }`, 'x-pagination: `cursor` is not a field of the link style (size, items, limitMax); the operation does not page'],
    ['a missing field', `x-pagination: { style: cursor, cursor: cursor }`, 'x-pagination: `next` is needed by the cursor style; the operation does not page'],
    ['a parameter the operation has not', `x-pagination: { style: offset, offset: skip }`, 'x-pagination: `offset` names `skip`, not a query parameter of the operation; the operation does not page'],
    ['a path that is a string', `x-pagination: { style: next-url, next: links.next }`, 'x-pagination: `next` is not a path in the body (an array of property names, [] for the body itself); the operation does not page'],
    ['a bad bound', `x-pagination: { style: link, limitMax: -1 }`, 'x-pagination: `limitMax` is not a positive integer; the operation does not page'],
  ])('%s: a warning where it is written, no reading', (_name, ext, message) => {
    const r = read(ext);
    expect(r.found).toBeUndefined();
    expect(r.problem?.message).toBe(message);
    expect(r.problem?.at.pointer).toBe('#/paths/~1x/get/x-pagination');
  });

  it('the model warns with the file and line of the extension', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docex-paging-'));
    const file = join(dir, 'api.yaml');
    const yaml = `openapi: 3.1.0\ninfo: { title: t, version: '1' }${doc('x-pagination: { style: nope }')}\n`;
    writeFileSync(file, yaml);
    const model = buildApiModel(given(doc('x-pagination: { style: nope }')).doc, { id: '', name: 'T', apiPath: '', source: file });
    const lines = model.warnings.map((w) => (typeof w === 'string' ? w : locatedLine(file, w.at, w.message)));
    const line = yaml.split('\n').findIndex((l) => l.includes('x-pagination')) + 1;
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`api\\.yaml:${line}: GET /x: x-pagination: \`style\` is not one of`)));
    expect(model.operations[0]!.conventions.pagination).toBeUndefined();
  });
});

describe("Speakeasy's and Fern's extensions", () => {
  it.each([
    ['speakeasy offsetLimit with a page', `x-speakeasy-pagination: { type: offsetLimit, inputs: [{ name: page, in: parameters, type: page }, { name: per_page, in: parameters, type: limit }], outputs: { results: $.data } }`, { style: 'page', page: 'page', size: 'per_page', first: 0, items: ['data'] }],
    ['speakeasy cursor', `x-speakeasy-pagination: { type: cursor, inputs: [{ name: cursor, in: parameters, type: cursor }], outputs: { nextCursor: $.next_cursor, results: $.data } }`, { style: 'cursor', cursor: 'cursor', next: ['next_cursor'], items: ['data'] }],
    ["speakeasy cursor from the last item's id (Stripe)", `x-speakeasy-pagination: { type: cursor, inputs: [{ name: starting_after, in: parameters, type: cursor }], outputs: { nextCursor: '$.data[-1].id' } }`, { style: 'item-cursor', cursor: 'starting_after', itemId: ['id'], hasMore: ['has_more'], items: ['data'] }],
    ['speakeasy url', `x-speakeasy-pagination: { type: url, outputs: { nextUrl: $.next_cursor } }`, { style: 'next-url', next: ['next_cursor'], items: ['data'] }],
    ['fern cursor', `x-fern-pagination: { cursor: $request.cursor, next_cursor: $response.next_cursor, results: $response.data, has-next-page: $response.has_more }`, { style: 'cursor', cursor: 'cursor', next: ['next_cursor'], hasMore: ['has_more'], items: ['data'] }],
    ['fern offset without step: a page number', `x-fern-pagination: { offset: $request.page, results: $response.data }`, { style: 'page', page: 'page', first: 0, items: ['data'] }],
    ['fern offset with step: an offset', `x-fern-pagination: { offset: $request.page, step: $request.per_page, results: $response.data }`, { style: 'offset', offset: 'page', limit: 'per_page', items: ['data'] }],
    ['fern next_uri', `x-fern-pagination: { next_uri: $response.next_cursor, results: $response.data }`, { style: 'next-url', next: ['next_cursor'], items: ['data'] }],
  ])('%s', (_name, ext, want) => {
    const r = read(ext);
    expect(r.found?.paging).toEqual(want);
    expect(r.found?.source).toBe(ext.slice(0, ext.indexOf(':')));
  });

  it("fern's `true` takes the document's x-fern-pagination", () => {
    const g = given(`x-fern-pagination: { cursor: $request.cursor, next_cursor: $response.next_cursor }\n${doc('x-fern-pagination: true')}`);
    expect(readPagination(g.ctx, g.op('get /x')).found?.paging).toEqual({ style: 'cursor', cursor: 'cursor', next: ['next_cursor'], items: ['data'] });
  });

  it.each([
    ['a body input', `x-speakeasy-pagination: { type: cursor, inputs: [{ name: cursor, in: requestBody, type: cursor }], outputs: { nextCursor: $.next_cursor } }`, 'the input `cursor` is not in the parameters (only query parameters are carried)'],
    ['an unknown type', `x-speakeasy-pagination: { type: pages }`, '`type` is not one of offsetLimit, cursor, url'],
    ['a JSONPath filter', `x-speakeasy-pagination: { type: url, outputs: { nextUrl: '$..next' } }`, '`outputs.nextUrl` is not a path such as `$.next`'],
    ['fern with nothing to page by', `x-fern-pagination: { results: $response.data }`, 'has none of cursor, offset, next_uri, next_path'],
    ['fern cursor in the body', `x-fern-pagination: { cursor: $request.body.cursor, next_cursor: $response.next_cursor }`, '`cursor` is not a parameter such as `$request.cursor`'],
  ])('%s: warned, no reading', (_name, ext, problem) => {
    const r = read(ext);
    expect(r.found).toBeUndefined();
    expect(r.problem?.message).toContain(problem);
  });
});

describe('hostile extension values', () => {
  const key = fc.constantFrom('x-pagination', 'x-speakeasy-pagination', 'x-fern-pagination');
  const field = fc.constantFrom('style', 'type', 'offset', 'page', 'size', 'cursor', 'next', 'items', 'itemId', 'hasMore', 'first', 'limitMax', 'inputs', 'outputs', 'results', 'next_cursor', 'step', '__proto__', 'constructor');
  const leaf = fc.oneof(fc.constantFrom('page', 'cursor', 'offset', 'link', 'next-url', 'item-cursor', 'cursor', '$.data', '$response.data', '$request.cursor', '$.data[-1].id', 'parameters'), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
  const value = fc.letrec((tie) => ({
    v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(field, tie('v'), { maxKeys: 6 })),
  })).v;

  it('never throw: a reading that checks out, or a warning at the extension and no reading', () => {
    fc.assert(
      fc.property(key, value, (k, v) => {
        const g = given(doc(''));
        const op = g.op('get /x');
        op.op.node[k] = v;
        const r = readPagination(g.ctx, op);
        if (r.found) {
          expect(r.found.source).toBe(k);
          expect(['offset', 'page', 'cursor', 'item-cursor', 'next-url', 'link']).toContain(r.found.paging.style);
          expect(Array.isArray(r.found.paging.items)).toBe(true);
        } else if (!(k === 'x-pagination' && v === false)) {
          expect(r.problem?.at.pointer).toBe(`#/paths/~1x/get/${k}`);
          expect(r.problem!.message.length).toBeLessThan(400);
        }
      }),
      { numRuns: 400, seed: 20261128 },
    );
  });
});

describe('the config setting `pagination` (docex.config.json clients)', () => {
  const model = (clients: Record<string, object>) => {
    const g = given(doc(''));
    return buildApiModel(g.doc, { id: '', name: 'T', apiPath: '', source: 'given.yaml', pagination: paginationSettings(clients, undefined) });
  };

  it('a Paging over the shape, with where it is written', () => {
    const m = model({ '*': { pagination: { listX: { style: 'link', size: 'per_page' } } } });
    expect(m.operations[0]!.conventions.pagination).toEqual({ style: 'link', size: 'per_page', items: ['data'], source: 'config', at: { file: 'docex.config.json', pointer: '#/clients/*/pagination/listX' } });
  });

  it('false: no reading, though the shape has one', () => {
    expect(model({}).operations[0]!.conventions.pagination).toMatchObject({ source: 'shape', style: 'cursor' });
    expect(model({ '*': { pagination: { listX: false } } }).operations[0]!.conventions.pagination).toBeUndefined();
  });

  it('a value the model cannot read, or an operationId that names nothing: a warning naming the file and setting', () => {
    const m = model({ '*': { pagination: { listX: { style: 'cursor', cursor: 'nope', next: ['next_cursor'] }, listY: false } } });
    expect(m.operations[0]!.conventions.pagination).toBeUndefined();
    expect(m.warnings).toContain('docex.config.json: "clients.*.pagination.listX": `cursor` names `nope`, not a query parameter of the operation; the operation does not page');
    expect(m.warnings).toContain('docex.config.json: the pagination setting of "listY" matches no operationId: it is left out');
  });

  it("an API's own entry wins over *'s", () => {
    const s = paginationSettings({ '*': { pagination: { a: false, b: false } }, 'document/v1': { pagination: { a: { style: 'link' } } } }, 'document/v1');
    expect(s).toEqual({ a: { value: { style: 'link' }, at: { file: 'docex.config.json', pointer: '#/clients/document~1v1/pagination/a' } }, b: { value: false, at: { file: 'docex.config.json', pointer: '#/clients/*/pagination/b' } } });
  });

  it.each([
    ['an unknown style', { style: 'pages' }, /docex\.config\.json:6: "clients\.\*\.pagination\.listX\.style" must be equal to one of the allowed values/],
    ['an unknown field', { style: 'link', sizee: 'n' }, /docex\.config\.json:7: "clients\.\*\.pagination\.listX\.sizee" is not a known setting/],
    ['true', true, /docex\.config\.json:5: "clients\.\*\.pagination\.listX" must be object/],
  ])('the config file is refused for %s, naming the file and line', (_name, value, want) => {
    const app = mkdtempSync(join(tmpdir(), 'docex-paging-config-'));
    writeFileSync(join(app, 'docex.config.json'), JSON.stringify({ clients: { '*': { pagination: { listX: value } } } }, null, 2));
    try {
      resolveConfig(app, {});
      expect.unreachable('the config is refused');
    } catch (e) {
      expect(e instanceof DocexError && e.format()).toMatch(want);
    }
  });

  it('hostile config values never throw in the model: a reading, or a warning naming the setting', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (v) => {
        const m = model({ '*': { pagination: { listX: v } } });
        const p = m.operations[0]!.conventions.pagination;
        if (p) expect(p.source).toBe('config');
        else if (v !== false) expect(m.warnings.some((w) => typeof w === 'string' && w.startsWith('docex.config.json: "clients.*.pagination.listX": '))).toBe(true);
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });
});
