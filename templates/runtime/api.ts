/** createApi: the client glue of the contract, createApiCore plus pages()/all(). */
import { createApiCore, type ApiCore } from './core.js';
import { PaginationError } from './errors.js';
import type { Api, ClientOptions, Codecs, OperationSpec, PageOptions, WithNextPage } from './types.js';

type Pager = Pick<ApiCore, 'call' | 'baseUrl'>;

// Imported on first use, never statically: every generated client offers .all()/.pages(), so a static import
// would ship pagination to every program, while with code splitting a bundler loads it only when a program pages.
const pager = () => import('./pagination.js');

/** Every page of a paging operation (see pagination.ts). Each is data: with the client's etagCache a page is
 *  revalidated and a 304 gives the cached page. The generated methods take no `ifNoneMatch` here (an ETag names one
 *  page); a 304 that still reaches pages() has no items, and ends it with a TypeError. */
export async function* pages<P>(api: Pager, spec: OperationSpec, params: object | undefined, options?: PageOptions): AsyncGenerator<WithNextPage<P>, void, undefined> {
  yield* (await pager()).pages<P>(api, spec, params, options, PaginationError);
}

/** Every item of every page, one page in memory at a time. */
export async function* all<I>(api: Pager, spec: OperationSpec, params: object | undefined, options?: PageOptions): AsyncGenerator<I, void, undefined> {
  yield* (await pager()).all<I>(api, spec, params, options, PaginationError);
}

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
