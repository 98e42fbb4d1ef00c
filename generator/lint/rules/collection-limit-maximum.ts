import { isCollectionOperation, param, successSchemaNode } from '../../model/conventions/index.js';
import { collectionShape, keyword } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'collection-limit-maximum';
export const summary = 'a `limit` parameter without `maximum` on any other operation (plain-array collections included)';
export const spec = '2.4 limit: "There is always an upper bound, which varies between APIs and resources."';

// collection-paging covers "meta"+"items" collections; this covers every other `limit` (plain arrays included).
export const check = operationRule((op, ctx, report) => {
  if (isCollectionOperation(ctx, op) && collectionShape(ctx, successSchemaNode(ctx, op)) === 'meta-items') return;
  const limit = param(op, 'limit', 'query');
  if (limit && typeof keyword(ctx, limit.schema, 'maximum') !== 'number')
    report(limit.schema?.location ?? limit.node.location, `Give the "limit" parameter a "maximum": every collection has an upper bound.`, true);
});
