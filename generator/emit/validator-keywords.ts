// The keywords of a schema as lines of its check function (validator-compiler.ts writes the function around them):
// strings, numbers, arrays, objects, oneOf with its discriminator. Each asks the compiler (Emit) for the functions of
// its subschemas and for module constants, and warns of what it cannot assert.
import { escapePointer, unescapePointer } from '../util/json.js';
import { q } from './print.js';

export type Json = unknown;
export type Node = Record<string, Json>;

/** What the keyword writers ask of the compiler. */
export interface Emit {
  /** The check function of the schema at a pointer (`node`: the schema, when the caller holds it). */
  fn(pointer: string, hint?: string, node?: Json): string;
  /** A module constant's name. */
  constant(code: string): string;
  warn(pointer: string, message: string): void;
  resolve(pointer: string): Json;
}

/** Object.prototype's names: a property of these names is looked up as an own property. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** Strings that need no escape in single quotes (most property names and messages): written as they are. */
const SAFE = /^[\w .,:;/{}()@#=+*<>-]*$/;

/** A JSON value as a JavaScript literal, its strings single-quoted as in every file docex prints. */
export const lit = (v: Json): string =>
  typeof v === 'string'
    ? SAFE.test(v)
      ? `'${v}'`
      : q(v)
    : Array.isArray(v)
      ? `[${v.map(lit).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `{ ${Object.entries(v).map(([k, x]) => `${q(k)}: ${lit(x)}`).join(', ')} }`
        : JSON.stringify(v);
/** A pointer segment's key: URI-decoded as a $ref writes it (a `%` that starts no escape is kept), then ~1 and ~0. */
export const unescape = (s: string) => {
  let k = s;
  try {
    k = decodeURIComponent(s);
  } catch {
    // not URI-encoded
  }
  return unescapePointer(k);
};


const primitive = (v: Json) => v === null || typeof v !== 'object';

/** Formats the runtime asserts (templates/runtime/validate.ts `formats`). */
const FORMATS = new Set(['date-time', 'date', 'time', 'uuid', 'email', 'uri', 'ipv4', 'hostname']);

/** A RegExp literal for a JSON Schema pattern (ECMA-262 with `u`, else without), or none when it does not compile. */
function regex(pattern: string): string | undefined {
  for (const flags of ['u', '']) {
    try {
      new RegExp(pattern, flags);
      return `new RegExp(${lit(pattern)}${flags ? `, ${lit(flags)}` : ''})`;
    } catch {
      // next
    }
  }
  return undefined;
}

export function shorten(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

export function equals(c: Emit, v: Json, x: string): string {
  return primitive(v) ? `${x} === ${lit(v)}` : `equal(${x}, ${c.constant(lit(v))})`;
}

export function oneOfValues(c: Emit, values: Json[]): string {
  if (values.length <= 4 || !values.every(primitive)) return values.map((v) => equals(c, v, 'x')).join(' || ') || 'false';
  return `${c.constant(`new Set(${lit(values)})`)}.has(x)`;
}

export function stringChecks(c: Emit, s: Node, at: string): string[] {
  const out: string[] = [];
  // Code points are between half the UTF-16 units and all of them: the units decide most strings without a count.
  if (typeof s.minLength === 'number') out.push(`    if (x.length < ${2 * s.minLength} && length(x) < ${s.minLength}) ok = fail(e, ${lit(`expected at least ${s.minLength} characters`)});`);
  if (typeof s.maxLength === 'number') out.push(`    if (x.length > ${s.maxLength} && length(x) > ${s.maxLength}) ok = fail(e, ${lit(`expected at most ${s.maxLength} characters`)});`);
  if (typeof s.pattern === 'string') {
    const re = regex(s.pattern);
    if (re) out.push(`    if (!${c.constant(re)}.test(x)) ok = fail(e, ${lit(`expected to match ${shorten(s.pattern)}`)});`);
    else c.warn(`${at}/pattern`, `the pattern ${shorten(JSON.stringify(s.pattern))} is not a JavaScript regular expression and is not checked`);
  }
  if (typeof s.format === 'string' && FORMATS.has(s.format)) out.push(`    if (!formats[${lit(s.format)}](x)) ok = fail(e, ${lit(`expected a ${s.format}`)});`);
  return out;
}

export function numberChecks(c: Emit, s: Node): string[] {
  const out: string[] = [];
  const bound = (op: string, v: Json, words: string) => {
    if (typeof v === 'number') out.push(`    if (x ${op} ${v}) ok = fail(e, ${lit(`expected ${words} ${v}`)});`);
  };
  bound(s.exclusiveMinimum === true ? '<=' : '<', s.minimum, s.exclusiveMinimum === true ? 'more than' : 'at least');
  bound(s.exclusiveMaximum === true ? '>=' : '>', s.maximum, s.exclusiveMaximum === true ? 'less than' : 'at most');
  if (typeof s.exclusiveMinimum === 'number') bound('<=', s.exclusiveMinimum, 'more than');
  if (typeof s.exclusiveMaximum === 'number') bound('>=', s.exclusiveMaximum, 'less than');
  if (typeof s.multipleOf === 'number' && s.multipleOf > 0)
    out.push(`    if (Math.abs(x / ${s.multipleOf} - Math.round(x / ${s.multipleOf})) > 1e-9) ok = fail(e, ${lit(`expected a multiple of ${s.multipleOf}`)});`);
  if (s.format === 'int32') out.push(`    if (!Number.isInteger(x) || x < -2147483648 || x > 2147483647) ok = fail(e, 'expected an int32');`);
  if (s.format === 'int64') out.push(`    if (!Number.isInteger(x)) ok = fail(e, 'expected an int64');`);
  return out;
}

export function arrayChecks(c: Emit, s: Node, at: string): string[] {
  const out: string[] = [];
  if (typeof s.minItems === 'number') out.push(`    if (x.length < ${s.minItems}) ok = fail(e, ${lit(`expected at least ${s.minItems} items`)});`);
  if (typeof s.maxItems === 'number') out.push(`    if (x.length > ${s.maxItems}) ok = fail(e, ${lit(`expected at most ${s.maxItems} items`)});`);
  if (s.uniqueItems === true) out.push(`    if (!unique(x)) ok = fail(e, 'expected unique items');`);
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
  prefix.forEach((_, i) => {
    const f = c.fn(`${at}/${Array.isArray(s.prefixItems) ? 'prefixItems' : 'items'}/${i}`, undefined, prefix[i]);
    out.push(`    if (x.length > ${i}) { const n = e.length; if (!${f}(x[${i}], e)) ok = under(e, n, ${i}); }`);
  });
  const rest = Array.isArray(s.items) ? s.additionalItems : s.items;
  if (rest !== undefined && rest !== true && !(typeof rest === 'object' && rest !== null && Object.keys(rest).length === 0)) {
    const f = c.fn(`${at}/${Array.isArray(s.items) ? 'additionalItems' : 'items'}`, undefined, rest);
    out.push(`    for (let i = ${prefix.length}; i < x.length; i++) { const n = e.length; if (!${f}(x[i], e)) ok = under(e, n, i); }`);
  }
  if (s.contains !== undefined) {
    const f = c.fn(`${at}/contains`);
    const min = typeof s.minContains === 'number' ? s.minContains : 1;
    out.push(`    if (x.filter((i) => ${f}(i, [])).length < ${min}) ok = fail(e, ${lit(`expected at least ${min} matching item${min === 1 ? '' : 's'}`)});`);
  }
  return out;
}

/** A property of `x` as an expression: `x.name`, `x['a-b']`, or own(x, 'constructor') for Object.prototype's names. */
const get = (k: string) => (INHERITED.has(k) ? `own(x, ${lit(k)})` : /^[A-Za-z_$][\w$]*$/.test(k) ? `x.${k}` : `x[${lit(k)}]`);

/** Whether a property's schema (its $ref followed) is writeOnly: a response need not hold it. */
function writeOnly(c: Emit, schema: Json, seen = 0): boolean {
  if (!schema || typeof schema !== 'object' || seen > 20) return false;
  const s = schema as Node;
  if (s.writeOnly === true) return true;
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#')) return writeOnly(c, c.resolve(s.$ref), seen + 1);
  return Array.isArray(s.allOf) && s.allOf.some((p) => writeOnly(c, p, seen + 1));
}

export function objectChecks(c: Emit, s: Node, at: string): string[] {
  const out: string[] = [];
  const props: Node = s.properties && typeof s.properties === 'object' ? { ...(s.properties as Node) } : {};
  const required = (Array.isArray(s.required) ? (s.required as Json[]).filter((k): k is string => typeof k === 'string') : []).filter((k) => !writeOnly(c, props[k]));
  // Each name tested inline (a named load is the fast path); req() says which are missing once one is.
  if (required.length) out.push(`    if (${required.map((k) => `${get(k)} === undefined`).join(' || ')}) ok = req(x, e, ${lit(required)});`);
  for (const k of Object.keys(props)) {
    const f = c.fn(`${at}/properties/${escapePointer(k)}`, undefined, props[k]);
    if (f !== 'any') out.push(`    ok = p(${get(k)}, ${f}, e, ${lit(k)}) && ok;`);
  }
  if (typeof s.minProperties === 'number') out.push(`    if (Object.keys(x).length < ${s.minProperties}) ok = fail(e, ${lit(`expected at least ${s.minProperties} properties`)});`);
  if (typeof s.maxProperties === 'number') out.push(`    if (Object.keys(x).length > ${s.maxProperties}) ok = fail(e, ${lit(`expected at most ${s.maxProperties} properties`)});`);
  if (s.dependentRequired && typeof s.dependentRequired === 'object') {
    for (const [k, needs] of Object.entries(s.dependentRequired as Node)) {
      if (!Array.isArray(needs)) continue;
      for (const n of needs) out.push(`    if (${get(k)} !== undefined && ${get(String(n))} === undefined) ok = fail(e, ${lit(`required with ${k}`)}, ${lit(String(n))});`);
    }
  }
  out.push(...otherProperties(c, s, at, props));
  return out;
}

/** The properties a schema does not name: patternProperties, propertyNames, additionalProperties and
 *  unevaluatedProperties. `props`: the named ones. */
function otherProperties(c: Emit, s: Node, at: string, named: Node): string[] {
  const out: string[] = [];
  const props = { ...named };
  const patterns: [string, string][] = [];
  if (s.patternProperties && typeof s.patternProperties === 'object') {
    for (const p of Object.keys(s.patternProperties)) {
      const re = regex(p);
      if (!re) {
        c.warn(`${at}/patternProperties`, `the pattern ${shorten(JSON.stringify(p))} is not a JavaScript regular expression and is not checked`);
        continue;
      }
      patterns.push([c.constant(re), c.fn(`${at}/patternProperties/${escapePointer(p)}`)]);
    }
  }
  // unevaluatedProperties: the names the schema and its allOf, anyOf, oneOf and $ref parts declare count as
  // evaluated (read from the schemas, not from which alternative matched).
  const unevaluated = s.additionalProperties === undefined && s.unevaluatedProperties !== undefined ? evaluated(c, s) : undefined;
  if (unevaluated) Object.assign(props, Object.fromEntries([...unevaluated].filter((k) => !Object.hasOwn(props, k)).map((k) => [k, true])));
  const extra = unevaluated === null ? undefined : unevaluated ? s.unevaluatedProperties : s.additionalProperties;
  const checksExtra = extra === false || (extra !== undefined && extra !== true && !(typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0));
  const names = s.propertyNames !== undefined ? c.fn(`${at}/propertyNames`) : undefined;
  if (patterns.length || checksExtra || names) {
    const known = Object.keys(props).length ? c.constant(`new Set(${lit(Object.keys(props))})`) : undefined;
    const body: string[] = [];
    if (names) body.push(`if (!${names}(k, [])) ok = fail(e, 'a property name not allowed here', k);`);
    for (const [re, f] of patterns) body.push(`if (${re}.test(k)) { matched = true; const n = e.length; if (!${f}(x[k], e)) ok = under(e, n, k); }`);
    if (checksExtra) {
      const isKnown = known ? `${known}.has(k) || ` : '';
      const check = extra === false ? `ok = fail(e, 'unknown property', k);` : `{ const n = e.length; if (!${c.fn(`${at}/additionalProperties`)}(x[k], e)) ok = under(e, n, k); }`;
      body.push(`if (!(${isKnown}matched)) ${check}`);
    }
    out.push(`    for (const k of Object.keys(x)) { let matched = false; ${body.join(' ')} }`);
  }
  return out;
}

/** The property names a schema and its parts declare; null when a part admits any (additionalProperties,
 *  patternProperties, or a $ref outside the document). */
function evaluated(c: Emit, s: Node, depth = 0, names = new Set<string>()): Set<string> | null {
  if (depth > 30) return names;
  if (s.additionalProperties !== undefined || s.patternProperties !== undefined || (depth > 0 && s.unevaluatedProperties !== undefined)) return null;
  if (s.properties && typeof s.properties === 'object') for (const k of Object.keys(s.properties)) names.add(k);
  const parts: Json[] = [];
  if (typeof s.$ref === 'string') parts.push(s.$ref.startsWith('#') ? c.resolve(s.$ref) : undefined);
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(s[k])) parts.push(...(s[k] as Json[]));
  for (const p of parts) {
    if (p === undefined) return null;
    if (p && typeof p === 'object' && evaluated(c, p as Node, depth + 1, names) === null) return null;
  }
  return names;
}


