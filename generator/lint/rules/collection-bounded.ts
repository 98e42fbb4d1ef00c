import { collectionBound, isCollectionOperation, isTokenService } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'collection-bounded';
export const summary = 'a collection (GET answering an array or `items`) bounded neither by a `limit` with `maximum` nor by `maxItems` on its array';
export const spec = '2.4 limit: "There is always an upper bound"; 8 Collection limit: "Always has an upper bound that varies by API and resource."';

// Spec 2.4 and 8: "there is always an upper bound". The collection reader reads the bound (a `limit` with a
// `maximum`, else `maxItems` on the array); this rule reports any GET that looks like a collection without one.
export const check = operationRule((op, ctx, report) => {
  if (!isCollectionOperation(ctx, op) || isTokenService(ctx, op) || collectionBound(ctx, op) !== undefined) return;
  report(op.keyLocation, `Bound the collection: page it with a "limit" that has a "maximum", or give its array "maxItems".`, true);
});
