// Repairs of foreign documents that are valid OpenAPI but that openapi-typescript 7 turns into types that do not
// compile or into a crash. Each repair keeps what the document means and is reported as a warning.
import { fragmentKeys, isObject, pointerTarget, type JsonObject as Json } from '../util/json.js';
import { pascalCase, unique } from '../util/names.js';
import { objectsOf } from './objects.js';
import { shapeRepairs } from './repair-shapes.js';
import type { OpenApiDocument } from './types.js';

interface Repaired {
  document: OpenApiDocument;
  /** One line per repair, naming the JSON pointer repaired. */
  repairs: string[];
}

/**
 * The component kind of what a `#/...` ref points at when that is not a component itself: a schema inside a schema
 * (`#/components/schemas/A/properties/b`, `.../definitions/c`) or a media type's or parameter's `schema`
 * (`#/paths/~1x/get/responses/200/content/application~1json/schema`), or a parameter, response, header or request
 * body of an operation (`#/paths/~1x/get/parameters/0`). openapi-typescript writes such a ref as an indexed access
 * that follows the pointer literally (`["schema"]`, `["definitions"]`, `["query"]` of an optional group), which does
 * not compile, and a ref from inside the target to itself becomes a type referencing itself.
 */
function innerKind(ref: string): string | undefined {
  if (!ref.startsWith('#/')) return undefined;
  const s = fragmentKeys(ref);
  if (s[0] === 'components' && s.length <= 3) return undefined;
  if ((s[0] === 'components' && s[1] === 'schemas') || s.includes('schema')) return 'schemas';
  const parent = s[s.length - 2];
  if (parent === 'parameters' || parent === 'responses' || parent === 'headers') return parent;
  if (s[s.length - 1] === 'requestBody') return 'requestBodies';
  return undefined;
}

/** A discriminator mapping entry that is not a `#/` ref: to a file that did not resolve (bundling inlines the rest). */
function hasForeignMapping(o: Json): boolean {
  const d = o.discriminator;
  return isObject(d) && isObject(d.mapping) && Object.values(d.mapping).some((v) => typeof v !== 'string' || !v.startsWith('#/'));
}

/** `type: object` with an `enum` of plain values (openapi-typescript reads such an enum as oneOf schemas and throws). */
function hasScalarEnumOnObject(o: Json): boolean {
  if (!Array.isArray(o.enum)) return false;
  const types = [o.type ?? []].flat();
  return types.includes('object') && o.enum.some((v) => !isObject(v));
}

/**
 * The document with (1) every ref to an inner schema, parameter, response, header or request body pointed at its
 * target, hoisted (the same object) into `components`, (2) `enum`s of plain values dropped from `type: object` schemas (the type stays the
 * object's, looser than the document), (3) discriminator mappings to unresolved files left out, and (4) the shapes of
 * repair-shapes.ts. Returns the
 * input itself when nothing needs repair.
 */
export function repairForTypes(input: OpenApiDocument): Repaired {
  const inner = new Set<string>();
  let other = false;
  const visited = objectsOf(input);
  for (const { node: o } of visited) {
    if (typeof o.$ref === 'string' && innerKind(o.$ref)) inner.add(o.$ref);
    if (hasScalarEnumOnObject(o) || hasForeignMapping(o)) other = true;
  }
  const shapes = shapeRepairs(input, visited);
  if (inner.size === 0 && !other && shapes.length === 0) return { document: input, repairs: [] };

  const doc = structuredClone(input);
  const repairs: string[] = [];
  // Applied first, by pointers into the document as written (the hoisting below moves no object, it adds refs).
  for (const shape of shapes) {
    shape.apply(doc as unknown as Json);
    repairs.push(shape.message);
  }
  const components: Record<string, Record<string, unknown>> = {};
  const used = new Map<string, Set<string>>();
  const hoisted = new Map<string, string>();
  // Targets are read before any ref is rewritten: a pointer is resolved in the document as written.
  for (const ref of [...inner].sort()) {
    const target = pointerTarget(doc, ref);
    const kind = innerKind(ref)!;
    if (!isObject(target)) continue;
    components[kind] ??= { ...((doc.components?.[kind] as Json | undefined) ?? {}) };
    if (!used.has(kind)) used.set(kind, new Set(Object.keys(components[kind])));
    const words = fragmentKeys(ref).filter((s) => !['components', 'schemas', 'definitions', 'properties', 'content', 'schema', 'paths'].includes(s));
    const name = unique(pascalCase(words.join(' ')) || 'Component', used.get(kind)!);
    components[kind][name] = target;
    hoisted.set(ref, `#/components/${kind}/${name}`);
    repairs.push(`$ref "${ref}" points inside an operation or schema: its target is typed as components/${kind}/${name}`);
  }
  for (const { node: o, pointer } of objectsOf(doc)) {
    if (typeof o.$ref === 'string' && hoisted.has(o.$ref)) o.$ref = hoisted.get(o.$ref);
    if (hasScalarEnumOnObject(o)) {
      repairs.push(`${pointer()}: type object with an enum of plain values ${JSON.stringify(o.enum).slice(0, 60)}: typed as the object, without the enum`);
      delete o.enum;
    }
    if (hasForeignMapping(o)) {
      const mapping = (o.discriminator as { mapping: Json }).mapping;
      for (const [value, target] of Object.entries(mapping)) {
        if (typeof target === 'string' && target.startsWith('#/')) continue;
        repairs.push(`${pointer()}/discriminator/mapping: "${value}" maps to ${JSON.stringify(target)}, which did not resolve: left out`);
        delete mapping[value];
      }
    }
  }
  if (hoisted.size) doc.components = { ...doc.components, ...components };
  return { document: doc, repairs };
}
