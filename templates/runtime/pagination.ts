/**
 * The pager every style of spec.paging shares, and the offset style's rule for the next page (another style's is in
 * its own module, paging-*.ts, which re-exports this one, so that a client loads only the styles its operations use;
 * offset, the conventions' style, is here, where a chunk of its own would cost a client of docex's APIs more bytes
 * than it holds). One page in memory at a time.
 * Each page's call takes the iteration's options (signal, retry, timeoutMs per page). Bounded: at most `maxPages`
 * pages, a cursor or URL seen before stops with a PaginationError, and a next URL or Link target is followed only on
 * the origin of the first page.
 */
import type { ApiCore } from './core.js';
import type { PaginationError, PaginationStop } from './errors.js';
import type { BodyPath, OperationSpec, PageOptions, PagingSpec, WithNextPage } from './types.js';

export type Params = Record<string, unknown>;
type Pager = Pick<ApiCore, 'call' | 'baseUrl'>;
/** The next page's request: its params, or a URL to follow; undefined at the end, null after a page that repeats the
 *  one before (the server ignores the offset or page asked for), which is then not one of the iteration's. */
export type Next = [params: Params, url?: URL] | undefined | null;
/** A style's rule, made once per iteration (it may keep what it saw): where the page after a non-empty one is.
 *  `size`: the page size parameter. */
export type Step = (paging: PagingSpec, size?: string) => (params: Params, data: unknown, items: unknown[], headers: Headers, base: string) => Next;

/** The value at `path` in `v`, through own properties only. */
export const at = (v: unknown, path: BodyPath): unknown =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' && Object.hasOwn(o, k) ? (o as Params)[k] : undefined), v);

/** The styles that ask for a page by number or position (offset, page): a page that repeats the one before gives
 *  null, a short one ends (shorter than the size asked within the documented maximum, else than the largest so far),
 *  any other gives `next`. */
export const sized =
  (next: (paging: PagingSpec, params: Params, data: unknown, n: number) => Next): Step =>
  (paging, size) => {
    let largest = 0;
    let last: string | undefined;
    return (params, data, items) => {
      const json = JSON.stringify(items);
      if (json === last) return null;
      last = json;
      const asked = size !== undefined && paging.limitMax !== undefined ? Number(params[size]) : NaN;
      largest = Math.max(largest, items.length);
      return items.length < (asked > 0 ? asked : largest) ? undefined : next(paging, params, data, items.length);
    };
  };

/** The offset style: the offset advanced by the items received, up to `total` where the body has one. */
export const step = sized((paging, params, data, n) => {
  const { offset: key, total } = paging as Extract<PagingSpec, { style: 'offset' }>;
  const offset = Number(params[key] ?? 0) + n;
  const end = total && at(data, total);
  return typeof end === 'number' && offset >= end ? undefined : [{ ...params, [key]: offset }];
});

/** Page 1 of an iteration, from the caller's params (the page size at most limitMax, and by default), its next
 *  pages by getNextPage(); `repeats` gets a page that repeats the one before. `Stop`: PaginationError, passed in
 *  rather than imported, so that errors.ts stays in the chunk every program loads rather than one of its own. */
function first<P>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions, repeats: Set<object>, Stop: typeof PaginationError, step: Step): Promise<WithNextPage<P>> {
  const paging = spec.paging!;
  const what = `${spec.method} ${spec.path}`;
  const max = options.maxPages ?? 1000;
  const size = paging.style === 'offset' ? paging.limit : paging.size;
  const nextOf = step(paging, size);
  /** Cursors, URLs and params asked for so far. */
  const seen = new Set<string>();
  let pages = 0;
  let origin: string | undefined;

  async function load(params: Params, url?: URL): Promise<WithNextPage<P>> {
    // A URL the server gave: its path and query as they are, on its origin; only header and cookie params still apply.
    const target: OperationSpec = url
      ? { ...spec, server: `${url.origin}/`, path: (url.pathname + url.search).replace(/[{}]/g, encodeURIComponent), params: spec.params.filter((p) => p.in === 'header' || p.in === 'cookie') }
      : spec;
    pages++;
    const { data, response } = await api.call<P>(target, params, options).withResponse();
    const base = response.url || url?.href || api.baseUrl;
    origin ??= new URL(base).origin;
    const items = at(data, paging.items);
    if (!Array.isArray(items)) throw new TypeError(`${what} did not return a page (no array at ${paging.items.join('.') || 'the body'})`);
    const next = items.length ? nextOf(params, data, items, response.headers, base) : undefined;
    if (next === null) repeats.add(data as object);
    return Object.defineProperties(data as WithNextPage<P>, {
      hasNextPage: { value: () => !!next },
      getNextPage: { value: () => follow(next) },
    });
  }

  /** getNextPage(): the page `next` names, within the iteration's bounds; nothing is sent beyond them. */
  async function follow(next: Next): Promise<WithNextPage<P>> {
    const stop = (reason: PaginationStop, detail: string) => new Stop(what, reason, detail);
    if (!next) throw stop('last-page', 'no next page');
    const [params, url] = next;
    if (pages >= max) throw stop('max-pages', `more than ${max} pages (maxPages)`);
    if (url && url.origin !== origin) throw stop('origin', `next page on another host, ${url.host}: not followed`);
    const key = url ? url.href : JSON.stringify(params);
    if (seen.has(key)) throw stop('repeated', 'the same next page twice');
    seen.add(key);
    return load(params, url);
  }

  const p: Params = { ...params };
  if (size && paging.limitMax !== undefined) p[size] = Math.min(Number(p[size] ?? paging.limitMax), paging.limitMax);
  return load(p);
}

/** Every page, or with `items` every item of every page: the first page even when empty, then each next one until the
 *  style's end. */
export async function* pages<T>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions = {}, Stop: typeof PaginationError, step: Step, items?: boolean): AsyncGenerator<T, void, undefined> {
  const path = spec.paging!.items;
  const repeats = new Set<object>();
  let page = await first<unknown>(api, spec, params, options, repeats, Stop, step);
  for (;;) {
    if (items) yield* at(page, path) as T[];
    else yield page as T;
    if (!page.hasNextPage()) return;
    page = await page.getNextPage();
    if (repeats.has(page) || !(at(page, path) as unknown[]).length) return;
  }
}
