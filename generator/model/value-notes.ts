// What the document says of a value a caller sends, for the hovers of the generated client: its words, example and
// default, and the bounds that matter when calling. One reader for both places that show them: the model (a
// parameter the client renames, whose doc comment client.ts carries) and schema.ts's doc comments (every other
// parameter and every schema property, which the client's types point at).
import { deref, type OpenApiDocument, type ParameterObject, type SchemaObject } from '../load/index.js';
import { isObject } from '../util/json.js';

/** The keywords a hover lists, in this order: what a call must stay within. */
const BOUND_KEYWORDS = ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems'] as const;
type BoundKeyword = (typeof BOUND_KEYWORDS)[number];

export interface ValueNotes {
  description?: string;
  /** JSON values as written. */
  example?: unknown;
  default?: unknown;
  /** The schema's bounds, in BOUND_KEYWORDS order (a `$ref`'s target's when the schema is one). */
  bounds?: [BoundKeyword, number | string][];
}

/** The bounds of a schema (following `$ref`s); numbers for the numeric keywords, a string for `pattern`. */
export function boundsOf(doc: OpenApiDocument, schema: SchemaObject | undefined): ValueNotes['bounds'] {
  const s = deref<SchemaObject>(doc, schema);
  if (!s || typeof s !== 'object') return undefined;
  const out: [BoundKeyword, number | string][] = [];
  for (const k of BOUND_KEYWORDS) {
    const v = (s as Record<string, unknown>)[k];
    if (k === 'pattern' ? typeof v === 'string' : typeof v === 'number' && Number.isFinite(v)) out.push([k, v as number | string]);
  }
  return out.length ? out : undefined;
}

/** The first value of an `examples` map of Example Objects (a parameter's), when it has no `example`. */
function firstExample(doc: OpenApiDocument, examples: unknown): unknown {
  if (!isObject(examples)) return undefined;
  for (const e of Object.values(examples)) {
    const ex = deref<{ value?: unknown }>(doc, e as { value?: unknown });
    if (ex && typeof ex === 'object' && ex.value !== undefined) return ex.value;
  }
  return undefined;
}

/**
 * A parameter's notes: its description, else its schema's; its example (or first of `examples`), else its schema's;
 * its schema's default and bounds.
 */
export function parameterNotes(doc: OpenApiDocument, param: ParameterObject): ValueNotes {
  const schema = deref<SchemaObject>(doc, param.schema);
  const notes: ValueNotes = {};
  const description = param.description || (typeof schema?.description === 'string' ? schema.description : undefined);
  if (description) notes.description = description;
  const example = param.example ?? firstExample(doc, param.examples) ?? schema?.example ?? (Array.isArray(schema?.examples) ? schema.examples[0] : undefined);
  if (example !== undefined) notes.example = example;
  if (schema?.default !== undefined) notes.default = schema.default;
  const bounds = boundsOf(doc, param.schema);
  if (bounds) notes.bounds = bounds;
  return notes;
}
