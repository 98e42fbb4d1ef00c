/**
 * One pager for every style of spec.paging (offset, page, cursor, item-cursor, next-url, link), one page in memory at
 * a time. Each page's call takes the iteration's options (signal, retry, timeoutMs per page). Bounded: at most
 * `maxPages` pages, a cursor or URL seen before stops with a PaginationError, and a next URL or Link target is followed
 * only on the origin of the first page.
 */
import type { ApiCore } from './core.js';
import type { PaginationError, PaginationStop } from './errors.js';
import type { BodyPath, OperationSpec, PageOptions, WithNextPage } from './types.js';

type Params = Record<string, unknown>;
type Pager = Pick<ApiCore, 'call' | 'baseUrl'>;
/** The next page's request: its params, or a URL to follow; undefined at the end, null after a page that repeats the
 *  one before (the server ignores the offset or page asked for), which is then not one of the iteration's. */
type Next = [params: Params, url?: URL] | undefined | null;

/** The value at `path` in `v`, through own properties only. */
const at = (v: unknown, path: BodyPath): unknown =>
  path.reduce<unknown>((o, k) => (o && typeof o === 'object' && Object.hasOwn(o, k) ? (o as Params)[k] : undefined), v);

/** A cursor or URL value that continues: a non-empty string, or a number. */
const value = (v: unknown): string | undefined => (typeof v === 'number' ? String(v) : typeof v === 'string' && v ? v : undefined);

/** The target of a `Link` header's rel="next" (RFC 8288: a link's parameters run to the next `<`; `rel` holds
 *  relation types separated by spaces, quoted or not). */
const linkNext = (header: string | null): string | undefined => /<([^>]*)>[^<]*;\s*rel\s*=\W*(?:[\w.-]+\s+)*next(?![\w.-])/i.exec(header ?? '')?.[1];

/** Page 1 of an iteration, from the caller's params (the page size at most limitMax, and by default), its next
 *  pages by getNextPage(); `repeats` gets a page that repeats the one before. `Stop`: PaginationError, passed in
 *  rather than imported, so that errors.ts stays in the chunk every program loads rather than one of its own. */
function first<P>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions, repeats: Set<object>, Stop: typeof PaginationError): Promise<WithNextPage<P>> {
  const paging = spec.paging!;
  const what = `${spec.method} ${spec.path}`;
  const max = options.maxPages ?? 1000;
  /** Cursors, URLs and params asked for so far. */
  const seen = new Set<string>();
  let pages = 0;
  let origin: string | undefined;
  // Offset and page styles: the largest page so far, and the items of the one before as JSON.
  let largest = 0;
  let last: string | undefined;

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
    const next = nextOf(params, data, items, response.headers, base);
    if (next === null) repeats.add(data as object);
    return Object.defineProperties(data as WithNextPage<P>, {
      hasNextPage: { value: () => !!next },
      getNextPage: { value: () => follow(next) },
    });
  }

  /** Where the page after `data` is, by the style. */
  function nextOf(params: Params, data: unknown, items: unknown[], headers: Headers, base: string): Next {
    const n = items.length;
    const more = 'hasMore' in paging && paging.hasMore ? at(data, paging.hasMore) : undefined;
    if (!n || more === false) return undefined;
    switch (paging.style) {
      case 'offset':
      case 'page': {
        const json = JSON.stringify(items);
        if (json === last) return null;
        last = json;
        const size = paging.style === 'offset' ? paging.limit : paging.size;
        const asked = size !== undefined && paging.limitMax !== undefined ? Number(params[size]) : NaN;
        // A short page is the last: shorter than the size asked within the documented maximum, else than the largest.
        largest = Math.max(largest, n);
        if (n < (asked > 0 ? asked : largest)) return undefined;
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
  const size = paging.style === 'offset' ? paging.limit : paging.size;
  if (size && paging.limitMax !== undefined) p[size] = Math.min(Number(p[size] ?? paging.limitMax), paging.limitMax);
  return load(p);
}

/** Every page: the first even when empty, then each next one until the style's end. */
export async function* pages<P>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions = {}, Stop: typeof PaginationError): AsyncGenerator<WithNextPage<P>, void, undefined> {
  const repeats = new Set<object>();
  let page = await first<P>(api, spec, params, options, repeats, Stop);
  yield page;
  while (page.hasNextPage()) {
    page = await page.getNextPage();
    if (repeats.has(page) || !(at(page, spec.paging!.items) as unknown[]).length) return;
    yield page;
  }
}

/** Every item of every page. */
export async function* all<I>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions | undefined, Stop: typeof PaginationError): AsyncGenerator<I, void, undefined> {
  for await (const page of pages<unknown>(api, spec, params, options, Stop)) yield* at(page, spec.paging!.items) as I[];
}
