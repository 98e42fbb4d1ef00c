// The written pagination of an operation, over its shape's (pagination.ts): docex's own `x-pagination` (a Paging in
// the model's words), Speakeasy's `x-speakeasy-pagination` and Fern's `x-fern-pagination`, and the config's
// `pagination` setting (a Paging, or false). Each value is checked whole: a bad one is a problem naming what is
// wrong, and no reading (never a guess, never a throw).
import type { BodyPath, Paging } from '../types.js';
import { isObject } from '../../util/json.js';
import type { Operation } from './operations.js';

type Style = Paging['style'];
type Field = 'name' | 'path' | 'first' | 'bound';

/** Each style's fields: required ones, then optional ones (with `?`). */
const FIELDS: Record<Style, Record<string, Field | `${Field}?`>> = {
  offset: { offset: 'name', limit: 'name?', items: 'path', total: 'path?', limitMax: 'bound?' },
  page: { page: 'name', size: 'name?', first: 'first?', items: 'path', total: 'path?', limitMax: 'bound?' },
  cursor: { cursor: 'name', next: 'path', size: 'name?', hasMore: 'path?', items: 'path', limitMax: 'bound?' },
  'item-cursor': { cursor: 'name', itemId: 'path', hasMore: 'path', size: 'name?', items: 'path', limitMax: 'bound?' },
  'next-url': { next: 'path', size: 'name?', items: 'path', limitMax: 'bound?' },
  link: { size: 'name?', items: 'path', limitMax: 'bound?' },
};
const STYLES = Object.keys(FIELDS) as Style[];
/** A BodyPath longer than this is not a body an API answers. */
const MAX_PATH = 16;

export type Checked = { paging: Paging } | { problem: string };

/** What a written value may leave out, from the shape: the items, the has-more field, a page parameter's first. */
export interface Defaults {
  items?: BodyPath;
  hasMore?: BodyPath;
  firstOf(page: string): number;
}

/** What the value is, for a message: never the value itself (it may be huge, or not printable). */
function kindOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/**
 * A Paging written out (`x-pagination`, config): its `style` and that style's fields, nothing else. `items` and a
 * page's `first` may be left out: the shape's items, and the page parameter's first (1, or 0 where it says so).
 * Parameter names must be the operation's query parameters.
 */
export function checkPaging(value: unknown, op: Operation, defaults: Defaults): Checked {
  if (!isObject(value)) return { problem: `is ${kindOf(value)}, not an object with a \`style\`` };
  const style = value.style;
  if (typeof style !== 'string' || !(STYLES as string[]).includes(style)) return { problem: `\`style\` is not one of ${STYLES.join(', ')}` };
  const fields = FIELDS[style as Style];
  const out: Record<string, unknown> = { style };
  for (const key of Object.keys(value)) {
    if (key !== 'style' && !Object.hasOwn(fields, key)) return { problem: `\`${key.slice(0, 40)}\` is not a field of the ${style} style (${Object.keys(fields).join(', ')})` };
  }
  for (const [key, spec] of Object.entries(fields)) {
    const optional = spec.endsWith('?');
    const kind = spec.replace('?', '') as Field;
    let v: unknown = Object.hasOwn(value, key) ? value[key] : undefined;
    if (v === undefined && key === 'items') v = defaults.items;
    if (v === undefined && key === 'first' && typeof value.page === 'string') v = defaults.firstOf(value.page);
    if (v === undefined) {
      if (optional) continue;
      return { problem: key === 'items' ? '`items` is needed: the success body has no one items array' : `\`${key}\` is needed by the ${style} style` };
    }
    const bad = problemOf(kind, key, v, op);
    if (bad) return { problem: bad };
    out[key] = kind === 'path' ? [...(v as string[])] : v;
  }
  return { paging: out as unknown as Paging };
}

function problemOf(kind: Field, key: string, v: unknown, op: Operation): string | undefined {
  switch (kind) {
    case 'name':
      if (typeof v !== 'string' || v === '') return `\`${key}\` is ${kindOf(v)}, not a parameter name`;
      if (!op.params.some((p) => p.in === 'query' && p.name === v)) return `\`${key}\` names \`${v.slice(0, 80)}\`, not a query parameter of the operation`;
      return undefined;
    case 'path':
      if (!Array.isArray(v) || v.length > MAX_PATH || !v.every((s) => typeof s === 'string')) return `\`${key}\` is not a path in the body (an array of property names, [] for the body itself)`;
      return undefined;
    case 'first':
      return v === 0 || v === 1 ? undefined : `\`first\` is neither 0 nor 1`;
    case 'bound':
      return Number.isSafeInteger(v) && (v as number) > 0 ? undefined : `\`${key}\` is not a positive integer`;
  }
}

/** `$.a.b` (Speakeasy's JSONPath) or `$response.a.b` (Fern's) as a BodyPath; undefined for anything else. */
function pathOf(expr: unknown, prefix: '$' | '$response'): BodyPath | undefined {
  if (typeof expr !== 'string') return undefined;
  if (expr === prefix) return [];
  if (!expr.startsWith(`${prefix}.`)) return undefined;
  const parts = expr.slice(prefix.length + 1).split('.');
  return parts.every((p) => /^[\w$@-]+$/.test(p)) && parts.length <= MAX_PATH ? parts : undefined;
}

/** `$request.name` (Fern) as the parameter's name. */
function requestParam(expr: unknown): string | undefined {
  return typeof expr === 'string' && /^\$request\.[^.\s]+$/.test(expr) ? expr.slice('$request.'.length) : undefined;
}

/**
 * Speakeasy's `x-speakeasy-pagination`: `type` offsetLimit (a `page` or `offset` input, and `limit`), cursor (a
 * `cursor` input and `outputs.nextCursor`) or url (`outputs.nextUrl`); `outputs.results` is the items. Inputs must
 * be parameters (`in: parameters`): a cursor sent in the request body is not carried.
 */
export function fromSpeakeasy(value: unknown, op: Operation, defaults: Defaults): Checked {
  if (!isObject(value)) return { problem: `is ${kindOf(value)}, not an object with a \`type\`` };
  const inputs = Array.isArray(value.inputs) ? value.inputs.filter(isObject) : [];
  const outputs = isObject(value.outputs) ? value.outputs : {};
  const input = (type: string) => inputs.find((i) => i.type === type);
  for (const i of inputs) if (i.in !== 'parameters') return { problem: `the input \`${String(i.name).slice(0, 40)}\` is not in the parameters (only query parameters are carried)` };
  const items = outputs.results === undefined ? defaults.items : pathOf(outputs.results, '$');
  if (outputs.results !== undefined && !items) return { problem: '`outputs.results` is not a path such as `$.data`' };
  const limit = input('limit')?.name;
  const size = typeof limit === 'string' ? { size: limit } : {};
  const base = { ...(items ? { items } : {}) };
  switch (value.type) {
    case 'offsetLimit': {
      const page = input('page')?.name;
      const offset = input('offset')?.name;
      if (page !== undefined) return checkPaging({ style: 'page', page, ...size, ...base }, op, defaults);
      if (offset !== undefined) return checkPaging({ style: 'offset', offset, ...(typeof limit === 'string' ? { limit } : {}), ...base }, op, defaults);
      return { problem: 'offsetLimit has neither a `page` nor an `offset` input' };
    }
    case 'cursor': {
      const cursor = input('cursor')?.name;
      const raw = typeof outputs.nextCursor === 'string' ? outputs.nextCursor : '';
      // `$.data[-1].id`: the last item's id is the next cursor (Stripe's style).
      const last = /^\$\.([\w$@.-]+)\[-1\]\.([\w$@-]+)$/.exec(raw);
      if (last && defaults.hasMore) return checkPaging({ style: 'item-cursor', cursor, itemId: [last[2]], hasMore: defaults.hasMore, ...size, ...base }, op, defaults);
      if (last) return { problem: "the last item's id as the cursor needs a has-more field in the body" };
      const next = pathOf(raw, '$');
      if (!next) return { problem: '`outputs.nextCursor` is not a path such as `$.next_cursor`' };
      return checkPaging({ style: 'cursor', cursor, next, ...size, ...base }, op, defaults);
    }
    case 'url': {
      const next = pathOf(outputs.nextUrl, '$');
      if (!next) return { problem: '`outputs.nextUrl` is not a path such as `$.next`' };
      return checkPaging({ style: 'next-url', next, ...size, ...base }, op, defaults);
    }
    default:
      return { problem: '`type` is not one of offsetLimit, cursor, url' };
  }
}

/**
 * Fern's `x-fern-pagination`: `cursor` + `next_cursor`; `offset` (a page number stepped by one, or with `step` an
 * offset stepped by the page size); `next_uri` or `next_path`; `results` the items, `has-next-page` the has-more.
 */
export function fromFern(value: unknown, op: Operation, defaults: Defaults): Checked {
  if (!isObject(value)) return { problem: `is ${kindOf(value)}, not an object` };
  const items = value.results === undefined ? defaults.items : pathOf(value.results, '$response');
  if (value.results !== undefined && !items) return { problem: '`results` is not a path such as `$response.data`' };
  const base = { ...(items ? { items } : {}) };
  const hasMore = value['has-next-page'] === undefined ? undefined : pathOf(value['has-next-page'], '$response');
  if (value['has-next-page'] !== undefined && !hasMore) return { problem: '`has-next-page` is not a path such as `$response.has_more`' };
  const step = value.step === undefined ? undefined : requestParam(value.step);
  if (value.step !== undefined && !step) return { problem: '`step` is not a parameter such as `$request.limit`' };
  if (value.cursor !== undefined) {
    const cursor = requestParam(value.cursor);
    const next = pathOf(value.next_cursor, '$response');
    if (!cursor) return { problem: '`cursor` is not a parameter such as `$request.cursor`' };
    if (!next) return { problem: '`next_cursor` is not a path such as `$response.next_cursor`' };
    return checkPaging({ style: 'cursor', cursor, next, ...(hasMore ? { hasMore } : {}), ...base }, op, defaults);
  }
  if (value.offset !== undefined) {
    const name = requestParam(value.offset);
    if (!name) return { problem: '`offset` is not a parameter such as `$request.offset`' };
    if (step) return checkPaging({ style: 'offset', offset: name, limit: step, ...base }, op, defaults);
    return checkPaging({ style: 'page', page: name, ...base }, op, defaults);
  }
  const uri = value.next_uri ?? value.next_path;
  if (uri !== undefined) {
    // A next path is resolved against the request's URL, as a next URL is: both stay on the first request's origin.
    const next = pathOf(uri, '$response');
    if (!next) return { problem: '`next_uri` is not a path such as `$response.next`' };
    return checkPaging({ style: 'next-url', next, ...base }, op, defaults);
  }
  return { problem: 'has none of cursor, offset, next_uri, next_path' };
}
