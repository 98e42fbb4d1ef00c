// Repairs of foreign documents that are valid OpenAPI but that openapi-typescript 7 turns into types that do not
// compile or into a crash. Each repair keeps what the document means and is reported as a warning.
import { pascalCase, unique } from '../model/names.js';
import type { OpenApiDocument, SchemaObject } from './types.js';

export interface Repaired {
  document: OpenApiDocument;
  /** One line per repair, naming the JSON pointer repaired. */
  repairs: string[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function segmentsOf(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Whether a `#/...` ref points at a schema that is not itself a component: into a schema
 * (`#/components/schemas/A/properties/b`, `.../definitions/c`) or at a media type's or parameter's `schema`
 * (`#/paths/~1x/get/responses/200/content/application~1json/schema`). openapi-typescript writes such a ref as an
 * indexed access that follows the pointer literally (`["schema"]`, `["definitions"]`), which names nothing in its
 * types, and a ref from inside the target to itself becomes a type referencing itself.
 */
function isInnerSchemaRef(ref: string): boolean {
  if (!ref.startsWith('#/')) return false;
  const s = segmentsOf(ref);
  if (s[0] === 'components' && s[1] === 'schemas') return s.length > 3;
  return s.includes('schema');
}

function at(doc: unknown, segments: string[]): unknown {
  let node = doc;
  for (const key of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Json)[key];
  }
  return node;
}

/** Every object in the document with its JSON pointer (examples included: the repairs below leave those unchanged in
 *  meaning); an object reachable twice is visited once. */
function* objects(root: unknown): Generator<[Json, string]> {
  const stack: [unknown, string][] = [[root, '#']];
  const seen = new Set<unknown>();
  while (stack.length) {
    const [v, pointer] = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (!Array.isArray(v)) yield [v as Json, pointer];
    for (const [k, x] of Object.entries(v)) if (x !== null && typeof x === 'object') stack.push([x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
  }
}

/** `type: object` with an `enum` of plain values (openapi-typescript reads such an enum as oneOf schemas and throws). */
function hasScalarEnumOnObject(o: Json): boolean {
  const types = [o.type ?? []].flat();
  return types.includes('object') && Array.isArray(o.enum) && o.enum.some((v) => !isObject(v));
}

/**
 * The document with (1) every ref to an inner schema pointed at a copy of its target hoisted into
 * `components.schemas`, and (2) `enum`s of plain values dropped from `type: object` schemas (the type stays the
 * object's, looser than the document). Returns the input itself when nothing needs repair.
 */
export function repairForTypes(input: OpenApiDocument): Repaired {
  const inner = new Set<string>();
  let enums = false;
  for (const [o] of objects(input)) {
    if (typeof o.$ref === 'string' && isInnerSchemaRef(o.$ref)) inner.add(o.$ref);
    if (hasScalarEnumOnObject(o)) enums = true;
  }
  if (inner.size === 0 && !enums) return { document: input, repairs: [] };

  const doc = structuredClone(input);
  const repairs: string[] = [];
  const schemas: Record<string, SchemaObject> = { ...(doc.components?.schemas ?? {}) };
  const used = new Set(Object.keys(schemas));
  const hoisted = new Map<string, string>();
  // Targets are read before any ref is rewritten: a pointer is resolved in the document as written.
  for (const ref of [...inner].sort()) {
    const target = at(doc, segmentsOf(ref));
    if (!isObject(target)) continue;
    const words = segmentsOf(ref).filter((s) => !['components', 'schemas', 'definitions', 'properties', 'content', 'schema', 'paths'].includes(s));
    const name = unique(pascalCase(words.join(' ')) || 'Schema', used);
    schemas[name] = target as SchemaObject;
    hoisted.set(ref, `#/components/schemas/${name}`);
    repairs.push(`$ref "${ref}" points inside a schema: its target is typed as components/schemas/${name}`);
  }
  for (const [o, pointer] of objects(doc)) {
    if (typeof o.$ref === 'string' && hoisted.has(o.$ref)) o.$ref = hoisted.get(o.$ref);
    if (hasScalarEnumOnObject(o)) {
      repairs.push(`${pointer}: type object with an enum of plain values ${JSON.stringify(o.enum).slice(0, 60)}: typed as the object, without the enum`);
      delete o.enum;
    }
  }
  if (hoisted.size) doc.components = { ...doc.components, schemas };
  return { document: doc, repairs };
}
