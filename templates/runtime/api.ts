/** createApi: the client glue of the contract, createApiCore plus pages()/all() in every pagination style. */
import { createApiCore, type ApiCore } from './core.js';
import { PaginationError } from './errors.js';
import { allPaging, offsetPaging, type PagingStyles } from './paging.js';
import type { Api, ClientOptions, Codecs, OperationSpec, PageOptions, WithNextPage } from './types.js';

type Pager = Pick<ApiCore, 'call' | 'baseUrl'>;

/** Every page of a paging operation (see pagination.ts), or with `items` every item of every page, one page in memory
 *  at a time, by its style's module from `styles`, imported on first use (paging.ts). Each page is data: with the
 *  client's etagCache a page is revalidated and a 304 gives the cached page. The generated methods take no
 *  `ifNoneMatch` here (an ETag names one page); a 304 that still reaches it has no items, and ends it with a TypeError. */
export async function* paged<T>(api: Pager, spec: OperationSpec, params: object | undefined, options: PageOptions | undefined, styles: PagingStyles, items?: boolean): AsyncGenerator<T, void, undefined> {
  // The pager with the style's rule (for offset, one module: the pager's own).
  const [{ pages }, { step }] = await Promise.all([offsetPaging(), styles[spec.paging!.style]!()]);
  yield* pages<T>(api, spec, params, options, PaginationError, step, items);
}

/** Every page of a paging operation, in any style. */
export const pages = <P>(api: Pager, spec: OperationSpec, params: object | undefined, options?: PageOptions) => paged<WithNextPage<P>>(api, spec, params, options, allPaging);

/** Every item of a paging operation, in any style. */
export const all = <I>(api: Pager, spec: OperationSpec, params: object | undefined, options?: PageOptions) => paged<I>(api, spec, params, options, allPaging, true);

/** `apiPath` is the sub API's path under `options.baseUrl`, e.g. 'document/v1/' (or ''). `codecs`: the encoders
 *  hand-written specs need beyond JSON, bytes and plain parameters (e.g. `{ param: styledParam, body: encodedBody }`). */
export function createApi(options: ClientOptions, apiPath: string, codecs?: Codecs): Api {
  const core = createApiCore(options, apiPath, codecs);
  return {
    ...core,
    pages: (spec, params, o) => pages(core, spec, params, o),
    all: (spec, params, o) => all(core, spec, params, o),
  };
}
