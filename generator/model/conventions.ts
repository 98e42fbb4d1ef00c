// Conventions detected from structure and x- extensions only, never from names (see DESIGN.md).
import { deref, refName } from '../load/index.js';
import type { OpenApiDocument, ParameterObject, ResponseObject, SchemaObject } from '../load/index.js';

function schema(doc: OpenApiDocument, node: SchemaObject | undefined): SchemaObject | undefined {
  return deref<SchemaObject>(doc, node);
}

function isInteger(doc: OpenApiDocument, node: SchemaObject | undefined): boolean {
  const s = schema(doc, node);
  return s !== undefined && (s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer')));
}

/** The object properties of a schema, following refs and merging allOf members. */
export function propertiesOf(doc: OpenApiDocument, node: SchemaObject | undefined, depth = 0): Record<string, SchemaObject> {
  const s = schema(doc, node);
  if (!s || depth > 8) return {};
  let out: Record<string, SchemaObject> = {};
  for (const part of s.allOf ?? []) out = { ...out, ...propertiesOf(doc, part, depth + 1) };
  return { ...out, ...(s.properties ?? {}) };
}

/** `meta` + `items` where meta is CollectionMeta-shaped (integer offset, limit, total). */
export function isCollectionPage(doc: OpenApiDocument, body: SchemaObject | undefined): boolean {
  const props = propertiesOf(doc, body);
  const items = schema(doc, props['items']);
  if (!props['meta'] || !items || !(items.type === 'array' || items.items)) return false;
  const meta = propertiesOf(doc, props['meta']);
  return isInteger(doc, meta['offset']) && isInteger(doc, meta['limit']) && isInteger(doc, meta['total']);
}

/** The `x-expandable` target of a property (on the property, its ref target or an allOf member). */
function expandTarget(doc: OpenApiDocument, node: SchemaObject | undefined, depth = 0): string | undefined {
  if (!node || depth > 8) return undefined;
  const own = node['x-expandable'];
  if (typeof own === 'string') return own;
  for (const part of node.allOf ?? []) {
    const t = expandTarget(doc, part, depth + 1);
    if (t) return t;
  }
  if (node.$ref) return expandTarget(doc, schema(doc, node), depth + 1);
  return undefined;
}

/** Expandable properties of a response body: at its top level, and on the items of a collection page. */
export function expandableOf(doc: OpenApiDocument, body: SchemaObject | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  const schemas = doc.components?.schemas ?? {};
  const scan = (props: Record<string, SchemaObject>) => {
    for (const [name, prop] of Object.entries(props)) {
      const target = expandTarget(doc, prop);
      if (target && Object.hasOwn(schemas, target)) found[name] = target;
    }
  };
  const props = propertiesOf(doc, body);
  scan(props);
  const items = schema(doc, props['items']);
  if (items?.items) scan(propertiesOf(doc, items.items));
  const asArray = schema(doc, body);
  if (asArray?.items) scan(propertiesOf(doc, asArray.items));
  return found;
}

/** The values an `expand` parameter's schema admits, when it lists them. */
export function expandValues(doc: OpenApiDocument, param: ParameterObject): string[] | undefined {
  const s = schema(doc, param.schema);
  const values = schema(doc, s?.items)?.enum ?? s?.enum;
  return values?.filter((v): v is string => typeof v === 'string');
}

export function hasEtagHeader(doc: OpenApiDocument, response: ResponseObject): boolean {
  return Object.keys(response.headers ?? {}).some((h) => h.toLowerCase() === 'etag');
}

export function limitMaximum(doc: OpenApiDocument, param: ParameterObject | undefined): number | undefined {
  const max = param ? schema(doc, param.schema)?.maximum : undefined;
  return typeof max === 'number' ? max : undefined;
}

export { refName };
