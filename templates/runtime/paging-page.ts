/** The page style: the page number, from `first`, advanced by one (the pager ends it at a short or repeated page). */
import type { Step } from './pagination.js';
import type { PagingSpec } from './types.js';

export const step: Step = (paging) => {
  const { page, first } = paging as Extract<PagingSpec, { style: 'page' }>;
  return (params) => [{ ...params, [page]: Number(params[page] ?? first) + 1 }];
};
