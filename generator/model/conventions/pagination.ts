// How a list operation pages (issue 45), read from the document's shape: its query parameters, its success body and
// the headers its success response declares. An extension or the config overrides the shape (pagination-values.ts);
// where the shape is ambiguous there is no reading, and the reason says why (the coverage bench tallies them).
// The extensions, over the shape, in this order: docex's own, then Speakeasy's and Fern's.
import type { BodyPath, Paging, PagingSource } from '../types.js';
import { readCollection } from './collection.js';
import { successSchemaNode } from './media.js';
import { props, types, arrayItems, isType, keyword, type Prop } from './schema.js';
import { list, str, type At, type Ctx, type Location } from './node.js';
import { headerNames, perOperation, type Operation, type Param } from './operations.js';
import { successResponseNode } from './success.js';
import { EXT } from './extensions.js';
import { checkPaging, fromFern, fromSpeakeasy, type Checked, type Defaults } from './pagination-values.js';

/** A reading, where it is written (the operation, or the extension) and what it comes from. */
interface PagingFound {
  paging: Paging;
  source: PagingSource;
  at: Location;
}

/** The shape's reading of an operation, or why there is none. */
type ShapeReading = { kind: 'paging'; found: PagingFound } | { kind: 'none'; reason: string };

/** Names compared without case, `_`, `-` or `.`: `per_page`, `perPage` and `PerPage` are one name. */
const norm = (name: string): string => name.toLowerCase().replace(/[^a-z0-9]/g, '');

// Parameter names by role. `after` is a cursor (the next one read from the body or a Link header); Stripe's
// `starting_after` takes the last item's id.
const OFFSET = new Set(['offset', 'skip']);
const PAGE = new Set(['page', 'pagenumber', 'pageno']);
const SIZE = new Set(['limit', 'perpage', 'pagesize', 'size', 'maxresults', 'maxitems']);
const CURSOR = new Set(['cursor', 'after', 'nexttoken', 'pagetoken', 'nextpagetoken', 'continuationtoken', 'continuation', 'marker', 'pagecursor', 'startcursor', 'starttoken', 'nextcursor']);
const ITEM_CURSOR = new Set(['startingafter']);
// Body fields by role.
const NEXT_CURSOR = new Set(['nextcursor', 'nexttoken', 'nextpagetoken', 'continuationtoken', 'nextmarker', 'nextpagecursor']);
const NEXT_URL = new Set(['nexturl', 'nextpageurl', 'nextlink', 'nextpage', 'odatanextlink']);
const HAS_MORE = new Set(['hasmore', 'hasnextpage', 'hasnext', 'moreresults']);
const TOTAL = new Set(['total', 'totalcount', 'totalresults', 'totalitems', 'totalsize', 'count']);
/** Objects of the body the paging fields sit in besides its top: Slack's `response_metadata`, `meta`, HAL `_links`. */
const HOLDERS = new Set(['responsemetadata', 'meta', 'metadata', 'pagination', 'paging', 'pageinfo', 'links', 'page']);
/** The items array, among several arrays of a body. */
const ITEM_NAMES = ['data', 'items', 'results', 'records', 'entries', 'values', 'value'];

/** Whether a GET may page; a POST only when clearly a list: it takes a page, offset or cursor in its query (AWS's
 *  `nextToken`), or its path's last word or operationId says it searches or lists. */
function mayPage(op: Operation): boolean {
  if (op.method === 'get') return true;
  if (op.method !== 'post') return false;
  if ([OFFSET, PAGE, CURSOR, ITEM_CURSOR].some((names) => paramsOf(op, names).length > 0)) return true;
  const last = op.path.split('/').filter(Boolean).at(-1) ?? '';
  const id = typeof op.op.node.operationId === 'string' ? op.op.node.operationId : '';
  return [last, id].some((w) => /(^|[^a-z])(search|list|query)([^a-z]|$)/i.test(w.replace(/([a-z])([A-Z])/g, '$1-$2')));
}

/** The query parameters of the operation in a role, by name. */
function paramsOf(op: Operation, names: Set<string>): Param[] {
  return op.params.filter((p) => p.in === 'query' && names.has(norm(p.name)));
}

/**
 * The one query parameter of a role, `several`, or none. AWS's descriptions declare each paging parameter twice, as
 * the wire sends it (`nextToken`, first) and as its SDKs name it (`NextToken`): of spellings of one name, the first.
 */
function roleParam(op: Operation, names: Set<string>): Param | 'several' | undefined {
  const found = paramsOf(op, names);
  return new Set(found.map((p) => norm(p.name))).size > 1 ? 'several' : found[0];
}

/** Where the items are: the body itself when an array; else its one array property, or the one of ITEM_NAMES. */
function itemsPath(ctx: Ctx, body: At | undefined): BodyPath | 'none' | 'ambiguous' {
  if (!body) return 'none';
  if (types(ctx, body).has('array')) return [];
  // GitHub's stargazers: one of two arrays (of users, or of stars with dates).
  const alternatives = [...list(ctx, body, 'oneOf'), ...list(ctx, body, 'anyOf')];
  if (alternatives.length > 0 && alternatives.every((a) => types(ctx, a).has('array'))) return [];
  const arrays = [...props(ctx, body).values()].filter((p) => types(ctx, p.schema).has('array'));
  if (arrays.length === 1) return [arrays[0]!.name];
  if (arrays.length === 0) return 'none';
  const known = arrays.filter((p) => ITEM_NAMES.includes(p.name));
  return known.length === 1 ? [known[0]!.name] : 'ambiguous';
}

interface Field {
  path: string[];
  prop: Prop;
}

/** The body's fields whose names are in `names`: at its top, or in one of the HOLDERS objects (`_links.next.href`). */
function fields(ctx: Ctx, body: At | undefined, names: Set<string>, ok: (f: Field) => boolean): Field[] {
  const out: Field[] = [];
  const walk = (s: At | undefined, path: string[], depth: number) => {
    for (const prop of props(ctx, s).values()) {
      const here = [...path, prop.name];
      // A `next` under `links`/`_links` is the next page's URL, or HAL's `{ href }` of it.
      const linkNext = names === NEXT_URL && depth > 0 && norm(prop.name) === 'next' && norm(path.at(-1)!) === 'links';
      if (names.has(norm(prop.name)) || linkNext) {
        const href = props(ctx, prop.schema).get('href');
        if (linkNext && href) out.push({ path: [...here, 'href'], prop: href });
        else out.push({ path: here, prop });
      }
      if (depth === 0 && HOLDERS.has(norm(prop.name)) && types(ctx, prop.schema).has('object')) walk(prop.schema, here, depth + 1);
    }
  };
  walk(body, [], 0);
  return out.filter(ok);
}

const isString = (ctx: Ctx) => (f: Field) => isType(ctx, f.prop.schema, 'string') || types(ctx, f.prop.schema).size === 0;
const isBoolean = (ctx: Ctx) => (f: Field) => isType(ctx, f.prop.schema, 'boolean');
const isInteger = (ctx: Ctx) => (f: Field) => isType(ctx, f.prop.schema, 'integer') || isType(ctx, f.prop.schema, 'number');

/** One field, or none when there is none or several (ambiguous: no guess). */
function one(found: Field[]): BodyPath | undefined {
  return found.length === 1 ? found[0]!.path : undefined;
}

/** The page size parameter: its name and bound (`maximum`, else the items array's `maxItems`). */
function sizeOf(ctx: Ctx, op: Operation, items: At | undefined): { size?: string; limitMax?: number } {
  const one = roleParam(op, SIZE);
  const size = one === 'several' ? undefined : one;
  const max = keyword(ctx, size?.schema, 'maximum') ?? keyword(ctx, items, 'maxItems');
  return { ...(size ? { size: size.name } : {}), ...(Number.isSafeInteger(max) && (max as number) > 0 ? { limitMax: max as number } : {}) };
}

/** The array the items are in, to read its bound and its items' `id`. */
function itemsArray(ctx: Ctx, body: At | undefined, items: BodyPath): At | undefined {
  return items.length === 0 ? body : props(ctx, body).get(items[0]!)?.schema;
}

/**
 * The style the document's shape says, or why none: the conventions' meta+items first (spec 2.4), then a next URL or
 * cursor in the body, Stripe's item cursor, a declared `Link` header, and page or offset parameters.
 */
function readPagingShape(ctx: Ctx, op: Operation): ShapeReading {
  const collection = readCollection(ctx, op);
  const none = (reason: string): ShapeReading => ({ kind: 'none', reason });
  const at = op.keyLocation;
  if (!mayPage(op)) return none(`a ${op.httpMethod} that does not say it lists`);
  const found = (paging: Paging, source: PagingSource = 'shape'): ShapeReading => ({ kind: 'paging', found: { paging, source, at } });
  if (collection.kind === 'page') {
    const limit = paramsOf(op, new Set(['limit']))[0];
    return found(
      {
        style: 'offset',
        offset: 'offset',
        ...(limit ? { limit: limit.name } : {}),
        items: ['items'],
        total: ['meta', 'total'],
        ...(collection.limitMax !== undefined ? { limitMax: collection.limitMax } : {}),
      },
      'conventions',
    );
  }
  const body = successSchemaNode(ctx, op);
  const items = itemsPath(ctx, body);
  if (items === 'none') return none(body ? 'no array in the success body' : 'no JSON success body');
  if (items === 'ambiguous') return none('several arrays in the success body, none named as the items');
  const { size, limitMax } = sizeOf(ctx, op, itemsArray(ctx, body, items));
  const sized = { ...(size ? { size } : {}), items, ...(limitMax !== undefined ? { limitMax } : {}) };
  const roles = [CURSOR, ITEM_CURSOR, PAGE, OFFSET].map((names) => roleParam(op, names));
  if (roles.includes('several')) return none('several parameters of one paging role');
  const [cursor, itemCursor, page, offset] = roles as (Param | undefined)[];
  const nextCursors = fields(ctx, body, NEXT_CURSOR, isString(ctx));
  const nextUrls = fields(ctx, body, NEXT_URL, isString(ctx));
  const hasMore = one(fields(ctx, body, HAS_MORE, isBoolean(ctx)));
  const link = headerNames(ctx, successResponseNode(op)).includes('link');
  // A plain `next` string: the next cursor where a cursor parameter takes it, else the next page's URL.
  const next = fields(ctx, body, new Set(['next']), isString(ctx)).filter((f) => f.path.length === 1);
  const uri = next.some((f) => /^uri/.test(String(keyword(ctx, f.prop.schema, 'format') ?? '')));
  if (cursor && !uri) nextCursors.push(...next);
  else nextUrls.push(...next);

  if (cursor && nextCursors.length > 0) {
    const nextCursor = one(nextCursors);
    if (!nextCursor) return none('several next-cursor fields in the body');
    return found({ style: 'cursor', cursor: cursor.name, next: nextCursor, ...(hasMore ? { hasMore } : {}), ...sized });
  }
  if (itemCursor) {
    const id = props(ctx, arrayItems(ctx, itemsArray(ctx, body, items))).get('id');
    if (!hasMore) return none(`\`${itemCursor.name}\` without a has-more field in the body`);
    if (!id) return none(`\`${itemCursor.name}\` but the items have no \`id\``);
    return found({ style: 'item-cursor', cursor: itemCursor.name, itemId: ['id'], hasMore, ...sized });
  }
  if (nextUrls.length > 0) {
    const nextUrl = one(nextUrls);
    if (!nextUrl) return none('several next-URL fields in the body');
    return found({ style: 'next-url', next: nextUrl, ...sized });
  }
  // GitHub declares `Link` on its list responses, with `page` or `before`/`after`: following it serves both.
  if (link) return found({ style: 'link', ...sized });
  // A cursor the body does not carry, whose parameter says it is the one of the Link header (GitHub's `after`).
  if (cursor && /\blink\b\W{0,2}\s*header/i.test(str(cursor.node.node.description) ?? '')) return found({ style: 'link', ...sized });
  if (cursor) return none(`\`${cursor.name}\` without a next cursor in the body or a Link header`);
  if (page && offset) return none('both a page and an offset parameter');
  const total = one(fields(ctx, body, TOTAL, isInteger(ctx)));
  const totalAt = total ? { total } : {};
  if (page) {
    return found({ style: 'page', page: page.name, ...(size ? { size } : {}), first: firstOf(ctx, page), items, ...totalAt, ...(limitMax !== undefined ? { limitMax } : {}) });
  }
  if (offset) {
    return found({ style: 'offset', offset: offset.name, ...(size ? { limit: size } : {}), items, ...totalAt, ...(limitMax !== undefined ? { limitMax } : {}) });
  }
  return none(size ? `a page size (\`${size}\`) but no page, offset or cursor parameter` : 'a list with no paging parameter, next field or Link header (answered whole)');
}

/** What an operation's reading is: an extension's, else the shape's; with why there is none, and what is wrong
 *  with a written value (a warning where it is written). */
export interface PaginationReading {
  found?: PagingFound;
  /** Why there is no reading. */
  reason?: string;
  problem?: { at: Location; message: string };
}

const WRITTEN: [key: string, source: PagingSource, read: (value: unknown, op: Operation, defaults: Defaults) => Checked][] = [
  [EXT.pagination, 'x-pagination', checkPaging],
  ['x-speakeasy-pagination', 'x-speakeasy-pagination', fromSpeakeasy],
  ['x-fern-pagination', 'x-fern-pagination', fromFern],
];

export const readPagination = perOperation((ctx: Ctx, op: Operation): PaginationReading => {
  for (const [key, source, read] of WRITTEN) {
    if (!Object.hasOwn(op.op.node, key)) continue;
    const at = op.op.location.child([key]);
    let value = op.op.node[key];
    // `x-pagination: false`: the operation does not page, whatever its shape says.
    if (value === false && key === EXT.pagination) return { reason: `${key}: false` };
    // Fern's `x-fern-pagination: true` takes the document's.
    if (value === true && key === 'x-fern-pagination') value = op.root.node[key];
    return written(read(value, op, defaultsOf(ctx, op)), source, at, key);
  }
  const shape = readPagingShape(ctx, op);
  return shape.kind === 'paging' ? { found: shape.found } : { reason: shape.reason };
});

/** A reading from a written value, or the problem with it (no reading: never a guess). */
function written(checked: Checked, source: PagingSource, at: Location, key: string): PaginationReading {
  if ('paging' in checked) return { found: { paging: checked.paging, source, at } };
  return { reason: `${key} is not read`, problem: { at, message: `${key}: ${checked.problem}; the operation does not page` } };
}

/**
 * The config's `pagination` of the operation (docex.config.json `clients`): a Paging over any other reading, or
 * false for none. `at` is where the setting is written.
 */
export function configPagination(ctx: Ctx, op: Operation, value: unknown, at: Location, setting: string): PaginationReading {
  if (value === false) return { reason: `${setting}: false` };
  return written(checkPaging(value, op, defaultsOf(ctx, op)), 'config', at, setting);
}

/** What a written value may leave out, read from the shape. */
function defaultsOf(ctx: Ctx, op: Operation): Defaults {
  const body = successSchemaNode(ctx, op);
  const items = itemsPath(ctx, body);
  const hasMore = one(fields(ctx, body, HAS_MORE, isBoolean(ctx)));
  return {
    ...(Array.isArray(items) ? { items } : {}),
    ...(hasMore ? { hasMore } : {}),
    firstOf: (page) => firstOf(ctx, op.params.find((p) => p.in === 'query' && p.name === page)),
  };
}

/** A page parameter's first page: 1, unless its minimum or default says 0. */
function firstOf(ctx: Ctx, page: Param | undefined): number {
  return keyword(ctx, page?.schema, 'minimum') === 0 || keyword(ctx, page?.schema, 'default') === 0 ? 0 : 1;
}

/** Whether an operation looks like a list (the coverage's denominator): a GET with an array in its success body (at
 *  its top or one level down) whose path does not end in a parameter, or a query parameter of a paging role. */
export function looksLikeList(ctx: Ctx, op: Operation): boolean {
  if ([OFFSET, PAGE, SIZE, CURSOR, ITEM_CURSOR].some((names) => paramsOf(op, names).length > 0)) return true;
  // A GET of `/things/{id}` reads one thing, whatever arrays it holds.
  if (op.method !== 'get' || /\}$/.test(op.path)) return false;
  const body = successSchemaNode(ctx, op);
  return itemsPath(ctx, body) !== 'none';
}
