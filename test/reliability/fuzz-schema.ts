/** fast-check arbitraries from the JSON Schemas of a bundled document: values the schema accepts (bounded in size). */
import fc from 'fast-check';
import { deref, type OpenApiDocument, type SchemaObject } from '../../generator/load/index.js';
import { extensibleEnum } from '../../generator/model/conventions/index.js';
import { resolveSchema } from '../../generator/sandbox/schema-tools.js';

/** A string property that names a resource (`sender.id`, `senderId`): generated as `@id:<n>:<hint>` and replaced, when
 *  the request is sent, by the n-th id the fuzzer has seen under the property named `hint` (`sender`), or any id seen,
 *  so that references mostly point at resources that exist. */
export const ID_MARK = /^@id:(\d+):(.*)$/;
const idHint = (name: string): string | undefined => (name.endsWith('.id') ? name.slice(0, -3) : name === 'id' ? '' : /[a-z]Id$/.test(name) ? name.slice(0, -2) : undefined);

export function schemaArb(doc: OpenApiDocument, node: SchemaObject | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!deref(doc, node) || depth > 6) return fc.constant(null);
  // The sandbox's own reading of a schema: references followed, allOf folded.
  const s = resolveSchema(doc, node);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  const ext = extensibleEnum(s);
  if (ext?.length) return fc.constantFrom(...ext);
  const alts = s.oneOf ?? s.anyOf;
  if (alts) return fc.oneof(...alts.map((a) => schemaArb(doc, a, name, depth + 1)));
  const types = ([] as unknown[]).concat(s.type ?? (s.properties ? 'object' : s.items ? 'array' : 'string'));
  const type = types.find((t) => t !== 'null') as string | undefined;
  const value = typedArb(doc, s, type, name, depth);
  return types.includes('null') ? fc.option(value, { nil: null, freq: 5 }) : value;
}

/** A numeric keyword of a schema (the loader types unknown keywords loosely). */
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function typedArb(doc: OpenApiDocument, s: SchemaObject, type: string | undefined, name: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -1000);
      const max = s.maximum ?? (typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : 1000);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const item = schemaArb(doc, s.items, name, depth + 1);
      const minLength = num(s.minItems) ?? 0;
      const c = { minLength, maxLength: Math.max(minLength, Math.min(num(s.maxItems) ?? 3, 3)) };
      return s.uniqueItems ? fc.uniqueArray(item, { ...c, selector: (v) => JSON.stringify(v) }) : fc.array(item, c);
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {}).filter(([, p]) => !deref(doc, p)?.readOnly);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      // The `id` of a reference object carries its property's name: `sender.id`.
      for (const [k, p] of props) record[k] = schemaArb(doc, p, k === 'id' && name ? `${name}.id` : k, depth + 1);
      return fc.record(record, { requiredKeys: (s.required ?? []).filter((k) => k in record) });
    }
    default:
      return stringArb(s, name);
  }
}

function stringArb(s: SchemaObject, name: string): fc.Arbitrary<string> {
  const max = num(s.maxLength) ?? 40;
  const min = num(s.minLength) ?? 0;
  const fit = (a: fc.Arbitrary<string>) => a.filter((v) => v.length >= min && v.length <= max);
  const dates = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true });
  if (s.format === 'date-time') return dates.map((d) => d.toISOString());
  if (s.format === 'date') return dates.map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri') return fc.webUrl();
  if (s.format === 'uuid') return fc.uuid();
  const hint = idHint(name);
  if (hint !== undefined && !s.pattern) return fc.nat(10_000).map((n) => `@id:${n}:${hint}`);
  if (typeof s.pattern === 'string') return fit(fc.stringMatching(new RegExp(s.pattern)));
  return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) });
}
