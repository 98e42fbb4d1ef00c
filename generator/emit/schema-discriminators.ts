// openapi-typescript's scanDiscriminators, with the same reading and the same changes to the document, over one walk
// that keeps a single path. Its own walk copies the path at every node of the document (`path.concat`), which made
// it the longest single step of rendering a large description's schema.ts. test/typescript/internals.test.ts holds
// the two to the same result on documents with discriminators, and the golden files to the same schema.ts.
import type { OpenAPI3 } from 'openapi-typescript';

type OpenapiTypescript = typeof import('openapi-typescript');
/** The helpers of openapi-typescript it uses (emit/schema.ts's SchemaKit has them). */
interface RefKit {
  resolveRef: OpenapiTypescript['resolveRef'];
  createRef: OpenapiTypescript['createRef'];
}
type Node = Record<string, unknown>;
type Discriminator = { propertyName: string; mapping?: Record<string, string> };
type Path = (string | number)[];
type Discriminators = ReturnType<OpenapiTypescript['scanDiscriminators']>;

/** Calls `visit` on every object (not array) under `node`, parents first, keys in order, with the path to it. The
 *  keys are read after the visit, as openapi-typescript's walk reads them (a visit may add some). */
function walk(node: unknown, visit: (o: Node, path: Path) => void, path: Path): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      path.push(i);
      walk(node[i], visit, path);
      path.pop();
    }
    return;
  }
  visit(node as Node, path);
  for (const k of Object.keys(node)) {
    path.push(k);
    walk((node as Node)[k], visit, path);
    path.pop();
  }
}

/** The enum property openapi-typescript gives a mapped schema for its discriminator. */
const discriminatorEnum = (values: string[], previous?: { description?: unknown }) => ({
  type: 'string',
  enum: values,
  description: previous?.description ? `${String(previous.description)} (enum property replaced by openapi-typescript)` : 'discriminator enum property added by openapi-typescript',
});

/** The schema at `ref` gets the discriminator property as an enum of `values` (as an added allOf member, or on the
 *  object itself); false when it is neither. */
function patch(kit: RefKit, schema: OpenAPI3, ref: string, values: string[], discriminator: Discriminator): boolean {
  const target = kit.resolveRef(schema, ref, { silent: true }) as Node | undefined;
  const name = discriminator.propertyName;
  if (target?.allOf) {
    (target.allOf as unknown[]).push({ type: 'object', required: [name], properties: { [name]: discriminatorEnum(values) } });
    return true;
  }
  if (typeof target === 'object' && 'type' in target && target.type === 'object') {
    if (!target.properties) target.properties = {};
    const properties = target.properties as Record<string, { description?: unknown }>;
    if (!target.required) target.required = [name];
    else if (!(target.required as string[]).includes(name)) (target.required as string[]).push(name);
    properties[name] = discriminatorEnum(values, properties[name]);
    return true;
  }
  return false;
}

/** Each discriminator by its object's ref; a oneOf's members (by its mapping, else by their names) patched. */
function readDiscriminators(schema: OpenAPI3, kit: RefKit, objects: Record<string, Discriminator>, refsHandled: string[]): void {
  const visit = (obj: Node, path: Path) => {
    const discriminator = obj.discriminator as Discriminator | undefined;
    if (!discriminator?.propertyName) return;
    const ref = kit.createRef(path);
    objects[ref] = discriminator;
    if (!obj.oneOf || !Array.isArray(obj.oneOf)) return;
    const mapping: Record<string, { inferred?: string; defined?: string[] }> = {};
    for (const item of obj.oneOf as Node[]) {
      if ('$ref' in item) {
        const value = (item.$ref as string).split('/').pop();
        if (value) (mapping[item.$ref as string] ??= {}).inferred = value;
      }
    }
    if (discriminator.mapping) {
      for (const value in discriminator.mapping) {
        const mapped = discriminator.mapping[value];
        if (!mapped) continue;
        if (!mapping[mapped]?.defined) mapping[mapped] = { defined: [] };
        mapping[mapped].defined!.push(value);
      }
    }
    for (const [mapped, { inferred, defined }] of Object.entries(mapping)) {
      if (refsHandled.includes(mapped) || (!inferred && !defined)) continue;
      if (patch(kit, schema, mapped, defined ?? [inferred!], discriminator)) refsHandled.push(mapped);
    }
  };
  walk(schema, visit, []);
}

/** A schema extending (allOf) one with a discriminator inherits it, and is patched when the parent's mapping names it. */
function inheritDiscriminators(schema: OpenAPI3, kit: RefKit, objects: Record<string, Discriminator>, refsHandled: string[]): void {
  const visit = (obj: Node, path: Path) => {
    if (!Array.isArray(obj.allOf)) return;
    for (const item of obj.allOf as Node[]) {
      if ('$ref' in item) {
        const parent = objects[item.$ref as string];
        if (!parent) return;
        const ref = kit.createRef(path);
        if (parent.mapping) {
          const values: string[] = [];
          for (const value in parent.mapping) if (parent.mapping[value] === ref) values.push(value);
          if (values.length > 0 && patch(kit, schema, ref, values, parent)) refsHandled.push(ref);
        }
        objects[ref] = { ...parent };
      } else if ((item.discriminator as Discriminator | undefined)?.propertyName) {
        objects[kit.createRef(path)] = { ...(item.discriminator as Discriminator) };
      }
    }
  };
  walk(schema, visit, []);
}

/** openapi-typescript's discriminators of `schema` (silent), patching the mapped schemas as it does. */
export function scanDiscriminators(schema: OpenAPI3, kit: RefKit): Discriminators {
  const objects: Record<string, Discriminator> = {};
  const refsHandled: string[] = [];
  readDiscriminators(schema, kit, objects, refsHandled);
  inheritDiscriminators(schema, kit, objects, refsHandled);
  return { objects, refsHandled } as unknown as Discriminators;
}
