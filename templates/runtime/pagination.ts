/**
 * The pager every style of spec.paging shares, with the offset style's rule for the next page (another style's rule
 * is in its own module, paging-*.ts, so that a client loads only the styles its operations use; offset, the
 * conventions' style, is here, where a chunk of its own would cost a client of docex's APIs more bytes than it holds).
 * The style modules import nothing of this one: a bundler then keeps it one chunk, not a shared chunk and a facade.
 * One page in memory at a time. Each page's call takes the iteration's options (signal, retry, timeoutMs per page).
 * Bounded: at most `maxPages` pages, a cursor or URL seen before stops with a PaginationError, and a next URL or Link
 * target is followed only on the origin of the first page.
 */
import type { ApiCore } from './core.js';
import type { PaginationError, PaginationStop } from './errors.js';
import type { BodyPath, OperationSpec, PageOptions, PagingSpec, WithNextPage } from './types.js';

export type Params = Record<string, unknown>;
type Pager = Pick<ApiCore, 'call' | 'baseUrl'>;
/** The value at a body path, through own properties only (the pager's `at`, given to each style's rule). */
export type At = (v: unknown, path: BodyPath) => unknown;
/** The next page's request: its params, or a URL to follow with the operation's spec for it (paging-next-url.ts);
 *  undefined at the end. */
export type Next = [params: Params, url?: URL, target?: OperationSpec] | undefined;
/** A style's rule, made once per iteration: where the page after a non-empty one is. */
export type Step = (paging: PagingSpec, spec: OperationSpec) => (params: Params, data: unknown, items: unknown[], headers: Headers, base: string, at: At) => Next;

const at: At = (v, path) => path.reduce<unknown>((o, k) => (o && typeof o === 'object' && Object.hasOwn(o, k) ? (o as Params)[k] : undefined), v);

/** The offset style: the offset advanced by the items received, up to `total` where the body has one. */
export const step: Step = (paging) => (params, data, items) => {
  const { offset: key, total } = paging as Extract<PagingSpec, { style: 'offset' }>;
  const offset = Number(params[key] ?? 0) + items.length;
  const end = total && at(data, total);
  return typeof end === 'number' && offset >= end ? undefined : [{ ...params, [key]: offset }];
};

/**
 * Every page, or with `items` every item of every page: the first page (from the caller's params, the page size at
 * most limitMax, and by default) even when empty, then each next one by getNextPage() until the style's end. The
 * styles that ask for a page by number or position (offset, page) also end at a short page (shorter than the size
 * asked within the documented maximum, else than the largest so far), and at a page that repeats the one before (a
 * server ignoring the offset or page asked for), which is then not one of the iteration's. `Stop`: PaginationError,
 * passed in rather than imported, so that errors.ts stays in the chunk every program loads.
 */
export async function* pages<T>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions = {}, Stop: typeof PaginationError, rule: Step, items?: boolean): AsyncGenerator<T, void, undefined> {
  const paging = spec.paging!;
  const path = paging.items;
  const what = `${spec.method} ${spec.path}`;
  const max = options.maxPages ?? 1000;
  const size = paging.style === 'offset' ? paging.limit : paging.size;
  const sized = paging.style === 'offset' || paging.style === 'page';
  const nextOf = rule(paging, spec);
  /** Cursors, URLs and params asked for so far, and the pages that repeat the one before. */
  const seen = new Set<string>();
  const repeats = new Set<unknown>();
  let count = 0;
  let largest = 0;
  let last: string | undefined;
  let origin: string | undefined;

  const load = async (params: Params, url?: URL, target = spec): Promise<WithNextPage<unknown>> => {
    count++;
    const { data, response } = await api.call<object>(target, params, options).withResponse();
    const base = response.url || url?.href || api.baseUrl;
    origin ??= new URL(base).origin;
    const list = at(data, path);
    if (!Array.isArray(list)) throw new TypeError(`${what} did not return a page (no array at ${path.join('.') || 'the body'})`);
    let next: Next;
    if (list.length) {
      const json = sized && JSON.stringify(list);
      if (json && json === last) repeats.add(data);
      else {
        last = json || undefined;
        const asked = size !== undefined && paging.limitMax !== undefined ? Number(params[size]) : NaN;
        largest = Math.max(largest, list.length);
        if (!sized || list.length >= (asked > 0 ? asked : largest)) next = nextOf(params, data, list, response.headers, base, at);
      }
    }
    return Object.defineProperties(data as WithNextPage<unknown>, {
      hasNextPage: { value: () => !!next },
      getNextPage: { value: () => follow(next) },
    });
  };

  /** getNextPage(): the page `next` names, within the iteration's bounds; nothing is sent beyond them. */
  const follow = async (next: Next): Promise<WithNextPage<unknown>> => {
    const stop = (reason: PaginationStop, detail: string) => new Stop(what, reason, detail);
    if (!next) throw stop('last-page', 'no next page');
    const [params, url, target] = next;
    if (count >= max) throw stop('max-pages', `more than ${max} pages (maxPages)`);
    if (url && url.origin !== origin) throw stop('origin', `next page on another host, ${url.host}: not followed`);
    const key = url ? url.href : JSON.stringify(params);
    if (seen.has(key)) throw stop('repeated', 'the same next page twice');
    seen.add(key);
    return load(params, url, target);
  };

  const first: Params = { ...params };
  if (size && paging.limitMax !== undefined) first[size] = Math.min(Number(first[size] ?? paging.limitMax), paging.limitMax);
  let page = await load(first);
  for (;;) {
    if (items) yield* at(page, path) as T[];
    else yield page as T;
    if (!page.hasNextPage()) return;
    page = await page.getNextPage();
    if (repeats.has(page) || !(at(page, path) as unknown[]).length) return;
  }
}
