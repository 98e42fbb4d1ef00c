/**
 * One pager for every style of spec.paging (offset, page, cursor, item-cursor, next-url, link), one page in memory at
 * a time. Each page's call takes the iteration's options (signal, retry, timeoutMs per page). Bounded: at most
 * `maxPages` pages, a cursor or URL seen before stops with a PaginationError, and a next URL or Link target is followed
 * only on the origin of the first page.
 */
import type { ApiCore } from './core.js';
import { PaginationError } from './errors.js';
import type { BodyPath, OperationSpec, PageOptions, PagingSpec, WithNextPage } from './types.js';

type Params = Record<string, unknown>;
type Pager = Pick<ApiCore, 'call' | 'baseUrl'>;

/** The value at `path` in `v`, through own properties only. */
const at = (v: unknown, path: BodyPath): unknown =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' && Object.hasOwn(o, k) ? (o as Params)[k] : undefined), v);

/** A cursor or URL value that continues: a non-empty string, or a number. */
const value = (v: unknown): string | undefined => (typeof v === 'number' ? String(v) : typeof v === 'string' && v ? v : undefined);

/** The target of a `Link` header's rel="next" (RFC 8288: a link's parameters run to the next `<`; `rel` holds
 *  relation types separated by spaces, quoted or not). */
const linkNext = (header: string | null): string | undefined => /<([^>]*)>[^<]*;\s*rel\s*=\W*(?:[\w.-]+\s+)*next(?![\w.-])/i.exec(header ?? '')?.[1];

/** One iteration: what every page of it shares. */
interface Walk {
  api: Pager;
  spec: OperationSpec;
  paging: PagingSpec;
  options: PageOptions;
  what: string;
  /** Cursors, URLs and offsets asked for so far. */
  seen: Set<string>;
  pages: number;
  max: number;
  /** The origin of the first page's response. */
  origin?: string;
  /** Offset and page styles: the largest page so far, and the previous page's items as JSON. */
  size: number;
  last?: string;
}

/** The next page's request: its params, or a URL to follow; undefined at the end, null after a page that repeats the
 *  one before (the server ignores the offset or page asked for), which is then not one of the iteration's. */
type Next = [params: Params, url?: URL] | undefined | null;
// Pure: a module-level call that a bundler would otherwise keep, loading pagination in programs that never page.
const repeats = /* @__PURE__ */ new WeakSet<object>();

/** Page 1 of an iteration from the caller's params (the page size at most limitMax, defaulting to it). */
export function firstPage<P>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions = {}): Promise<WithNextPage<P>> {
  const paging = spec.paging!;
  const p: Params = { ...params };
  const size = paging.style === 'offset' ? paging.limit : paging.size;
  const max = paging.limitMax;
  if (size && max !== undefined) p[size] = Math.min(Number(p[size] ?? max), max);
  const walk: Walk = { api, spec, paging, options, what: `${spec.method} ${spec.path}`, seen: new Set(), pages: 0, max: options.maxPages ?? 1000, size: 0 };
  return load<P>(walk, p);
}

async function load<P>(w: Walk, params: Params, url?: URL): Promise<WithNextPage<P>> {
  const { spec, paging } = w;
  // A URL the server gave: its path and query as they are, on its origin; only header and cookie params still apply.
  const target: OperationSpec = url
    ? { ...spec, server: `${url.origin}/`, path: (url.pathname + url.search).replace(/[{}]/g, encodeURIComponent), params: spec.params.filter((p) => p.in === 'header' || p.in === 'cookie') }
    : spec;
  w.pages++;
  const { data, response } = await w.api.call<P>(target, params, w.options).withResponse();
  const base = response.url || url?.href || w.api.baseUrl;
  w.origin ??= new URL(base).origin;
  const items = at(data, paging.items);
  if (!Array.isArray(items)) throw new TypeError(`${w.what} did not return a page: no array at ${paging.items.join('.') || 'the body'}`);
  const next = nextOf(w, params, data, items, response.headers, base);
  if (next === null) repeats.add(data as object);
  Object.defineProperties(data, {
    hasNextPage: { value: () => !!next },
    getNextPage: { value: () => follow<P>(w, next) },
  });
  return data as WithNextPage<P>;
}

/** Where the page after `data` is, by the style; undefined at its end. */
function nextOf(w: Walk, params: Params, data: unknown, items: unknown[], headers: Headers, base: string): Next {
  const { paging } = w;
  const n = items.length;
  if (!n) return undefined;
  const more = 'hasMore' in paging && paging.hasMore ? at(data, paging.hasMore) : undefined;
  if (more === false) return undefined;
  switch (paging.style) {
    case 'offset':
    case 'page': {
      // A page the same as the one before: the server ignores the offset or page asked for.
      const json = JSON.stringify(items);
      if (json === w.last) return null;
      w.last = json;
      const size = paging.style === 'offset' ? paging.limit : paging.size;
      const asked = size !== undefined && paging.limitMax !== undefined ? Number(params[size]) : NaN;
      // A short page is the last: shorter than the size asked within the documented maximum, else than the largest.
      w.size = Math.max(w.size, n);
      if (n < (asked > 0 ? asked : w.size)) return undefined;
      if (paging.style === 'page') return [{ ...params, [paging.page]: Number(params[paging.page] ?? paging.first) + 1 }];
      const offset = Number(params[paging.offset] ?? 0) + n;
      const total = paging.total && at(data, paging.total);
      return typeof total === 'number' && offset >= total ? undefined : [{ ...params, [paging.offset]: offset }];
    }
    case 'cursor':
    case 'item-cursor': {
      const cursor = value(paging.style === 'cursor' ? at(data, paging.next) : more === true ? at(items[n - 1], paging.itemId) : undefined);
      return cursor === undefined ? undefined : [{ ...params, [paging.cursor]: cursor }];
    }
    default: {
      const link = value(paging.style === 'link' ? linkNext(headers.get('link')) : at(data, paging.next));
      try {
        return link === undefined ? undefined : [params, new URL(link, base)];
      } catch {
        return undefined; // not a URL: no next page to go to
      }
    }
  }
}

/** getNextPage(): the page `next` names, within the iteration's bounds; nothing is sent beyond them. */
function follow<P>(w: Walk, next: Next): Promise<WithNextPage<P>> {
  const { what } = w;
  if (!next) return Promise.reject(new PaginationError(what, 'last-page', 'there is no next page'));
  const [params, url] = next;
  if (w.pages >= w.max) return Promise.reject(new PaginationError(what, 'max-pages', `more than ${w.max} pages (maxPages); not asked for`));
  if (url && url.origin !== w.origin) return Promise.reject(new PaginationError(what, 'origin', `the next page is on another host, ${url.host}: not followed`));
  const key = url ? url.href : JSON.stringify(params);
  if (w.seen.has(key)) return Promise.reject(new PaginationError(what, 'repeated', `the server gave the same ${url ? 'next URL' : 'next page'} twice: stopped`));
  w.seen.add(key);
  return load<P>(w, params, url);
}

/** Every page: the first even when empty, then each next one until the style's end. */
export async function* pages<P>(api: Pager, spec: OperationSpec, params: object | undefined, options?: PageOptions): AsyncGenerator<WithNextPage<P>, void, undefined> {
  let page = await firstPage<P>(api, spec, params, options);
  yield page;
  while (page.hasNextPage()) {
    page = await page.getNextPage();
    if (repeats.has(page) || !(at(page, spec.paging!.items) as unknown[]).length) return;
    yield page;
  }
}

/** Every item of every page. */
export async function* all<I>(api: Pager, spec: OperationSpec, params: object | undefined, options?: PageOptions): AsyncGenerator<I, void, undefined> {
  for await (const page of pages<unknown>(api, spec, params, options)) yield* at(page, spec.paging!.items) as I[];
}
