/** The next-url style: the URL at `next` in the body, followed as it is. */
import { value } from './paging-cursor.js';
import type { Next, Params, Step } from './pagination.js';
import type { PagingSpec } from './types.js';

/** The page at `link` (relative to the page's URL), with the iteration's header and cookie params. */
export function followUrl(params: Params, link: unknown, base: string): Next {
  const v = value(link);
  try {
    return v === undefined ? undefined : [params, new URL(v, base)];
  } catch {
    return undefined; // not a URL: no next page to go to
  }
}

export const step: Step = (paging) => {
  const { next } = paging as Extract<PagingSpec, { style: 'next-url' }>;
  return (params, data, _items, _headers, base, at) => followUrl(params, at(data, next), base);
};
