// Schema shapes that are valid OpenAPI but that openapi-typescript 7 turns into TypeScript that does not compile. Each
// is found on the document as written and repaired on repairForTypes' copy, with one warning line per repair.
import type { Visited } from './objects.js';
import type { OpenApiDocument } from './types.js';
import { escapePointer, isObject, pointerTarget, type JsonObject as Json } from '../util/json.js';

interface ShapeRepair {
  message: string;
  /** Applies the repair to `doc`, a copy of the document the repair was found in (looked up there by pointer). */
  apply: (doc: Json) => void;
}


const typesOf = (o: Json): unknown[] => [o.type ?? []].flat();
const isNullable = (o: Json): boolean => o.nullable === true || typesOf(o).includes('null');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * A schema whose `allOf` has a `$ref` to a nullable object schema and whose `required` names properties of that
 * target it does not declare itself: openapi-typescript writes `WithRequired<Target, names>`, and `keyof (T | null)`
 * is `never`, so the names do not satisfy the constraint (TS2344). The names move into a new `allOf` member that
 * declares them (the target's own property schemas) as required: the same object, now typed.
 */
function requiredOfNullableTarget(doc: Json, visited: readonly Visited[]): ShapeRepair[] {
  const out: ShapeRepair[] = [];
  for (const { node: o, pointer: pointerOf } of visited) {
    if (!Array.isArray(o.allOf) || !Array.isArray(o.required)) continue;
    const own = isObject(o.properties) ? o.properties : {};
    const moved = new Map<string, unknown>();
    for (const item of o.allOf) {
      if (!isObject(item) || typeof item.$ref !== 'string' || !item.$ref.startsWith('#/')) continue;
      const target = pointerTarget(doc, item.$ref);
      if (!isObject(target) || !isNullable(target) || !isObject(target.properties)) continue;
      for (const name of strings(o.required)) if (!(name in own) && name in target.properties && !moved.has(name)) moved.set(name, target.properties[name]);
    }
    if (moved.size === 0) continue;
    const names = [...moved.keys()];
    const pointer = pointerOf();
    out.push({
      message: `${pointer}: requires ${names.join(', ')} of a nullable allOf target (openapi-typescript's WithRequired cannot name them): declared as required in an added allOf member`,
      apply: (copy) => {
        const s = pointerTarget(copy, pointer) as Json;
        const target = (name: string): unknown => {
          for (const item of s.allOf as unknown[]) {
            if (!isObject(item) || typeof item.$ref !== 'string') continue;
            const t = pointerTarget(copy, item.$ref);
            if (isObject(t) && isNullable(t) && isObject(t.properties) && name in t.properties) return t.properties[name];
          }
          return moved.get(name);
        };
        s.required = strings(s.required).filter((n) => !moved.has(n));
        (s.allOf as unknown[]).push({ type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, target(n)])) });
      },
    });
  }
  return out;
}

/**
 * `type: 'null'` together with `oneOf`/`anyOf` alternatives: openapi-typescript writes `null & (A | B)`, which is
 * `never` at best and, when an alternative refers back to the schema (an array of itself), a type referencing itself
 * in its own annotation (TS2502). Read as the document clearly means it, a nullable choice: the `null` becomes one
 * more alternative.
 */
function nullWithAlternatives(doc: Json, visited: readonly Visited[]): ShapeRepair[] {
  const out: ShapeRepair[] = [];
  for (const { node: o, pointer: pointerOf } of visited) {
    if (o.type !== 'null' && !(Array.isArray(o.type) && o.type.length === 1 && o.type[0] === 'null')) continue;
    const key = Array.isArray(o.oneOf) ? 'oneOf' : Array.isArray(o.anyOf) ? 'anyOf' : undefined;
    if (!key) continue;
    const pointer = pointerOf();
    out.push({
      message: `${pointer}: type null with ${key} alternatives (typed as null & alternatives): typed as one more alternative, null`,
      apply: (copy) => {
        const s = pointerTarget(copy, pointer) as Json;
        delete s.type;
        (s[key] as unknown[]).push({ type: 'null' });
      },
    });
  }
  return out;
}

/**
 * A component schema that extends (`allOf` `$ref`) a schema with a discriminator, declares the discriminator property
 * itself, and is not in any mapping (nor a oneOf of a schema with a discriminator): openapi-typescript adds the
 * property again, named after the schema, and the object type has it twice (TS2300). The schema is added to the
 * parent's mapping with the values its own property allows (its enum, else its name, the implicit value), which the
 * document already implies; openapi-typescript then types the property once.
 */
function unmappedDiscriminatorChild(doc: Json, visited: readonly Visited[]): ShapeRepair[] {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const handled = new Set<string>();
  for (const { node: o } of visited) {
    if (!isObject(o.discriminator)) continue;
    const mapping = o.discriminator.mapping;
    if (isObject(mapping)) for (const v of Object.values(mapping)) if (typeof v === 'string') handled.add(v);
    if (Array.isArray(o.oneOf)) for (const x of o.oneOf) if (isObject(x) && typeof x.$ref === 'string') handled.add(x.$ref);
  }
  const out: ShapeRepair[] = [];
  // Values mapped by earlier repairs, per parent: two children claiming one value are left as they are.
  const claimed = new Map<string, Set<string>>();
  for (const [name, s] of Object.entries(schemas)) {
    const ref = `#/components/schemas/${escapePointer(name)}`;
    if (!isObject(s) || !Array.isArray(s.allOf) || !isObject(s.properties) || handled.has(ref)) continue;
    for (const item of s.allOf) {
      if (!isObject(item) || typeof item.$ref !== 'string' || !item.$ref.startsWith('#/')) continue;
      const parent = pointerTarget(doc, item.$ref);
      const d = isObject(parent) ? parent.discriminator : undefined;
      if (!isObject(d) || typeof d.propertyName !== 'string' || !isObject(s.properties[d.propertyName])) continue;
      const own = strings((s.properties[d.propertyName] as Json).enum);
      const values = own.length ? own : [name];
      const mapping = isObject(d.mapping) ? d.mapping : {};
      // A value already mapped to another schema: mapping it here would change what the document means.
      const taken = claimed.get(item.$ref) ?? new Set<string>();
      if (values.some((v) => v in mapping || taken.has(v))) continue;
      for (const v of values) taken.add(v);
      claimed.set(item.$ref, taken);
      const parentRef = item.$ref;
      const propertyName = d.propertyName;
      out.push({
        message: `${ref}: declares discriminator property "${propertyName}" of ${parentRef} but is not in its mapping (typed twice): mapped as ${values.map((v) => JSON.stringify(v)).join(', ')}`,
        apply: (copy) => {
          const disc = (pointerTarget(copy, parentRef) as Json).discriminator as Json;
          disc.mapping = { ...(isObject(disc.mapping) ? disc.mapping : {}), ...Object.fromEntries(values.map((v) => [v, ref])) };
        },
      });
      handled.add(ref);
      break;
    }
  }
  return out;
}

/**
 * A component schema that refers to itself through unions, intersections and array items only, with no object type
 * between (`Value: oneOf: [string, array of Value]`): openapi-typescript writes
 * `Value: string | components["schemas"]["Value"][]`, and an indexed access is not deferred as a named type alias
 * would be, so the property's type references itself (TS2502). The self-reference is typed as unknown (the same
 * shape, one level deep; looser than the document). A self-reference inside an object's properties is fine: the
 * object literal defers it.
 */
function selfReferenceOutsideObject(doc: Json): ShapeRepair[] {
  const schemas = isObject(doc.components) && isObject(doc.components.schemas) ? doc.components.schemas : {};
  const out: ShapeRepair[] = [];
  for (const [name, s] of Object.entries(schemas)) {
    const ref = `#/components/schemas/${escapePointer(name)}`;
    const stack: [unknown, string][] = [[s, ref]];
    const seen = new Set<unknown>();
    while (stack.length) {
      const [v, pointer] = stack.pop()!;
      if (!isObject(v) || seen.has(v)) continue;
      seen.add(v);
      if (v.$ref === ref && pointer !== ref) {
        out.push({
          message: `${pointer}: ${ref} refers to itself outside any object (a type referencing itself in its own annotation): typed as unknown`,
          apply: (copy) => {
            delete (pointerTarget(copy, pointer) as Json).$ref;
          },
        });
        continue;
      }
      for (const key of ['oneOf', 'anyOf', 'allOf', 'prefixItems']) {
        const list = v[key];
        if (Array.isArray(list)) list.forEach((x, i) => stack.push([x, `${pointer}/${key}/${i}`]));
      }
      if (isObject(v.items)) stack.push([v.items, `${pointer}/items`]);
      else if (Array.isArray(v.items)) v.items.forEach((x, i) => stack.push([x, `${pointer}/items/${i}`]));
    }
  }
  return out;
}

/**
 * A parameter described by `content` instead of a schema (`where` as JSON): openapi-typescript types it `string`,
 * though its value is the media type's instance (the client serialises it, e.g. as JSON text). It is typed by that
 * media type's schema.
 */
function contentParameter(visited: readonly Visited[]): ShapeRepair[] {
  const out: ShapeRepair[] = [];
  for (const { node: o, pointer: pointerOf } of visited) {
    if (typeof o.name !== 'string' || !['query', 'header', 'path', 'cookie'].includes(o.in as string) || o.schema !== undefined || !isObject(o.content)) continue;
    const [type, media] = Object.entries(o.content)[0] ?? [];
    if (!isObject(media) || media.schema === undefined) continue;
    const pointer = pointerOf();
    out.push({
      message: `${pointer}: a parameter described by content (${type}): typed by its schema, not as a string`,
      apply: (copy) => {
        const p = pointerTarget(copy, pointer) as Json;
        p.schema = ((p.content as Json)[type!] as Json).schema;
      },
    });
  }
  return out;
}

/** The shape repairs the document needs, found on the document as written. */
export function shapeRepairs(doc: OpenApiDocument, visited: readonly Visited[]): ShapeRepair[] {
  const d = doc as unknown as Json;
  return [...unmappedDiscriminatorChild(d, visited), ...requiredOfNullableTarget(d, visited), ...nullWithAlternatives(d, visited), ...selfReferenceOutsideObject(d), ...contentParameter(visited)];
}
