/** The next-url style: the URL at `next` in the body, followed as it is. */
import { value } from './paging-cursor.js';
import type { Next, Params, Step } from './pagination.js';
import type { OperationSpec, PagingSpec } from './types.js';

/** The page at `link` (relative to the page's URL): its path and query as they are, on its origin, with the
 *  iteration's header and cookie params (the others are in the URL). */
export function followUrl(spec: OperationSpec, params: Params, link: unknown, base: string): Next {
  const v = value(link);
  let url: URL;
  try {
    if (v === undefined) return undefined;
    url = new URL(v, base);
  } catch {
    return undefined; // not a URL: no next page to go to
  }
  const path = (url.pathname + url.search).replace(/[{}]/g, encodeURIComponent);
  return [params, url, { ...spec, server: `${url.origin}/`, path, params: spec.params.filter((p) => p.in === 'header' || p.in === 'cookie') }];
}

export const step: Step = (paging, spec) => {
  const { next } = paging as Extract<PagingSpec, { style: 'next-url' }>;
  return (params, data, _items, _headers, base, at) => followUrl(spec, params, at(data, next), base);
};
