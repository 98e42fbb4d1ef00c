import { Ajv2020, type ValidateFunction, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { SchemaObject } from '../load/index.js';
import { INPUT_FORMATS } from './input-times.js';
import type { LoadedApi } from './load-apis.js';

// ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

/** OpenAPI's own formats that JSON Schema does not define: accepted as annotations. */
const OPENAPI_FORMATS = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'];

/**
 * An ajv (JSON Schema 2020-12, as OpenAPI 3.1 uses) that knows every document by its `base` id.
 * `coerce` is for parameters, which arrive as strings (and arrays, for repeated query parameters).
 * `input`: requests, whose timestamps and dates may be any ISO 8601 form; responses keep RFC 3339's.
 */
export function createAjv(apis: readonly LoadedApi[], coerce: boolean, input = false): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    logger: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: false,
    validateSchema: false,
  });
  addFormats(ajv);
  for (const f of OPENAPI_FORMATS) ajv.addFormat(f, true);
  if (input) for (const [f, check] of Object.entries(INPUT_FORMATS)) ajv.addFormat(f, check);
  for (const api of apis) ajv.addSchema(api.doc as object, api.base);
  return ajv;
}

/** Compiles a schema taken from `api`'s document, with its internal refs pointed at that document. */
export function compileIn(ajv: Ajv2020, api: LoadedApi, schema: SchemaObject | undefined): ValidateFunction {
  return ajv.compile(rebase(schema ?? {}, api.base) as object);
}

function rebase(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rebase(n, base));
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? base + v : k === 'example' || k === 'examples' ? undefined : rebase(v, base);
    if (out[k] === undefined) delete out[k];
  }
  return out;
}

/** ajv errors as one short sentence each, naming where the problem is. */
export function describeErrors(errors: ErrorObject[] | null | undefined, where: string): string[] {
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    const at = `${where}${e.instancePath.replace(/\//g, '.')}`;
    let text: string;
    if (e.keyword === 'additionalProperties') text = `${at} has an unknown property "${String(e.params.additionalProperty)}"`;
    else if (e.keyword === 'required') text = `${at} lacks the required property "${String(e.params.missingProperty)}"`;
    else if (e.keyword === 'enum') text = `${at} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    else text = `${at} ${e.message ?? 'is invalid'}`;
    seen.add(text);
    if (seen.size >= 10) break;
  }
  return [...seen];
}
