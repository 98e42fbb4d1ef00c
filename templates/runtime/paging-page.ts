/** The page style: the page number, from `first`, advanced by one. */
import { sized } from './pagination.js';
import type { PagingSpec } from './types.js';

export { pages } from './pagination.js';

export const step = sized((paging, params) => {
  const { page, first } = paging as Extract<PagingSpec, { style: 'page' }>;
  return [{ ...params, [page]: Number(params[page] ?? first) + 1 }];
});
