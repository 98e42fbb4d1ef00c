import { isCollectionOperation, param, successSchema } from '../../model/conventions/index.js';
import { collectionShape, keyword } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

// collection-paging covers "meta"+"items" collections; this covers every other `limit` (plain arrays included).
export const CollectionLimitMaximum = operationRule((op, ctx, report) => {
  if (isCollectionOperation(ctx, op) && collectionShape(ctx, successSchema(ctx, op)) === 'meta-items') return;
  const limit = param(op, 'limit', 'query');
  if (limit && typeof keyword(ctx, limit.schema, 'maximum') !== 'number')
    report(limit.schema?.location ?? limit.node.location, `Give the "limit" parameter a "maximum": every collection has an upper bound.`, true);
});
