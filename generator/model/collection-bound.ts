// The upper bound of a collection (spec 2.4 and 8: "there is always an upper bound"), read from the document:
// a page size `limit` with a `maximum`, or `maxItems` on the array the collection answers with.
// Kept here until the conventions readers (generator/model/conventions/) take it over.
import { deref, type OpenApiDocument, type ParameterObject, type SchemaObject } from '../load/index.js';

export type CollectionBound = { by: 'limit'; maximum: number } | { by: 'maxItems'; maxItems: number };

/** The bound of a collection whose items array is `array` (the plain array, or `items` of a page); undefined when unbounded. */
export function collectionBound(doc: OpenApiDocument, params: readonly ParameterObject[], array: SchemaObject | undefined): CollectionBound | undefined {
  const limit = params.find((p) => p.in === 'query' && p.name === 'limit');
  const maximum = limit && deref<SchemaObject>(doc, limit.schema)?.maximum;
  if (typeof maximum === 'number') return { by: 'limit', maximum };
  const maxItems = deref<SchemaObject>(doc, array)?.maxItems;
  return typeof maxItems === 'number' ? { by: 'maxItems', maxItems } : undefined;
}
