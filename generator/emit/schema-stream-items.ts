// openapi-typescript 7 (frozen) does not read OpenAPI 3.2's `itemSchema`: a streamed response's items would go
// untyped. Its copy of the document gives each media type with an `itemSchema` that schema as its `schema`, so that
// schema.ts types the item where a response's body is typed (`...['content']['text/event-stream']`); an SSE item's
// `data` is its `contentSchema` there (JSON without a schema: unknown), as the runtime parses it (runtime/stream.ts).
import { pathItemOperations, openapiVersion, type OpenApiDocument } from '../load/index.js';
import { isObject, pointerTarget } from '../util/json.js';

type Json = Record<string, unknown>;

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;
const BRANCHES = ['oneOf', 'anyOf', 'allOf'] as const;

/** The document with each `itemSchema` as its media type's `schema` (itself when it has none). */
export function withStreamItems(document: OpenApiDocument): OpenApiDocument {
  if (!JSON.stringify(document.paths ?? {}).includes('"itemSchema"') && !JSON.stringify(document.components?.responses ?? {}).includes('"itemSchema"')) return document;
  const doc = structuredClone(document);
  const deref = (v: unknown): unknown => (isObject(v) && typeof v.$ref === 'string' ? pointerTarget(doc, v.$ref) : v);
  const version = openapiVersion(doc);
  for (const written of Object.values(doc.paths ?? {})) {
    const item = deref(written);
    if (!isObject(item)) continue;
    for (const { op } of pathItemOperations<Json>(item, version)) {
      if (!isObject(op) || !isObject(op.responses)) continue;
      for (const response of Object.values(op.responses)) {
        const content = (deref(response) as Json | undefined)?.content;
        if (!isObject(content)) continue;
        for (const [mediaType, media] of Object.entries(content)) {
          if (!isObject(media) || media.itemSchema === undefined) continue;
          const sse = mediaType.split(';')[0]!.trim().toLowerCase() === 'text/event-stream';
          media.schema = sse ? sseItem(media.itemSchema, deref) : media.itemSchema;
        }
      }
    }
  }
  return doc;
}

/** An SSE item schema with `data` typed as its `contentSchema` (in it and in each branch); unchanged (a `$ref` kept,
 *  so the type names its component) where no `data` has one. */
function sseItem(schema: unknown, deref: (v: unknown) => unknown, depth = 0): unknown {
  const s = deref(schema);
  if (!isObject(s) || depth > 8) return schema;
  const out: Json = { ...s };
  let changed = false;
  const props = deref(s.properties);
  const data = isObject(props) ? deref(props.data) : undefined;
  if (isObject(props) && isObject(data) && (data.contentSchema !== undefined || JSON_MEDIA.test(String(data.contentMediaType ?? '')))) {
    out.properties = { ...props, data: data.contentSchema ?? {} };
    changed = true;
  }
  for (const k of BRANCHES) {
    const list = s[k];
    if (!Array.isArray(list)) continue;
    const branches = list.map((b) => sseItem(b, deref, depth + 1));
    if (branches.some((b, i) => b !== list[i])) {
      out[k] = branches;
      changed = true;
    }
  }
  return changed ? out : schema;
}
