/** The item-cursor style: the last item's `itemId`, sent as the cursor parameter, while `hasMore` is true. */
import { withCursor } from './paging-cursor.js';
import type { Step } from './pagination.js';
import type { PagingSpec } from './types.js';

export const step: Step = (paging) => {
  const { cursor, itemId, hasMore } = paging as Extract<PagingSpec, { style: 'item-cursor' }>;
  return (params, data, items, _headers, _base, at) => (at(data, hasMore) === true ? withCursor(params, cursor, at(items[items.length - 1], itemId)) : undefined);
};
