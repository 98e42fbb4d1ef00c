/** Offset/limit pagination of meta+items collections (`offset` and `limit` parameters), one page in memory at a time. */
import type { ApiCore } from './core.js';
import type { CallOptions, CollectionPage, OperationSpec } from './types.js';

/**
 * Every page from `params.offset` (default 0). limit = min(params.limit ?? limitMax, limitMax). Stops at
 * meta.total, at an empty or short page, or when the server does not move to the offset asked for.
 */
export async function* pages<P>(api: Pick<ApiCore, 'call'>, spec: OperationSpec, params: object | undefined, options?: CallOptions): AsyncGenerator<P, void, undefined> {
  const p = (params ?? {}) as { offset?: number; limit?: number };
  const max = spec.paginated?.limitMax;
  const limit = max === undefined ? p.limit : Math.min(p.limit ?? max, max);
  const start = p.offset ?? 0;
  for (let offset = start; ; ) {
    const page = await api.call<CollectionPage<unknown> | undefined>(spec, { ...p, offset, limit }, options);
    const items = page?.items;
    if (!Array.isArray(items)) throw new TypeError(`${spec.method} ${spec.path} did not return a meta+items page`);
    const meta = page!.meta ?? {};
    const n = items.length;
    // No progress: an empty page, or a server ignoring offset (which would repeat one page for ever).
    if (offset !== start && (!n || (meta.offset ?? offset) !== offset)) return;
    yield page as P;
    offset += n;
    // Done at meta.total, or at a page shorter than the page size the server applied (else the one asked for).
    if (!n || offset >= (meta.total ?? Infinity) || n < (meta.limit ?? limit)!) return;
  }
}
