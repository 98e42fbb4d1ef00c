// Collections (section 2.4): a GET answering `meta` (CollectionMeta) + `items`, or a plain array; with the bound
// on `limit`. This is the one definition: the model pages, the sandbox lists and lint checks by it.
import type { At, Ctx } from './node.js';
import { successSchemaNode } from './media.js';
import { param, perOperation, type Operation } from './operations.js';
import { collectionArray, collectionItem, collectionShape, isCollectionMeta, keyword, props } from './schema.js';

/** Section 2.4 / issue definition: a GET taking `offset` or `limit`, or answering an array or an object with `items`. */
export function isCollectionOperation(ctx: Ctx, op: Operation): boolean {
  if (op.method !== 'get') return false;
  if (param(op, 'offset', 'query') || param(op, 'limit', 'query')) return true;
  return collectionShape(ctx, successSchemaNode(ctx, op)) !== 'not-a-collection';
}


type CollectionKind = 'page' | 'array' | 'none';

interface CollectionReading {
  /** `page`: `meta` (CollectionMeta: integer offset, limit, total) + array `items`; `array`: a plain array. */
  kind: CollectionKind;
  /** The item schema (a `$ref` followed), for `page` and `array`. */
  item?: At;
  /** Where the collection's schema is written. */
  schema?: At;
  /** The `limit` parameter's `maximum`, else the items' `maxItems`. */
  limitMax?: number;
}

/** What kind of collection a GET answers (any other method answers none); read once per operation, since the
 *  pagination reader reads it too. */
export const readCollection = perOperation((ctx: Ctx, op: Operation): CollectionReading => {
  if (op.method !== 'get') return { kind: 'none' };
  return collectionOf(ctx, successSchemaNode(ctx, op), limitMaximum(ctx, op));
});

/** What kind of collection a response schema is. */
export function collectionOf(ctx: Ctx, schema: At | undefined, limitMax?: number): CollectionReading {
  const shape = collectionShape(ctx, schema);
  const max = boundOf(ctx, schema, limitMax);
  const bound = max === undefined ? {} : { limitMax: max };
  const page = shape === 'meta-items' && isCollectionMeta(ctx, props(ctx, schema).get('meta')?.schema);
  if (shape !== 'array' && !page) return { kind: 'none' };
  return { kind: page ? 'page' : 'array', ...withItem(collectionItem(ctx, schema)), schema: schema!, ...bound };
}

/**
 * The upper bound of a collection GET (spec 2.4, 8: "there is always an upper bound"): the `limit` parameter's
 * `maximum`, else `maxItems` on its array. Read for any collection shape, a malformed `meta` included: the bound is
 * its own convention, judged apart from the shape.
 */
export function collectionBound(ctx: Ctx, op: Operation): number | undefined {
  return boundOf(ctx, successSchemaNode(ctx, op), limitMaximum(ctx, op));
}

function boundOf(ctx: Ctx, schema: At | undefined, limitMax: number | undefined): number | undefined {
  const max = limitMax ?? keyword(ctx, collectionArray(ctx, schema), 'maxItems');
  return typeof max === 'number' ? max : undefined;
}

function withItem(item: At | undefined): { item?: At } {
  return item ? { item } : {};
}

/** The `maximum` of the operation's `limit` query parameter. */
function limitMaximum(ctx: Ctx, op: Operation): number | undefined {
  const max = keyword(ctx, param(op, 'limit', 'query')?.schema, 'maximum');
  return typeof max === 'number' ? max : undefined;
}

