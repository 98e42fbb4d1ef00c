// Helpers for walking bundled OpenAPI documents in the conventions test.
import { deref, HTTP_METHODS } from '../../generator/load/index.js';
import type {
  HeaderObject,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  ResponseObject,
  SchemaObject,
} from '../../generator/load/index.js';

export interface OperationRef {
  path: string;
  method: string;
  op: OperationObject;
  /** Path-level and operation-level parameters, dereferenced (operation-level wins by name+in). */
  params: ParameterObject[];
  /** Responses by status, dereferenced. */
  responses: [string, ResponseObject][];
  where: string;
}

export function operations(doc: OpenApiDocument): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const byKey = new Map<string, ParameterObject>();
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const param = deref<ParameterObject>(doc, p);
        if (param) byKey.set(`${param.in}:${param.name}`, param);
      }
      const responses: [string, ResponseObject][] = [];
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        const resp = deref<ResponseObject>(doc, r);
        if (resp) responses.push([status, resp]);
      }
      out.push({ path, method, op, params: [...byKey.values()], responses, where: `${method.toUpperCase()} ${path}` });
    }
  }
  return out;
}

export function schemaOf(doc: OpenApiDocument, s: SchemaObject | undefined): SchemaObject | undefined {
  return deref<SchemaObject>(doc, s);
}

export function header(doc: OpenApiDocument, resp: ResponseObject, name: string): HeaderObject | undefined {
  const key = Object.keys(resp.headers ?? {}).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : deref<HeaderObject>(doc, resp.headers?.[key]);
}

/** The example values of a media type (its `example`, or every `examples` entry). */
export function mediaExamples(doc: OpenApiDocument, media: MediaTypeObject): unknown[] {
  const values: unknown[] = [];
  if ('example' in media) values.push(media.example);
  for (const ex of Object.values(media.examples ?? {})) {
    const e = deref<{ value?: unknown }>(doc, ex);
    if (e && 'value' in e) values.push(e.value);
  }
  return values;
}

/**
 * Visits every schema object reachable in `paths` and `components` (not inside examples), with the
 * property name it is the value of, if any.
 */
export function visitSchemas(doc: OpenApiDocument, visit: (schema: SchemaObject, at: string, propertyName?: string) => void): void {
  const seen = new Set<object>();
  const walkSchema = (s: unknown, at: string, propertyName?: string): void => {
    if (!s || typeof s !== 'object' || seen.has(s)) return;
    seen.add(s);
    const schema = s as SchemaObject;
    visit(schema, at, propertyName);
    for (const [name, sub] of Object.entries(schema.properties ?? {})) walkSchema(sub, `${at}/properties/${name}`, name);
    if (schema.items) walkSchema(schema.items, `${at}/items`);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') walkSchema(schema.additionalProperties, `${at}/additionalProperties`);
    for (const k of ['allOf', 'oneOf', 'anyOf'] as const) schema[k]?.forEach((sub, i) => walkSchema(sub, `${at}/${k}/${i}`));
  };
  // Schemas sit under `schema` keys (parameters, headers, media types) and in components.schemas.
  const walkNode = (node: unknown, at: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((n, i) => walkNode(n, `${at}/${i}`));
    for (const [k, v] of Object.entries(node)) {
      if (k === 'example' || k === 'examples') continue;
      if (k === 'schema') walkSchema(v, `${at}/schema`);
      else walkNode(v, `${at}/${k}`);
    }
  };
  walkNode(doc.paths, '#/paths');
  const c = doc.components ?? {};
  for (const [name, s] of Object.entries(c.schemas ?? {})) walkSchema(s, `#/components/schemas/${name}`);
  for (const k of ['parameters', 'headers', 'responses', 'requestBodies'] as const) walkNode(c[k], `#/components/${k}`);
}

/** The item schema of a collection response: `items` of a meta+items page, or of a plain array. */
export function collectionItem(doc: OpenApiDocument, s: SchemaObject | undefined): SchemaObject | undefined {
  const body = schemaOf(doc, s);
  if (!body) return undefined;
  if (body.type === 'array') return schemaOf(doc, body.items);
  const items = schemaOf(doc, body.properties?.items);
  return items?.type === 'array' ? schemaOf(doc, items.items) : undefined;
}
