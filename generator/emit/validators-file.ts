// validators.ts of an API: each schema of the document compiled into a check function at generate time (never
// interpreted per call), `schemas` (one Standard Schema v1 object per component schema) and `check` (what a client's
// validating call runs on a response: the check of its operation and status). Checks read in the response direction:
// readOnly properties are checked as declared, writeOnly ones are not required. They never change the value.
// What a check cannot assert is a warning naming where it is written, never skipped silently.
import type { OpenApiDocument } from '../load/index.js';
import { isJsonMedia } from '../model/conventions/media.js';
import type { ApiModel, SourceRef } from '../model/index.js';
import { q } from './print.js';

type Json = unknown;
type Node = Record<string, Json>;

export interface ValidatorsWarning {
  at: SourceRef;
  message: string;
  unsupported: true;
}

export interface ValidatorsFile {
  text: string;
  warnings: ValidatorsWarning[];
}

/** Keywords no check asserts: each one met is a warning. */
const NOT_CARRIED: Record<string, string> = {
  unevaluatedItems: 'unevaluatedItems is not checked',
  dependentSchemas: 'dependentSchemas is not checked',
  $dynamicRef: '$dynamicRef is not followed',
  $recursiveRef: '$recursiveRef is not followed',
};

/** Object.prototype's names: a property of these names is looked up as an own property. */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A JSON value as a JavaScript literal, its strings single-quoted as in every file docex prints. */
const lit = (v: Json): string =>
  typeof v === 'string'
    ? q(v)
    : Array.isArray(v)
      ? `[${v.map(lit).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `{ ${Object.entries(v).map(([k, x]) => `${q(k)}: ${lit(x)}`).join(', ')} }`
        : JSON.stringify(v);
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
/** A pointer segment's key: URI-decoded as a $ref writes it (a `%` that starts no escape is kept), then ~1 and ~0. */
const unescape = (s: string) => {
  let k = s;
  try {
    k = decodeURIComponent(s);
  } catch {
    // not URI-encoded
  }
  return k.replace(/~1/g, '/').replace(/~0/g, '~');
};

/** A JS expression true when `x` (unknown) has JSON type `t`. */
function isType(t: string, x: string): string {
  switch (t) {
    case 'string':
      return `typeof ${x} === 'string'`;
    case 'number':
      return `typeof ${x} === 'number'`;
    case 'integer':
      return `Number.isInteger(${x})`;
    case 'boolean':
      return `typeof ${x} === 'boolean'`;
    case 'null':
      return `${x} === null`;
    case 'array':
      return `Array.isArray(${x})`;
    case 'object':
      return `isObject(${x})`;
    default:
      return 'true';
  }
}

const primitive = (v: Json) => v === null || typeof v !== 'object';

class Compiler {
  private readonly names = new Map<string, string>();
  private readonly bodies = new Map<string, string>();
  /** Function names taken, and the module's own names. */
  private readonly used = new Set(['check', 'schemas', 'responses', 'any', 'isObject']);
  private readonly functions: string[] = [];
  private readonly constants: string[] = [];
  private readonly constantNames = new Map<string, string>();
  readonly warnings: ValidatorsWarning[] = [];
  private readonly openapi30: boolean;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly file: string,
  ) {
    this.openapi30 = /^3\.0/.test(String(doc.openapi));
  }

  /** Resolved nodes by pointer: a child's is its parent's, looked up once. */
  private readonly nodes = new Map<string, Json>();

  private resolve(pointer: string): Json {
    if (this.nodes.has(pointer)) return this.nodes.get(pointer);
    const cut = pointer.lastIndexOf('/');
    let node: Json;
    if (cut <= 1) node = pointer === '#' || pointer === '#/' || pointer === '' ? this.doc : (this.doc as Node)[unescape(pointer.slice(cut + 1))];
    else {
      const parent = this.resolve(pointer.slice(0, cut));
      node = parent !== null && typeof parent === 'object' ? (parent as Node)[unescape(pointer.slice(cut + 1))] : undefined;
    }
    this.nodes.set(pointer, node);
    return node;
  }

  private warn(pointer: string, message: string): void {
    this.warnings.push({ at: { file: this.file, pointer }, message: `response validators: ${message}`, unsupported: true });
  }

  /** A module constant (a RegExp, a Set of enum values), shared by equal definitions. */
  private constant(code: string): string {
    let name = this.constantNames.get(code);
    if (!name) {
      name = `k${this.constantNames.size}`;
      this.constantNames.set(code, name);
      this.constants.push(`const ${name} = ${code};`);
    }
    return name;
  }

  /** The check function of the schema at `pointer` (compiled once: a $ref cycle calls the function being written). */
  fn(pointer: string, hint?: string): string {
    const known = this.names.get(pointer);
    if (known) return known;
    const node = this.resolve(pointer);
    // A bare $ref is its target's function.
    if (node && typeof node === 'object' && typeof (node as Node).$ref === 'string' && Object.keys(node).every((k) => k === '$ref' || !ASSERTING.has(k))) {
      const ref = (node as Node).$ref as string;
      if (ref.startsWith('#')) {
        // Named before following, so that a cycle of bare $refs ends.
        this.names.set(pointer, 'any');
        const target = this.fn(ref);
        this.names.set(pointer, target);
        return target;
      }
      this.warn(pointer, `the $ref ${ref} is outside the document and not checked`);
      return 'any';
    }
    const component = /^#\/components\/schemas\/([^/]+)$/.exec(pointer);
    const base = hint ?? (component ? unescape(component[1]!) : undefined);
    let name = base !== undefined ? `check${base.replace(/[^A-Za-z0-9_$]/g, '_')}` : `c${this.names.size}`;
    while (this.used.has(name)) name += '_';
    this.used.add(name);
    this.names.set(pointer, name);
    const slot = this.functions.length;
    this.functions.push('');
    const body = this.body(node, pointer);
    // Two schemas written alike (each `$ref: Id` property copied inline, say) share one function, unless it calls itself.
    const same = this.bodies.get(body);
    if (same && base === undefined && !body.includes(`${name}(`)) {
      this.names.set(pointer, same);
      this.functions[slot] = '';
      return same;
    }
    if (!same) this.bodies.set(body, name);
    this.functions[slot] = `function ${name}(x: unknown, e: Issue[]): boolean {\n${body}}`;
    return name;
  }

  private body(node: Json, at: string): string {
    if (node === true || node === undefined || (typeof node === 'object' && node !== null && Object.keys(node).length === 0)) return '  return true;\n';
    if (node === false) return "  return fail(e, 'no value is allowed here');\n";
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return '  return true;\n';
    const s = node as Node;
    const lines: string[] = [];
    for (const k of Object.keys(s)) if (NOT_CARRIED[k] && s[k] !== true) this.warn(`${at}/${escapePointer(k)}`, NOT_CARRIED[k]!);
    let types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]).filter((t) => typeof t === 'string') : [];
    if (this.openapi30 && s.nullable === true) {
      // OpenAPI 3.0's nullable: null passes whatever else the schema says.
      lines.push('  if (x === null) return true;');
      if (types.length) types = [...types, 'null'];
    }
    if (types.length) {
      const cond = types.map((t) => isType(t, 'x')).join(' || ');
      lines.push(`  if (!(${cond})) return fail(e, ${lit(`expected ${types.join(' or ')}`)});`);
    }
    lines.push('  let ok = true;');
    const add = (code: string) => lines.push(code);
    if (Object.hasOwn(s, 'const')) add(`  if (!(${this.equals(s.const, 'x')})) ok = fail(e, ${lit(`expected ${shorten(JSON.stringify(s.const))}`)});`);
    if (Array.isArray(s.enum)) {
      const values = this.openapi30 && s.nullable === true ? [...s.enum, null] : s.enum;
      add(`  if (!(${this.oneOfValues(values)})) ok = fail(e, ${lit(`expected one of ${shorten(values.map((v) => JSON.stringify(v)).join(', '))}`)});`);
    }
    const str = this.stringChecks(s, at);
    if (str.length) add(`  if (typeof x === 'string') {\n${str.join('\n')}\n  }`);
    const num = this.numberChecks(s);
    if (num.length) add(`  if (typeof x === 'number') {\n${num.join('\n')}\n  }`);
    const arr = this.arrayChecks(s, at);
    if (arr.length) add(`  if (Array.isArray(x)) {\n${arr.join('\n')}\n  }`);
    const obj = this.objectChecks(s, at);
    if (obj.length) add(`  if (isObject(x)) {\n${obj.join('\n')}\n  }`);
    if (typeof s.$ref === 'string') add(`  ok = ${this.fn(s.$ref)}(x, e) && ok;`);
    if (Array.isArray(s.allOf)) s.allOf.forEach((_, i) => add(`  ok = ${this.fn(`${at}/allOf/${i}`)}(x, e) && ok;`));
    if (Array.isArray(s.anyOf) && s.anyOf.length) {
      const fns = s.anyOf.map((_, i) => this.fn(`${at}/anyOf/${i}`));
      add(`  {\n    const t: Issue[][] = [${fns.map(() => '[]').join(', ')}];\n    if (!(${fns.map((f, i) => `${f}(x, t[${i}]!)`).join(' || ')})) ok = closest(e, t);\n  }`);
    }
    if (Array.isArray(s.oneOf) && s.oneOf.length) add(this.oneOf(s, at));
    if (s.not !== undefined) add(`  if (${this.fn(`${at}/not`)}(x, [])) ok = fail(e, 'matches a schema it must not match');`);
    if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
      const then = s.then !== undefined ? `ok = ${this.fn(`${at}/then`)}(x, e) && ok;` : '';
      const otherwise = s.else !== undefined ? `ok = ${this.fn(`${at}/else`)}(x, e) && ok;` : '';
      add(`  if (${this.fn(`${at}/if`)}(x, [])) { ${then} } else { ${otherwise} }`);
    }
    lines.push('  return ok;');
    return `${lines.join('\n')}\n`;
  }

  private equals(v: Json, x: string): string {
    // (as unknown: a type check before it may have narrowed x to a type the value is not of, which tsc refuses)
    return primitive(v) ? `(${x} as unknown) === ${lit(v)}` : `equal(${x}, ${this.constant(lit(v))})`;
  }

  private oneOfValues(values: Json[]): string {
    if (values.length <= 4 || !values.every(primitive)) return values.map((v) => this.equals(v, 'x')).join(' || ') || 'false';
    return `${this.constant(`new Set<unknown>(${lit(values)})`)}.has(x)`;
  }

  private stringChecks(s: Node, at: string): string[] {
    const out: string[] = [];
    if (typeof s.minLength === 'number') out.push(`    if (length(x) < ${s.minLength}) ok = fail(e, ${lit(`expected at least ${s.minLength} characters`)});`);
    if (typeof s.maxLength === 'number') out.push(`    if (length(x) > ${s.maxLength}) ok = fail(e, ${lit(`expected at most ${s.maxLength} characters`)});`);
    if (typeof s.pattern === 'string') {
      const re = regex(s.pattern);
      if (re) out.push(`    if (!${this.constant(re)}.test(x)) ok = fail(e, ${lit(`expected to match ${shorten(s.pattern)}`)});`);
      else this.warn(`${at}/pattern`, `the pattern ${shorten(JSON.stringify(s.pattern))} is not a JavaScript regular expression and is not checked`);
    }
    if (typeof s.format === 'string' && FORMATS.has(s.format)) out.push(`    if (!formats[${lit(s.format)}]!(x)) ok = fail(e, ${lit(`expected a ${s.format}`)});`);
    return out;
  }

  private numberChecks(s: Node): string[] {
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

  private arrayChecks(s: Node, at: string): string[] {
    const out: string[] = [];
    if (typeof s.minItems === 'number') out.push(`    if (x.length < ${s.minItems}) ok = fail(e, ${lit(`expected at least ${s.minItems} items`)});`);
    if (typeof s.maxItems === 'number') out.push(`    if (x.length > ${s.maxItems}) ok = fail(e, ${lit(`expected at most ${s.maxItems} items`)});`);
    if (s.uniqueItems === true) out.push(`    if (!unique(x)) ok = fail(e, 'expected unique items');`);
    const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
    prefix.forEach((_, i) => {
      const f = this.fn(`${at}/${Array.isArray(s.prefixItems) ? 'prefixItems' : 'items'}/${i}`);
      out.push(`    if (x.length > ${i}) { const n = e.length; if (!${f}(x[${i}], e)) ok = under(e, n, ${i}); }`);
    });
    const rest = Array.isArray(s.items) ? s.additionalItems : s.items;
    if (rest !== undefined && rest !== true && !(typeof rest === 'object' && rest !== null && Object.keys(rest).length === 0)) {
      const f = this.fn(`${at}/${Array.isArray(s.items) ? 'additionalItems' : 'items'}`);
      out.push(`    for (let i = ${prefix.length}; i < x.length; i++) { const n = e.length; if (!${f}(x[i], e)) ok = under(e, n, i); }`);
    }
    if (s.contains !== undefined) {
      const f = this.fn(`${at}/contains`);
      const min = typeof s.minContains === 'number' ? s.minContains : 1;
      out.push(`    if (x.filter((i) => ${f}(i, [])).length < ${min}) ok = fail(e, ${lit(`expected at least ${min} matching item${min === 1 ? '' : 's'}`)});`);
    }
    return out;
  }

  /** Whether a property's schema (its $ref followed) is writeOnly: a response need not hold it. */
  private writeOnly(schema: Json, seen = 0): boolean {
    if (!schema || typeof schema !== 'object' || seen > 20) return false;
    const s = schema as Node;
    if (s.writeOnly === true) return true;
    if (typeof s.$ref === 'string' && s.$ref.startsWith('#')) return this.writeOnly(this.resolve(s.$ref), seen + 1);
    return Array.isArray(s.allOf) && s.allOf.some((p) => this.writeOnly(p, seen + 1));
  }

  private objectChecks(s: Node, at: string): string[] {
    const out: string[] = [];
    const props: Node = s.properties && typeof s.properties === 'object' ? { ...(s.properties as Node) } : {};
    const get = (k: string) => (INHERITED.has(k) ? `(Object.hasOwn(x, ${lit(k)}) ? x[${lit(k)}] : undefined)` : `x[${lit(k)}]`);
    const required = Array.isArray(s.required) ? (s.required as Json[]).filter((k): k is string => typeof k === 'string') : [];
    for (const k of required) {
      if (this.writeOnly(props[k])) continue;
      out.push(`    if (${get(k)} === undefined) ok = fail(e, 'missing required property', ${lit(k)});`);
    }
    for (const k of Object.keys(props)) {
      if (props[k] === true && !(s.properties as Node | undefined)?.[k]) continue;
      const f = this.fn(`${at}/properties/${escapePointer(k)}`);
      if (f === 'any') continue;
      out.push(`    { const v = ${get(k)}; const n = e.length; if (v !== undefined && !${f}(v, e)) ok = under(e, n, ${lit(k)}); }`);
    }
    if (typeof s.minProperties === 'number') out.push(`    if (Object.keys(x).length < ${s.minProperties}) ok = fail(e, ${lit(`expected at least ${s.minProperties} properties`)});`);
    if (typeof s.maxProperties === 'number') out.push(`    if (Object.keys(x).length > ${s.maxProperties}) ok = fail(e, ${lit(`expected at most ${s.maxProperties} properties`)});`);
    if (s.dependentRequired && typeof s.dependentRequired === 'object') {
      for (const [k, needs] of Object.entries(s.dependentRequired as Node)) {
        if (!Array.isArray(needs)) continue;
        for (const n of needs) out.push(`    if (${get(k)} !== undefined && ${get(String(n))} === undefined) ok = fail(e, ${lit(`required with ${k}`)}, ${lit(String(n))});`);
      }
    }
    const patterns: [string, string][] = [];
    if (s.patternProperties && typeof s.patternProperties === 'object') {
      for (const p of Object.keys(s.patternProperties)) {
        const re = regex(p);
        if (!re) {
          this.warn(`${at}/patternProperties`, `the pattern ${shorten(JSON.stringify(p))} is not a JavaScript regular expression and is not checked`);
          continue;
        }
        patterns.push([this.constant(re), this.fn(`${at}/patternProperties/${escapePointer(p)}`)]);
      }
    }
    // unevaluatedProperties: the names the schema and its allOf, anyOf, oneOf and $ref parts declare count as
    // evaluated (read from the schemas, not from which alternative matched).
    const unevaluated = s.additionalProperties === undefined && s.unevaluatedProperties !== undefined ? this.evaluated(s) : undefined;
    if (unevaluated) Object.assign(props, Object.fromEntries([...unevaluated].filter((k) => !Object.hasOwn(props, k)).map((k) => [k, true])));
    const extra = unevaluated === null ? undefined : unevaluated ? s.unevaluatedProperties : s.additionalProperties;
    const checksExtra = extra === false || (extra !== undefined && extra !== true && !(typeof extra === 'object' && extra !== null && Object.keys(extra).length === 0));
    const names = s.propertyNames !== undefined ? this.fn(`${at}/propertyNames`) : undefined;
    if (patterns.length || checksExtra || names) {
      const known = Object.keys(props).length ? this.constant(`new Set<string>(${lit(Object.keys(props))})`) : undefined;
      const body: string[] = [];
      if (names) body.push(`if (!${names}(k, [])) ok = fail(e, 'a property name not allowed here', k);`);
      for (const [re, f] of patterns) body.push(`if (${re}.test(k)) { matched = true; const n = e.length; if (!${f}(x[k], e)) ok = under(e, n, k); }`);
      if (checksExtra) {
        const isKnown = known ? `${known}.has(k) || ` : '';
        const check = extra === false ? `ok = fail(e, 'unknown property', k);` : `{ const n = e.length; if (!${this.fn(`${at}/additionalProperties`)}(x[k], e)) ok = under(e, n, k); }`;
        body.push(`if (!(${isKnown}matched)) ${check}`);
      }
      out.push(`    for (const k of Object.keys(x)) { let matched = false; ${body.join(' ')} }`);
    }
    return out;
  }

  /** The property names a schema and its parts declare; null when a part admits any (additionalProperties,
   *  patternProperties, or a $ref outside the document). */
  private evaluated(s: Node, depth = 0, names = new Set<string>()): Set<string> | null {
    if (depth > 30) return names;
    if (s.additionalProperties !== undefined || s.patternProperties !== undefined || (depth > 0 && s.unevaluatedProperties !== undefined)) return null;
    if (s.properties && typeof s.properties === 'object') for (const k of Object.keys(s.properties)) names.add(k);
    const parts: Json[] = [];
    if (typeof s.$ref === 'string') parts.push(s.$ref.startsWith('#') ? this.resolve(s.$ref) : undefined);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) if (Array.isArray(s[k])) parts.push(...(s[k] as Json[]));
    for (const p of parts) {
      if (p === undefined) return null;
      if (p && typeof p === 'object' && this.evaluated(p as Node, depth + 1, names) === null) return null;
    }
    return names;
  }

  /** oneOf: with a discriminator, the alternative its property names (mapping, else the component's name); else
   *  exactly one alternative must match. */
  private oneOf(s: Node, at: string): string {
    const branches = s.oneOf as Json[];
    const fns = branches.map((_, i) => this.fn(`${at}/oneOf/${i}`));
    const d = s.discriminator as Node | undefined;
    if (d && typeof d.propertyName === 'string') {
      const map = new Map<string, string>();
      const mapping = (d.mapping && typeof d.mapping === 'object' ? d.mapping : {}) as Node;
      for (const [value, target] of Object.entries(mapping)) {
        if (typeof target !== 'string') continue;
        const ref = target.startsWith('#') ? target : `#/components/schemas/${escapePointer(target)}`;
        if (this.resolve(ref) !== undefined) map.set(value, this.fn(ref));
      }
      branches.forEach((b) => {
        const ref = b && typeof b === 'object' ? (b as Node).$ref : undefined;
        const m = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref) : null;
        if (m && ![...Object.values(mapping)].includes(ref) && !map.has(unescape(m[1]!))) map.set(unescape(m[1]!), this.fn(ref as string));
      });
      if (map.size) {
        const table = this.constant(`{ ${[...map].map(([v, f]) => `${lit(v)}: ${f}`).join(', ')} } as Record<string, Check | undefined>`);
        const p = lit(d.propertyName);
        return `  if (isObject(x)) {\n    const tag = x[${p}];\n    const f = typeof tag === 'string' && Object.hasOwn(${table}, tag) ? ${table}[tag] : undefined;\n    if (!f) ok = fail(e, ${lit(`expected one of ${shorten([...map.keys()].map((v) => JSON.stringify(v)).join(', '))}`)}, ${p});\n    else ok = f(x, e) && ok;\n  }`;
      }
    }
    return `  {\n    const t: Issue[][] = [${fns.map(() => '[]').join(', ')}];\n    const n = [${fns.map((f, i) => `${f}(x, t[${i}]!)`).join(', ')}].filter(Boolean).length;\n    if (n === 0) ok = closest(e, t);\n    else if (n > 1) ok = fail(e, 'matches more than one alternative of oneOf');\n  }`;
  }

  text(): string {
    return [...this.constants, ...this.functions.filter(Boolean)].join('\n\n');
  }
}

/** Keywords that constrain a value (others are annotations): a $ref beside only annotations is its target. */
const ASSERTING = new Set([
  'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'items', 'prefixItems', 'additionalItems',
  'contains', 'minItems', 'maxItems', 'uniqueItems', 'minLength', 'maxLength', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum',
  'exclusiveMaximum', 'multipleOf', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'nullable', 'minProperties', 'maxProperties',
  'dependentRequired', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'discriminator',
]);

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

function shorten(s: string): string {
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

/** The first JSON media type's schema of a response, where it is written. */
function jsonSchemaOf(content: ApiModel['operations'][number]['statuses'][number]['content']): SourceRef | undefined {
  return content.find((m) => isJsonMedia(m.mediaType) && m.schema)?.schema;
}

/** validators.ts of an API (its text after the banner), with what its checks do not assert; `file`: the document,
 *  as warnings name it. */
export function renderValidators(doc: OpenApiDocument, api: ApiModel, file: string): ValidatorsFile {
  const depth = api.id ? api.id.split('/').length : 0;
  const runtimeDir = depth ? `${'../'.repeat(depth)}runtime` : './runtime';
  const c = new Compiler(doc, file);
  const keys = Object.keys(doc.components?.schemas ?? {});
  const schemaChecks = keys.map((k) => [k, c.fn(`#/components/schemas/${escapePointer(k)}`)] as const);
  const table: string[] = [];
  for (const op of api.operations) {
    // The token service's answers carry secrets: they are never put into a ValidationError.
    if (op.conventions.tokenService) continue;
    const checks: string[] = [];
    for (const st of op.statuses) {
      const schema = jsonSchemaOf(st.content);
      if (schema) checks.push(`${lit(st.status)}: ${c.fn(schema.pointer, `${op.name}${st.status}`)}`);
    }
    if (checks.length) table.push(`  ${lit(`${op.method} ${op.path}`)}: [${lit(op.operationId ?? op.name)}, { ${checks.join(', ')} }],`);
  }
  const key = (k: string) => (k === '__proto__' ? `[${lit(k)}]` : lit(k));
  const text = [
    `import { checker, closest, equal, fail, formats, length, standard, under, unique, type Check, type Issue, type StandardSchemaV1 } from '${runtimeDir}/validate.js';`,
    `import type { components } from './schema.js';`,
    '',
    'type Schemas = components extends { schemas: infer S } ? S : Record<string, never>;',
    '',
    'const isObject = (x: unknown): x is Record<string, unknown> => typeof x === \'object\' && x !== null && !Array.isArray(x);',
    'const any: Check = () => true;',
    '',
    c.text(),
    '',
    '/** One Standard Schema v1 object per schema of the document (`schemas.X[\'~standard\'].validate(value)`), checking a',
    ' *  value as a response holds it: readOnly properties as declared, writeOnly ones not required. */',
    'export const schemas: { readonly [K in keyof Schemas]: StandardSchemaV1<Schemas[K]> } = {',
    ...schemaChecks.map(([k, f]) => `  ${key(k)}: standard<Schemas[${lit(k)}]>(${f}),`),
    '};',
    '',
    '/** The checks of each operation\'s responses (by `METHOD path`): its name, and a check by status as written. */',
    'const responses = {',
    ...table,
    '} as const;',
    '',
    '/** What a validating call of the client runs on its response (ClientSettings.validate). */',
    'export const check = checker(responses);',
    '',
  ].join('\n');
  return { text, warnings: c.warnings };
}
