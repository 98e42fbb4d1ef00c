import { describe, expect, it } from 'vitest';
import { looksLikeList, readPagination } from '../../../generator/model/conventions/index.js';
import { readConventions } from '../../../generator/model/read.js';
import { given, OK } from './given.js';

/** A GET /x with these query parameters (`name` or `name: schema`), answering `schema`, with these response headers. */
function list(params: string[], schema: string, headers = '{}'): string {
  const ps = params.map((p) => {
    const colon = p.indexOf(': ');
    return colon < 0 ? `{ name: ${p}, in: query, schema: { type: string } }` : `{ name: ${p.slice(0, colon)}, in: query, schema: ${p.slice(colon + 2)} }`;
  });
  return `
paths:
  /x:
    get:
      parameters: [${ps.join(', ')}]
      responses: { '200': { description: ok, headers: ${headers}, content: { application/json: { schema: ${schema} } } } }
components:
  schemas:
    Item: { type: object, properties: { id: { type: string }, name: { type: string } } }`;
}

const read = (yaml: string, key = 'get /x') => {
  const g = given(yaml);
  return readPagination(g.ctx, g.op(key));
};
const paging = (yaml: string, key?: string) => read(yaml, key).found?.paging;
const ITEMS = `{ type: array, items: { $ref: '#/components/schemas/Item' } }`;
const LINK = `{ Link: { schema: { type: string } } }`;

describe('pagination reader: styles from the shape', () => {
  it.each([
    ['offset/limit with a total (`{ count, results }`)', ['offset: { type: integer }', 'limit: { type: integer, maximum: 100 }'], `{ type: object, properties: { count: { type: integer }, results: ${ITEMS} } }`, '{}', { style: 'offset', offset: 'offset', limit: 'limit', items: ['results'], total: ['count'], limitMax: 100 }],
    ['offset/limit without a total, an array body', ['offset: { type: integer }', 'limit: { type: integer }'], ITEMS, '{}', { style: 'offset', offset: 'offset', limit: 'limit', items: [] }],
    ['page/per_page with no total and no Link: the page style', ['page: { type: integer }', 'per_page: { type: integer, default: 30 }'], ITEMS, '{}', { style: 'page', page: 'page', size: 'per_page', first: 1, items: [] }],
    ['a page numbered from 0', ['page: { type: integer, minimum: 0 }', 'size: { type: integer }'], `{ type: object, properties: { content: ${ITEMS}, totalElements: { type: integer } } }`, '{}', { style: 'page', page: 'page', size: 'size', first: 0, items: ['content'] }],
    ['page/per_page with a declared Link header: link', ['page: { type: integer }', 'per_page: { type: integer }'], ITEMS, LINK, { style: 'link', size: 'per_page', items: [] }],
    ['Slack: cursor + response_metadata.next_cursor', ['cursor', 'limit: { type: integer }'], `{ type: object, properties: { ok: { type: boolean }, channels: ${ITEMS}, response_metadata: { type: object, properties: { next_cursor: { type: string } } } } }`, '{}', { style: 'cursor', cursor: 'cursor', next: ['response_metadata', 'next_cursor'], size: 'limit', items: ['channels'] }],
    ['AWS: NextToken in and out', ['NextToken', 'MaxResults: { type: integer, maximum: 50 }'], `{ type: object, properties: { Things: ${ITEMS}, NextToken: { type: string } } }`, '{}', { style: 'cursor', cursor: 'NextToken', next: ['NextToken'], size: 'MaxResults', items: ['Things'], limitMax: 50 }],
    ['Google: pageToken + nextPageToken', ['pageToken', 'pageSize: { type: integer }'], `{ type: object, properties: { things: ${ITEMS}, nextPageToken: { type: string } } }`, '{}', { style: 'cursor', cursor: 'pageToken', next: ['nextPageToken'], size: 'pageSize', items: ['things'] }],
    ['a cursor with next_cursor and has_more', ['cursor'], `{ type: object, properties: { data: ${ITEMS}, next_cursor: { type: string }, has_more: { type: boolean } } }`, '{}', { style: 'cursor', cursor: 'cursor', next: ['next_cursor'], hasMore: ['has_more'], items: ['data'] }],
    ['a plain `next` taken by a cursor parameter is the cursor', ['after'], `{ type: object, properties: { data: ${ITEMS}, next: { type: string } } }`, '{}', { style: 'cursor', cursor: 'after', next: ['next'], items: ['data'] }],
    ["Stripe: starting_after + has_more, the items' id", ['limit: { type: integer, maximum: 100 }', 'starting_after', 'ending_before'], `{ type: object, properties: { object: { type: string }, url: { type: string }, has_more: { type: boolean }, data: ${ITEMS} } }`, '{}', { style: 'item-cursor', cursor: 'starting_after', itemId: ['id'], hasMore: ['has_more'], size: 'limit', items: ['data'], limitMax: 100 }],
    ['a next URL (`next`, format uri)', ['limit: { type: integer }'], `{ type: object, properties: { next: { type: string, format: uri }, previous: { type: string, format: uri }, results: ${ITEMS} } }`, '{}', { style: 'next-url', next: ['next'], size: 'limit', items: ['results'] }],
    ['a next URL at links.next', [], `{ type: object, properties: { data: ${ITEMS}, links: { type: object, properties: { self: { type: string }, next: { type: string } } } } }`, '{}', { style: 'next-url', next: ['links', 'next'], items: ['data'] }],
    ["HAL's _links.next.href", ['pageSize: { type: integer }'], `{ type: object, properties: { data: ${ITEMS}, _links: { type: object, properties: { next: { type: object, properties: { href: { type: string } } } } } } }`, '{}', { style: 'next-url', next: ['_links', 'next', 'href'], size: 'pageSize', items: ['data'] }],
    ["Azure's nextLink and value", [], `{ type: object, properties: { value: ${ITEMS}, nextLink: { type: string } } }`, '{}', { style: 'next-url', next: ['nextLink'], items: ['value'] }],
    ['a declared Link header with no paging parameter', [], ITEMS, LINK, { style: 'link', items: [] }],
    ['several arrays, one of them `data`', ['page: { type: integer }'], `{ type: object, properties: { data: ${ITEMS}, warnings: { type: array, items: { type: string } } } }`, '{}', { style: 'page', page: 'page', first: 1, items: ['data'] }],
    ['a body that is one of two arrays (GitHub stargazers)', ['page: { type: integer }'], `{ oneOf: [${ITEMS}, { type: array, items: { type: object } }] }`, LINK, { style: 'link', items: [] }],
  ])('%s', (_name, params, schema, headers, want) => {
    const r = read(list(params, schema, headers));
    expect(r.found?.paging).toEqual(want);
    expect(r.found?.source).toBe('shape');
  });

  it("GitHub's cursor whose parameter says it is the Link header's: link", () => {
    const yaml = list(['before', 'after', 'per_page: { type: integer }'], ITEMS).replace(
      '{ name: after, in: query, schema: { type: string } }',
      "{ name: after, in: query, description: 'A cursor, as given in the [Link header](https://docs.github.com). If specified...', schema: { type: string } }",
    );
    expect(paging(yaml)).toEqual({ style: 'link', size: 'per_page', items: [] });
  });

  it("AWS's two spellings of each paging parameter: the first declared", () => {
    const yaml = list(['nextToken', 'maxResults: { type: integer, maximum: 1000 }', 'MaxResults', 'NextToken'], `{ type: object, properties: { BackupPlans: ${ITEMS}, NextToken: { type: string } } }`);
    expect(paging(yaml)).toEqual({ style: 'cursor', cursor: 'nextToken', next: ['NextToken'], size: 'maxResults', items: ['BackupPlans'], limitMax: 1000 });
  });

  it("the conventions' meta + items: offset, total at meta.total, the collection reading's bound", () => {
    const yaml = list(
      ['offset: { type: integer }', 'limit: { type: integer, maximum: 200 }'],
      `{ type: object, properties: { meta: { type: object, properties: { offset: { type: integer }, limit: { type: integer }, total: { type: integer } } }, items: ${ITEMS} } }`,
    );
    const r = read(yaml);
    expect(r.found).toMatchObject({ source: 'conventions', paging: { style: 'offset', offset: 'offset', limit: 'limit', items: ['items'], total: ['meta', 'total'], limitMax: 200 } });
  });

  it('a POST pages only when clearly a list: a cursor in its query (AWS), or a name that says it searches', () => {
    const body = `{ type: object, properties: { Things: ${ITEMS}, NextToken: { type: string } } }`;
    const yaml = `
paths:
  /rpc:
    post:
      parameters: [{ name: NextToken, in: query, schema: { type: string } }]
      responses: ${OK(body)}
  /things/search:
    post:
      parameters: [{ name: page, in: query, schema: { type: integer } }]
      responses: ${OK(ITEMS)}
  /things:
    post:
      responses: ${OK(ITEMS)}
components:
  schemas:
    Item: { type: object, properties: { id: { type: string } } }`;
    expect(paging(yaml, 'post /rpc')).toMatchObject({ style: 'cursor', cursor: 'NextToken' });
    expect(paging(yaml, 'post /things/search')).toMatchObject({ style: 'page', page: 'page' });
    expect(read(yaml, 'post /things')).toEqual({ reason: 'a POST that does not say it lists' });
  });
});

describe('pagination reader: ambiguous or not paged, no reading and why', () => {
  it.each([
    ['several arrays, none named as items', ['page: { type: integer }'], `{ type: object, properties: { files: ${ITEMS}, parents: ${ITEMS} } }`, '{}', 'several arrays in the success body, none named as the items'],
    ['a page and an offset parameter', ['page: { type: integer }', 'offset: { type: integer }'], ITEMS, '{}', 'both a page and an offset parameter'],
    ['two cursor parameters of different names', ['cursor', 'pageToken'], `{ type: object, properties: { data: ${ITEMS}, next_cursor: { type: string } } }`, '{}', 'several parameters of one paging role'],
    ['two next-cursor fields', ['cursor'], `{ type: object, properties: { data: ${ITEMS}, next_cursor: { type: string }, nextToken: { type: string } } }`, '{}', 'several next-cursor fields in the body'],
    ['two next-URL fields', [], `{ type: object, properties: { data: ${ITEMS}, next_url: { type: string }, nextLink: { type: string } } }`, '{}', 'several next-URL fields in the body'],
    ['a cursor with nowhere to read the next one', ['cursor'], ITEMS, '{}', '`cursor` without a next cursor in the body or a Link header'],
    ['starting_after without has_more', ['starting_after'], `{ type: object, properties: { data: ${ITEMS} } }`, '{}', '`starting_after` without a has-more field in the body'],
    ['starting_after, items without id', ['starting_after'], `{ type: object, properties: { has_more: { type: boolean }, data: { type: array, items: { type: object, properties: { name: { type: string } } } } } }`, '{}', '`starting_after` but the items have no `id`'],
    ['a page size alone', ['limit: { type: integer }'], ITEMS, '{}', 'a page size (`limit`) but no page, offset or cursor parameter'],
    ['an array answered whole', [], ITEMS, '{}', 'a list with no paging parameter, next field or Link header (answered whole)'],
    ['no array in the body', ['page: { type: integer }'], `{ type: object, properties: { name: { type: string } } }`, '{}', 'no array in the success body'],
  ])('%s', (_name, params, schema, headers, reason) => {
    expect(read(list(params, schema, headers))).toEqual({ reason });
  });

  it('a GET of one thing is not list-like, whatever arrays it holds; one with a paging parameter is', () => {
    const g = given(`
paths:
  /things/{id}:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses: ${OK(`{ type: object, properties: { tags: { type: array, items: { type: string } } } }`)}
  /things:
    get:
      responses: ${OK(ITEMS)}
  /things/{id}/parts:
    get:
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }, { name: page, in: query, schema: { type: integer } }]
      responses: ${OK(`{ type: object, properties: { name: { type: string } } }`)}
components:
  schemas:
    Item: { type: object, properties: { id: { type: string } } }`);
    expect(looksLikeList(g.ctx, g.op('get /things/{id}'))).toBe(false);
    expect(looksLikeList(g.ctx, g.op('get /things'))).toBe(true);
    expect(looksLikeList(g.ctx, g.op('get /things/{id}/parts'))).toBe(true);
  });

  it('the model carries the reading as conventions.pagination, with its source and where it is written', () => {
    const g = given(list(['page: { type: integer }', 'per_page: { type: integer }'], ITEMS, LINK));
    expect(readConventions(g.doc, 'given.yaml').get('get /x')!.pagination).toEqual({ style: 'link', size: 'per_page', items: [], source: 'shape', at: { file: 'given.yaml', pointer: '#/paths/~1x/get' } });
  });
});
