import { deref, refName, type OpenApiDocument, type SchemaObject } from '../load/index.js';

export type Item = Record<string, unknown>;

export function isJsonMedia(mediaType: string): boolean {
  const t = mediaType.split(';')[0]!.trim().toLowerCase();
  return t === 'application/json' || t.endsWith('+json');
}

/** Follows refs and folds `allOf` into one object schema (properties and required merged). */
const resolved = new WeakMap<object, SchemaObject>();

export function resolveSchema(doc: OpenApiDocument, schema: SchemaObject | undefined, depth = 0): SchemaObject {
  // Memoised per schema node: data generation resolves the same nodes millions of times.
  if (!schema) return {};
  let hit = resolved.get(schema);
  if (!hit) resolved.set(schema, (hit = resolveUncached(doc, schema, depth)));
  return hit;
}

function resolveUncached(doc: OpenApiDocument, schema: SchemaObject, depth: number): SchemaObject {
  const s = deref<SchemaObject>(doc, schema) ?? {};
  if (!s.allOf || depth > 16) return s;
  const out: SchemaObject = { ...s, properties: { ...(s.properties ?? {}) }, required: [...(s.required ?? [])] };
  delete out.allOf;
  for (const part of s.allOf) {
    const r = resolveSchema(doc, part, depth + 1);
    Object.assign(out.properties!, r.properties ?? {});
    out.required!.push(...(r.required ?? []));
    for (const [k, v] of Object.entries(r)) if (!(k in out)) out[k] = v;
  }
  return out;
}

/** `Company` for `{ $ref: '#/components/schemas/Company' }` (also through an `allOf` of one). */
export function schemaName(schema: SchemaObject | undefined): string | undefined {
  if (schema?.$ref?.startsWith('#/components/schemas/')) return refName(schema.$ref);
  if (schema?.allOf?.length === 1) return schemaName(schema.allOf[0]);
  return undefined;
}

export function isType(s: SchemaObject, type: string): boolean {
  return s.type === type || (Array.isArray(s.type) && s.type.includes(type));
}

export interface CollectionShape {
  /** `page`: `{ meta, items }`; `array`: a plain array of items. */
  shape: 'page' | 'array';
  /** The item schema as written (a `$ref` keeps its name). */
  item: SchemaObject;
}

/** Whether a response schema is one of the spec's two collection shapes (section 2.4). */
export function collectionShape(doc: OpenApiDocument, schema: SchemaObject | undefined): CollectionShape | undefined {
  if (!schema) return undefined;
  const s = resolveSchema(doc, schema);
  if (isType(s, 'array') && s.items) return { shape: 'array', item: s.items };
  const items = s.properties?.items && resolveSchema(doc, s.properties.items);
  if (items && isType(items, 'array') && items.items && s.properties?.meta) return { shape: 'page', item: items.items };
  return undefined;
}

/** The properties of an item schema marked `x-expandable`, with the schema name each expands to. */
export function expandables(doc: OpenApiDocument, item: SchemaObject): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, prop] of Object.entries(resolveSchema(doc, item).properties ?? {})) {
    const target = findExpandable(doc, prop, 0);
    if (target) out.set(name, target);
  }
  return out;
}

function findExpandable(doc: OpenApiDocument, s: SchemaObject | undefined, depth: number): string | undefined {
  if (!s || depth > 4) return undefined;
  if (typeof s['x-expandable'] === 'string') return s['x-expandable'];
  const r = deref<SchemaObject>(doc, s);
  if (r && r !== s && typeof r['x-expandable'] === 'string') return r['x-expandable'];
  for (const part of [...(r?.allOf ?? []), ...(r?.oneOf ?? []), ...(r?.anyOf ?? [])]) {
    const t = findExpandable(doc, part, depth + 1);
    if (t) return t;
  }
  return undefined;
}

/** The id of a reference value: `{ id }` objects and plain `<name>Id` strings. */
export function referenceId(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Item).id === 'string') return (value as Item).id as string;
  return undefined;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Item)[k], (b as Item)[k]));
}
