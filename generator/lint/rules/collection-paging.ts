import { isCollectionOperation, param, successSchemaNode } from '../../model/conventions/index.js';
import { collectionShape, keyword } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'collection-paging';
export const summary = 'a `meta`+`items` collection without `offset` and `limit`, or whose `limit` has no `maximum`';
export const spec = '4.5 Pagination: "query parameters offset and limit on collections."; 8: "Collection limit: Always has an upper bound."';

export const check = operationRule((op, ctx, report) => {
  if (!isCollectionOperation(ctx, op) || collectionShape(ctx, successSchemaNode(ctx, op)) !== 'meta-items') return;
  for (const name of ['offset', 'limit'])
    if (!param(op, name, 'query')) report(op.keyLocation, `Add the "${name}" query parameter: a "meta"+"items" collection is paged with offset and limit.`, true);
  const limit = param(op, 'limit', 'query');
  if (limit && typeof keyword(ctx, limit.schema, 'maximum') !== 'number')
    report(limit.schema?.location ?? limit.node.location, `Give the "limit" parameter a "maximum": every collection has an upper bound.`, true);
});
