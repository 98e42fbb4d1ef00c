// Structural tests on schemas: what makes an error body, a collection, a reference.
// They look at shape only (never at component names), so foreign bundled documents work too.
import { at, child, list, strings, type At, type Ctx, type Location } from './node.js';

export interface Prop {
  name: string;
  /** The property's schema, `$ref`s followed. */
  schema: At | undefined;
  /** The property as written (a `$ref` keeps its siblings such as `x-expandable` here). */
  raw: unknown;
  /** Where the property's key is written. */
  location: Location;
}

/** The schema itself and its `allOf` parts, recursively. */
export function parts(ctx: Ctx, s: At | undefined, depth = 0): At[] {
  if (!s || depth > 8) return [];
  if (s.node.allOf === undefined) return [s];
  return [s, ...list(ctx, s, 'allOf').flatMap((p) => parts(ctx, p, depth + 1))];
}

export function types(ctx: Ctx, s: At | undefined): Set<string> {
  const out = new Set<string>();
  for (const p of parts(ctx, s)) {
    const t = p.node.type;
    for (const x of typeof t === 'string' ? [t] : strings(t)) out.add(x);
  }
  return out;
}

export function isType(ctx: Ctx, s: At | undefined, type: string): boolean {
  const t = types(ctx, s);
  t.delete('null');
  return t.size === 1 && t.has(type);
}

/**
 * Each schema's properties as last read, by the schema object and where it was read: a lint walk asks for the same
 * schema's properties once per rule that looks at it.
 */
const read = new WeakMap<object, { location: Location; props: Map<string, Prop> }>();

export function props(ctx: Ctx, s: At | undefined): Map<string, Prop> {
  if (!s) return new Map();
  const last = read.get(s.node);
  if (last && last.location.pointer === s.location.pointer && last.location.source.absoluteRef === s.location.source.absoluteRef) return last.props;
  const out = new Map<string, Prop>();
  for (const p of parts(ctx, s)) {
    const map = child(ctx, p, 'properties');
    if (!map) continue;
    for (const [name, raw] of Object.entries(map.node)) {
      const location = map.location.child([name]);
      if (!out.has(name)) out.set(name, { name, raw, location, schema: at(ctx, raw, location) });
    }
  }
  read.set(s.node, { location: s.location, props: out });
  return out;
}

export function required(ctx: Ctx, s: At | undefined): Set<string> {
  return new Set(parts(ctx, s).flatMap((p) => strings(p.node.required)));
}

/** First value of `key` found on the schema or its `allOf` parts. */
export function keyword(ctx: Ctx, s: At | undefined, key: string): unknown {
  for (const p of parts(ctx, s)) if (p.node[key] !== undefined) return p.node[key];
  return undefined;
}

export function arrayItems(ctx: Ctx, s: At | undefined): At | undefined {
  if (!types(ctx, s).has('array')) return undefined;
  for (const p of parts(ctx, s)) {
    const items = child(ctx, p, 'items');
    if (items) return items;
  }
  return undefined;
}

/** A message object of section 7.1: `technicalMessage` is a required string. */
function isMessage(ctx: Ctx, s: At | undefined): boolean {
  const tm = props(ctx, s).get('technicalMessage');
  return !!tm && isType(ctx, tm.schema, 'string') && required(ctx, s).has('technicalMessage');
}

/** The error body: a message, an array of messages, or `oneOf`/`anyOf` of those. */
export function isErrorBody(ctx: Ctx, s: At | undefined, depth = 0): boolean {
  if (!s || depth > 4) return false;
  if (isMessage(ctx, s) || isMessage(ctx, arrayItems(ctx, s))) return true;
  const alts = [...list(ctx, s, 'oneOf'), ...list(ctx, s, 'anyOf')];
  return alts.length > 0 && alts.every((a) => isErrorBody(ctx, a, depth + 1));
}

/** `CollectionMeta`: an object with integer `offset`, `limit` and `total`. */
export function isCollectionMeta(ctx: Ctx, s: At | undefined): boolean {
  const p = props(ctx, s);
  return ['offset', 'limit', 'total'].every((n) => isType(ctx, p.get(n)?.schema, 'integer'));
}

type CollectionShape = 'meta-items' | 'array' | 'items-without-meta' | 'not-a-collection';

/** Which of the two collection shapes of section 2.4 a response schema has. */
export function collectionShape(ctx: Ctx, s: At | undefined): CollectionShape {
  if (!s) return 'not-a-collection';
  if (types(ctx, s).has('array')) return 'array';
  const p = props(ctx, s);
  const items = p.get('items');
  if (!items) return 'not-a-collection';
  return p.has('meta') && types(ctx, items.schema).has('array') ? 'meta-items' : 'items-without-meta';
}

/** The array a collection response holds its items in, whichever shape it has: the body itself, or its `items`. */
export function collectionArray(ctx: Ctx, s: At | undefined): At | undefined {
  const shape = collectionShape(ctx, s);
  if (shape === 'array') return s;
  return shape === 'not-a-collection' ? undefined : props(ctx, s).get('items')?.schema;
}

/** The schema of one item of a collection response, whichever shape it has. */
export function collectionItem(ctx: Ctx, s: At | undefined): At | undefined {
  return arrayItems(ctx, collectionArray(ctx, s));
}

export function enumValues(s: At | undefined): unknown[] | undefined {
  const e = s?.node.enum;
  return Array.isArray(e) ? e : undefined;
}
