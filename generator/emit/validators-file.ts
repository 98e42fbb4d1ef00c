// validators.js and validators.d.ts of an API. validators.js is plain JavaScript, so that a client's compiler never
// reads it (TypeScript resolves `./validators.js` to the .d.ts beside it and leaves the .js out of the program): each
// schema of the document compiled into a check function at generate time (never interpreted per call;
// validator-compiler.ts), after the checks' shared part (templates/validators/checks.ts, its types stripped);
// `schemas` (one Standard Schema v1 object per component schema), `check` (what a validating call runs on a
// response: the check of its operation and status) and `item` (the same for each item of a stream operation, by its
// itemSchema; an SSE event's JSON data by its contentSchema). Checks read in the response direction: readOnly properties are checked as declared, writeOnly ones are not required. They never change
// the value. What a check cannot assert is a warning naming where it is written, never skipped silently.
import type { OpenApiDocument } from '../load/index.js';
import { isJsonMedia } from '../model/conventions/media.js';
import type { ApiModel, SourceRef } from '../model/index.js';
import { Compiler, type ValidatorsWarning } from './validator-compiler.js';
import { escapePointer } from '../util/json.js';
import { lit } from './validator-keywords.js';

/** The first JSON media type's schema of a response, where it is written. */
function jsonSchemaOf(content: ApiModel['operations'][number]['statuses'][number]['content']): SourceRef | undefined {
  return content.find((m) => isJsonMedia(m.mediaType) && m.schema)?.schema;
}

/** A table's key: `__proto__` computed, so that it is a key and not the object's prototype. */
const key = (k: string) => (k === '__proto__' ? `[${lit(k)}]` : lit(k));

/** The document's part of validators.js (after checks.ts's), with what its checks do not assert; `file`: the
 *  document, as warnings name it. */
export function renderValidators(doc: OpenApiDocument, api: ApiModel, file: string): { text: string; warnings: ValidatorsWarning[] } {
  const c = new Compiler(doc, file);
  const keys = Object.keys(doc.components?.schemas ?? {});
  const schemaChecks = keys.map((k) => [k, c.fn(`#/components/schemas/${escapePointer(k)}`)] as const);
  const responses: string[] = [];
  const items: string[] = [];
  for (const op of api.operations) {
    // The token service's answers carry secrets: they are never put into a ValidationError.
    if (op.conventions.tokenService) continue;
    const name = lit(op.operationId ?? op.name);
    const checks: string[] = [];
    for (const st of op.statuses) {
      const schema = jsonSchemaOf(st.content);
      if (schema) checks.push(`${lit(st.status)}: ${c.fn(schema.pointer, `${op.name}${st.status}`)}`);
    }
    if (checks.length) responses.push(`  ${lit(`${op.method} ${op.path}`)}: [${name}, { ${checks.join(', ')} }],`);
    const item = op.conventions.stream?.item;
    if (item) items.push(`  ${lit(`${op.method} ${op.path}`)}: [${name}, ${c.fn(item.pointer, `${op.name}Item`)}],`);
  }
  const text = [
    c.text(),
    '',
    'const schemas = {',
    ...schemaChecks.map(([k, f]) => `  ${key(k)}: standard(${f}),`),
    '};',
    '',
    "// The checks of each operation's responses (by `METHOD path`): its name, and a check by status as written.",
    'const check = checker({',
    ...responses,
    '});',
    '',
    "// The check of each stream operation's items (by `METHOD path`): its name, and the item's check.",
    'const item = itemChecker({',
    ...items,
    '});',
    '',
    'export { check, item, schemas };',
    '',
  ].join('\n');
  return { text, warnings: c.warnings };
}

/** validators.d.ts of an API (its text after the banner): what validators.js exports, typed from schema.ts. */
export function renderValidatorTypes(api: ApiModel): string {
  const depth = api.id ? api.id.split('/').length : 0;
  const runtimeDir = depth ? `${'../'.repeat(depth)}runtime` : './runtime';
  return [
    `import type { ItemCheck, ResponseCheck, StandardSchemaV1 } from '${runtimeDir}/validate.js';`,
    "import type { components } from './schema.js';",
    '',
    'type Schemas = components extends { schemas: infer S } ? S : Record<string, never>;',
    '',
    "/** One Standard Schema v1 object per schema of the document (`schemas.X['~standard'].validate(value)`), checking a",
    ' *  value as a response holds it: readOnly properties as declared, writeOnly ones not required. */',
    'export declare const schemas: { readonly [K in keyof Schemas]: StandardSchemaV1<Schemas[K]> };',
    '',
    "/** What a validating call of the client runs on its response (ClientSettings.validate). */",
    'export declare const check: ResponseCheck;',
    '',
    "/** What a validating call of a stream operation runs on each item. */",
    'export declare const item: ItemCheck;',
    '',
  ].join('\n');
}
