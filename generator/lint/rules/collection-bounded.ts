import { collectionShape, isCollectionOperation, isTokenService, limitMaximum, successSchema } from '../../model/conventions/index.js';
import { keyword, props } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

// Spec 2.4 and 8: "there is always an upper bound". The bound is what the collection reader reads (a `limit` with a
// `maximum`, else `maxItems` on the array); this rule judges any GET that looks like a collection by it.
export const CollectionBounded = operationRule((op, ctx, report) => {
  if (!isCollectionOperation(ctx, op) || isTokenService(ctx, op)) return;
  if (limitMaximum(ctx, op) !== undefined) return;
  const body = successSchema(ctx, op);
  const shape = collectionShape(ctx, body);
  const array = shape === 'array' ? body : shape === 'not-a-collection' ? undefined : props(ctx, body).get('items')?.schema;
  if (typeof keyword(ctx, array, 'maxItems') === 'number') return;
  report(op.keyLocation, `Bound the collection: page it with a "limit" that has a "maximum", or give its array "maxItems".`, true);
});
