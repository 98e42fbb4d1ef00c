/** The cursor style: the value at `next` in the body, sent as the cursor parameter, while `hasMore` is not false. */
import type { Params, Step } from './pagination.js';
import type { PagingSpec } from './types.js';

/** A cursor or URL value that continues: a non-empty string, or a number. */
export const value = (v: unknown): string | undefined => (typeof v === 'number' ? String(v) : typeof v === 'string' && v ? v : undefined);

/** The params of the page after one with `cursor` (none without a cursor). */
export const withCursor = (params: Params, key: string, cursor: unknown): [Params] | undefined => {
  const v = value(cursor);
  return v === undefined ? undefined : [{ ...params, [key]: v }];
};

export const step: Step = (paging) => {
  const { cursor, next, hasMore } = paging as Extract<PagingSpec, { style: 'cursor' }>;
  return (params, data, _items, _headers, _base, at) => (hasMore && at(data, hasMore) === false ? undefined : withCursor(params, cursor, at(data, next)));
};
