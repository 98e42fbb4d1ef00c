// Example values and where they are written: what the docs' code samples send. The document's own example comes
// first (a parameter's or media type's `example`, else the first of its `examples`), else the schema's: its
// `example` (or first `examples`), else its `default`, else its first `enum` value (or `const`). An object schema
// without one is put together from its required properties, each by the same rule; an `allOf` from its parts.
import { child, entries, list, type At, type Ctx, type Location } from './node.js';
import type { Param } from './operations.js';
import { parts, props, required } from './schema.js';
import { isObject } from '../../util/json.js';

/** A value found, and where; or where none was found (the parameter, body or property that lacks one). */
export type ExampleReading = { found: true; value: unknown; at: Location } | { found: false; at: Location };

const MAX_DEPTH = 8;

/** The example of a parameter: its own, else its schema's. */
export function parameterExample(ctx: Ctx, p: Param): ExampleReading {
  return ownExample(ctx, p.node) ?? schemaExample(ctx, p.schema, p.node.location);
}

/** The example of a media type (a request body's): its own (the first of several), else its schema's. */
export function mediaExample(ctx: Ctx, media: At): ExampleReading {
  return ownExample(ctx, media) ?? schemaExample(ctx, child(ctx, media, 'schema'), media.location);
}

/** Every named example of a media type (`examples`), in document order; `example` alone is named ''. */
export function namedExamples(ctx: Ctx, media: At): { name: string; value: unknown; at: Location }[] {
  if ('example' in media.node) return [{ name: '', value: media.node.example, at: media.location.child('example') }];
  return entries(ctx, media, 'examples').flatMap(([name, e]) => {
    const key = exampleValueKey(e.node);
    return key ? [{ name, value: key === 'serializedValue' ? deserialized(e.node.serializedValue) : e.node[key], at: e.location.child(key) }] : [];
  });
}

/** Where an Example Object holds its value: OpenAPI 3.2's `dataValue` (the data, before serialization) first, then
 *  `value`, then 3.2's `serializedValue` (the value as sent). */
function exampleValueKey(example: object): 'dataValue' | 'value' | 'serializedValue' | undefined {
  return (['dataValue', 'value', 'serializedValue'] as const).find((k) => k in example);
}

/** A serialized example as data: JSON text parsed, any other text as it is. */
function deserialized(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A parameter's or media type's own `example`, else the value of the first of its `examples` that has one. */
function ownExample(ctx: Ctx, holder: At): ExampleReading | undefined {
  const first = namedExamples(ctx, holder)[0];
  return first && { found: true, value: first.value, at: first.at };
}

/** A schema's example, default or first enum value; composed from required properties or `allOf` parts, else missing at `where`. */
export function schemaExample(ctx: Ctx, s: At | undefined, where: Location, depth = 0): ExampleReading {
  if (!s || depth > MAX_DEPTH) return { found: false, at: s?.location ?? where };
  const node = s.node;
  if ('example' in node) return { found: true, value: node.example, at: s.location.child('example') };
  const first = (key: 'examples' | 'enum'): ExampleReading | undefined =>
    Array.isArray(node[key]) && (node[key] as unknown[]).length > 0 ? { found: true, value: (node[key] as unknown[])[0], at: s.location.child([key, 0]) } : undefined;
  const own = (key: 'default' | 'const'): ExampleReading | undefined => (key in node ? { found: true, value: node[key], at: s.location.child(key) } : undefined);
  const found = first('examples') ?? own('default') ?? first('enum') ?? own('const');
  if (found) return found;
  for (const key of ['oneOf', 'anyOf'] as const) {
    const first = list(ctx, s, key)[0];
    if (first) return schemaExample(ctx, first, where, depth + 1);
  }
  if (list(ctx, s, 'allOf').length > 0 || child(ctx, s, 'properties')) return composed(ctx, s, depth);
  const items = child(ctx, s, 'items');
  if (items) {
    const item = schemaExample(ctx, items, items.location, depth + 1);
    return item.found ? { ...item, value: [item.value] } : item;
  }
  return { found: false, at: s.location };
}

/** An object from its parts' examples and its required properties' examples; missing at the first property that has none. */
function composed(ctx: Ctx, s: At, depth: number): ExampleReading {
  const value: Record<string, unknown> = {};
  for (const part of parts(ctx, s).slice(1)) {
    const r = schemaExample(ctx, part, part.location, depth + 1);
    if (!r.found) return r;
    if (isObject(r.value)) Object.assign(value, r.value);
  }
  const all = props(ctx, s);
  for (const name of required(ctx, s)) {
    if (name in value) continue;
    const p = all.get(name);
    if (!p) return { found: false, at: s.location.child('required') };
    const r = schemaExample(ctx, p.schema, p.location, depth + 1);
    if (!r.found) return r;
    value[name] = r.value;
  }
  return { found: true, value, at: s.location };
}
