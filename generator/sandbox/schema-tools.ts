import { deref, refName, type MediaTypeObject, type OpenApiDocument, type ParameterObject, type SchemaObject } from '../load/index.js';
import { placeTarget } from '../util/json.js';
import { at, documentContext, expandTarget, isJsonMedia, type At } from '../model/conventions/index.js';
import type { MediaModel, ParamModel, SourceRef } from '../model/index.js';

export type Item = Record<string, unknown>;

export { isJsonMedia };

/** Follows refs and folds `allOf` into one object schema (properties and required merged). */
const resolved = new WeakMap<object, SchemaObject>();

export function resolveSchema(doc: OpenApiDocument, schema: SchemaObject | undefined, depth = 0): SchemaObject {
  // Memoised per schema node: data generation resolves the same nodes again for every item it makes.
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

/** Whether the schema's `type` is `type`, or a list of types that holds it. */
export function allowsType(s: SchemaObject, type: string): boolean {
  return s.type === type || (Array.isArray(s.type) && s.type.includes(type));
}

/** A schema of the bundled document as a node of the conventions readers' walk. */
function node(doc: OpenApiDocument, schema: SchemaObject): At | undefined {
  const ctx = documentContext(doc);
  return at(ctx, schema, ctx.location);
}

/** The schema the model says is written at `ref`, as a `$ref` when it is a named component (the sandbox keys stores by it). */
export function writtenAt(doc: OpenApiDocument, ref: SourceRef): SchemaObject {
  return /^#\/components\/schemas\/[^/]+$/.test(ref.pointer) ? { $ref: ref.pointer } : ((placeTarget(doc, ref.pointer) as SchemaObject | undefined) ?? {});
}

/** The object the model says is written at `ref` (a parameter, a media type), as the document writes it. */
export function objectAt<T>(doc: OpenApiDocument, ref: SourceRef): T | undefined {
  const v = placeTarget(doc, ref.pointer);
  return v !== null && typeof v === 'object' ? (v as T) : undefined;
}

/** A parameter's schema as written (a `$ref` stays one: ajv compiles each referenced schema once). */
export function paramSchema(doc: OpenApiDocument, p: ParamModel): SchemaObject | undefined {
  return objectAt<ParameterObject>(doc, p.at)?.schema;
}

/** The media type object of `mediaType` among `content` (a response's or request body's, as the model lists it). */
export function mediaOf(doc: OpenApiDocument, content: readonly MediaModel[] | undefined, mediaType: string | undefined): MediaTypeObject | undefined {
  const m = mediaType === undefined ? undefined : content?.find((c) => c.mediaType === mediaType);
  return m && objectAt<MediaTypeObject>(doc, m.at);
}

/** The first JSON media type among `content`, and its media type object. */
export function jsonMediaOf(doc: OpenApiDocument, content: readonly MediaModel[] | undefined): [string, MediaTypeObject] | undefined {
  const m = content?.find((c) => isJsonMedia(c.mediaType));
  const media = m && objectAt<MediaTypeObject>(doc, m.at);
  return m && media ? [m.mediaType, media] : undefined;
}

const targets = new WeakMap<object, string | null>();

/** The schema a property schema expands to (conventions/expandable.ts), memoised: data generation asks again for every item it makes. */
export function expandTargetOf(doc: OpenApiDocument, schema: SchemaObject): string | undefined {
  let hit = targets.get(schema);
  if (hit === undefined) {
    const ctx = documentContext(doc);
    targets.set(schema, (hit = expandTarget(ctx, { name: '', raw: schema, location: ctx.location, schema: node(doc, schema) }) ?? null));
  }
  return hit ?? undefined;
}

/** The id of a reference value: `{ id }` objects and plain `<name>Id` strings. */
export function referenceId(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as Item).id === 'string') return (value as Item).id as string;
  return undefined;
}
