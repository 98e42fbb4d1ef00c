import { isCollectionOperation, isTokenService, param, successSchema } from '../shapes/operation.js';
import { collectionShape, keyword, props } from '../shapes/schema.js';
import { operationRule } from '../shapes/rule.js';

// Spec 2.4 and 8: "there is always an upper bound". A collection is bounded by a page size `limit` with a
// `maximum`, or by `maxItems` on the array it answers with; a plain array without either can grow without end.
export const CollectionBounded = operationRule((op, ctx, report) => {
  if (!isCollectionOperation(ctx, op) || isTokenService(ctx, op)) return;
  const limit = param(op, 'limit', 'query');
  if (limit && typeof keyword(ctx, limit.schema, 'maximum') === 'number') return;
  const body = successSchema(ctx, op);
  const shape = collectionShape(ctx, body);
  const array = shape === 'array' ? body : shape === 'not-a-collection' ? undefined : props(ctx, body).get('items')?.schema;
  if (typeof keyword(ctx, array, 'maxItems') === 'number') return;
  report(op.keyLocation, `Bound the collection: page it with a "limit" that has a "maximum", or give its array "maxItems".`, true);
});
