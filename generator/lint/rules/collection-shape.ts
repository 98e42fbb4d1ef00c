import { isCollectionOperation, successSchemaNode } from '../../model/conventions/index.js';
import { collectionShape, isCollectionMeta, props } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'collection-shape';
export const summary = 'a collection response that is neither `meta` (CollectionMeta) + `items` nor a plain array';
export const spec = '2.4: "A collection response takes one of two shapes: 1. Object with meta (object) and items (array ...). 2. Plain array of items."';

export const check = operationRule((op, ctx, report) => {
  if (!isCollectionOperation(ctx, op)) return;
  const schema = successSchemaNode(ctx, op);
  if (!schema) {
    report(op.keyLocation, `Give this collection GET a JSON success response: an object with "meta" and "items", or a plain array.`, true);
    return;
  }
  const shape = collectionShape(ctx, schema);
  if (shape === 'array') return;
  if (shape === 'meta-items') {
    const meta = props(ctx, schema).get('meta');
    if (meta && !isCollectionMeta(ctx, meta.schema))
      report(meta.location, `Make "meta" the CollectionMeta object: integer "offset", "limit" and "total".`, true);
    return;
  }
  if (shape === 'items-without-meta') report(schema.location, `Add a "meta" property (CollectionMeta) beside an array "items", or return a plain array.`, true);
  else report(schema.location, `Return the collection as an object with "meta" and "items", or as a plain array.`, true);
});
