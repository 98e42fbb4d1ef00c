import { collectionBound, isCollectionOperation, isTokenService } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

// Spec 2.4 and 8: "there is always an upper bound". The collection reader reads the bound (a `limit` with a
// `maximum`, else `maxItems` on the array); this rule reports any GET that looks like a collection without one.
export const CollectionBounded = operationRule((op, ctx, report) => {
  if (!isCollectionOperation(ctx, op) || isTokenService(ctx, op) || collectionBound(ctx, op) !== undefined) return;
  report(op.keyLocation, `Bound the collection: page it with a "limit" that has a "maximum", or give its array "maxItems".`, true);
});
