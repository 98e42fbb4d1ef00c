// The compiler of validators.js's check functions: one function per schema met (a $ref cycle calls the function being
// written), numbered in the order met, so the output is a function of the document alone. The keywords' lines come
// from validator-keywords.ts.
import type { OpenApiDocument } from '../load/index.js';
import type { SourceRef } from '../model/index.js';
import { escapePointer } from '../util/json.js';
import { arrayChecks, equals, lit, numberChecks, objectChecks, oneOfValues, shorten, stringChecks, unescape, type Emit, type Json, type Node } from './validator-keywords.js';

export interface ValidatorsWarning {
  at: SourceRef;
  message: string;
  unsupported: true;
}

/** Keywords no check asserts: each one met is a warning. */
const NOT_CARRIED: Record<string, string> = {
  unevaluatedItems: 'unevaluatedItems is not checked',
  dependentSchemas: 'dependentSchemas is not checked',
  $dynamicRef: '$dynamicRef is not followed',
  $recursiveRef: '$recursiveRef is not followed',
};

/** The module's own names: templates/validators/checks.ts's top-level ones (a test keeps the list whole) and the
 *  exports. A check function is never given one of them. */
export const HELPERS = ['isObject', 'any', 'fail', 'under', 'p', 'own', 'req', 'closest', 'length', 'equal', 'unique', 'DAYS', 'leap', 'digits', 'dateAt', 'timeAt', 'isDate', 'isTime', 'formats', 'standard', 'where', 'judge', 'checker', 'itemChecker', 'schemas', 'check', 'item'];

export class Compiler implements Emit {
  /** Each schema object's function (a $ref's target is one object however it is reached); by pointer, the others. */
  private readonly byNode = new Map<object, string>();
  private readonly names = new Map<string, string>();
  private count = 0;
  private readonly bodies = new Map<string, string>();
  /** Function names taken, and the module's own names. */
  private readonly used = new Set(HELPERS);
  private readonly functions: string[] = [];
  private readonly constants: string[] = [];
  private readonly constantNames = new Map<string, string>();
  readonly warnings: ValidatorsWarning[] = [];
  readonly openapi30: boolean;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly file: string,
  ) {
    this.openapi30 = /^3\.0/.test(String(doc.openapi));
  }

  /** Resolved nodes by pointer: a child's is its parent's, looked up once. */
  private readonly nodes = new Map<string, Json>();

  resolve(pointer: string): Json {
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

  warn(pointer: string, message: string): void {
    this.warnings.push({ at: { file: this.file, pointer }, message: `response validators: ${message}`, unsupported: true });
  }

  /** A module constant (a RegExp, a Set of enum values), shared by equal definitions. */
  constant(code: string): string {
    let name = this.constantNames.get(code);
    if (!name) {
      name = `k${this.constantNames.size}`;
      this.constantNames.set(code, name);
      this.constants.push(`const ${name} = ${code};`);
    }
    return name;
  }

  /** The check function of the schema at `pointer` (compiled once: a $ref cycle calls the function being written).
   *  `node`: the schema, when the caller holds it (a subschema), so that its pointer is neither looked up nor named. */
  fn(pointer: string, hint?: string, node?: Json): string {
    const sub = node !== undefined;
    if (!sub) node = this.resolve(pointer);
    const key = node !== null && typeof node === 'object' ? node : undefined;
    const known = key ? this.byNode.get(key) : this.names.get(pointer);
    if (known) return known;
    const remember = (name: string) => (key ? this.byNode.set(key, name) : this.names.set(pointer, name));
    // A bare $ref is its target's function.
    if (node && typeof node === 'object' && typeof (node as Node).$ref === 'string' && Object.keys(node).every((k) => k === '$ref' || !ASSERTING.has(k))) {
      const ref = (node as Node).$ref as string;
      if (ref.startsWith('#')) {
        // Named before following, so that a cycle of bare $refs ends.
        remember('any');
        const target = this.fn(ref);
        remember(target);
        return target;
      }
      this.warn(pointer, `the $ref ${ref} is outside the document and not checked`);
      return 'any';
    }
    const component = sub ? null : /^#\/components\/schemas\/([^/]+)$/.exec(pointer);
    const base = hint ?? (component ? unescape(component[1]!) : undefined);
    let name = base !== undefined ? `check${base.replace(/[^A-Za-z0-9_$]/g, '_')}` : `c${this.count}`;
    this.count++;
    while (this.used.has(name)) name += '_';
    this.used.add(name);
    remember(name);
    const slot = this.functions.length;
    this.functions.push('');
    const body = this.body(node, pointer);
    // Two schemas written alike (each `$ref: Id` property copied inline, two components of one shape) share one
    // function, unless it calls itself.
    const same = this.bodies.get(body);
    if (same && !body.includes(`${name}(`)) {
      remember(same);
      this.functions[slot] = '';
      return same;
    }
    this.bodies.set(body, name);
    this.functions[slot] = `function ${name}(x, e) {\n${body}}`;
    return name;
  }

  private body(node: Json, at: string): string {
    if (node === true || node === undefined || (typeof node === 'object' && node !== null && Object.keys(node).length === 0)) return '  return true;\n';
    if (node === false) return "  return fail(e, 'no value is allowed here');\n";
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return '  return true;\n';
    const s = node as Node;
    const head: string[] = [];
    const lines: string[] = [];
    for (const k of Object.keys(s)) if (NOT_CARRIED[k] && s[k] !== true) this.warn(`${at}/${escapePointer(k)}`, NOT_CARRIED[k]!);
    let types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]).filter((t) => typeof t === 'string') : [];
    if (this.openapi30 && s.nullable === true) {
      // OpenAPI 3.0's nullable: null passes whatever else the schema says.
      head.push('  if (x === null) return true;');
      if (types.length) types = [...types, 'null'];
    }
    // A string whose content the document describes (an SSE event's JSON `data`): once the client has decoded it,
    // the decoded value is checked against contentSchema; a string stays checked as a string.
    if (s.contentSchema !== undefined && s.contentSchema !== true) head.push(`  if (typeof x !== 'string') return ${this.fn(`${at}/contentSchema`, undefined, s.contentSchema)}(x, e);`);
    const typeCheck = types.length ? `${types.map((t) => isType(t, 'x')).join(' || ')} || fail(e, ${lit(`expected ${types.join(' or ')}`)})` : undefined;
    // A guard the type check already made is left out.
    const only = types.length === 1 ? types[0] : undefined;
    const guard = (kind: string, cond: string, checks: string[]) => {
      if (!checks.length) return;
      lines.push(only === kind || (kind === 'number' && only === 'integer') ? checks.map((l) => l.slice(2)).join('\n') : `  if (${cond}) {\n${checks.join('\n')}\n  }`);
    };
    const add = (code: string) => lines.push(code);
    if (Object.hasOwn(s, 'const')) add(`  if (!(${equals(this, s.const, 'x')})) ok = fail(e, ${lit(`expected ${shorten(JSON.stringify(s.const))}`)});`);
    if (Array.isArray(s.enum)) {
      const values = this.openapi30 && s.nullable === true ? [...s.enum, null] : s.enum;
      add(`  if (!(${oneOfValues(this, values)})) ok = fail(e, ${lit(`expected one of ${shorten(values.map((v) => JSON.stringify(v)).join(', '))}`)});`);
    }
    guard('string', "typeof x === 'string'", stringChecks(this, s, at));
    guard('number', "typeof x === 'number'", numberChecks(this, s));
    guard('array', 'Array.isArray(x)', arrayChecks(this, s, at));
    guard('object', 'isObject(x)', objectChecks(this, s, at));
    this.combinators(s, at, add);
    // Only a type to check: one expression.
    if (!lines.length) return `${head.map((l) => `${l}\n`).join('')}  return ${typeCheck ?? 'true'};\n`;
    if (typeCheck) head.push(`  if (!(${types.map((t) => isType(t, 'x')).join(' || ')})) return fail(e, ${lit(`expected ${types.join(' or ')}`)});`);
    return `${[...head, '  let ok = true;', ...lines, '  return ok;'].join('\n')}\n`;
  }

  /** $ref, allOf, anyOf, oneOf, not and if/then/else: each a call of the subschema's function. */
  private combinators(s: Node, at: string, add: (code: string) => void): void {
    if (typeof s.$ref === 'string') add(`  ok = ${this.fn(s.$ref)}(x, e) && ok;`);
    if (Array.isArray(s.allOf)) s.allOf.forEach((b: Json, i) => add(`  ok = ${this.fn(`${at}/allOf/${i}`, undefined, b)}(x, e) && ok;`));
    if (Array.isArray(s.anyOf) && s.anyOf.length) {
      const fns = s.anyOf.map((b: Json, i) => this.fn(`${at}/anyOf/${i}`, undefined, b));
      add(`  {\n    const t = [${fns.map(() => '[]').join(', ')}];\n    if (!(${fns.map((f, i) => `${f}(x, t[${i}])`).join(' || ')})) ok = closest(e, t);\n  }`);
    }
    if (Array.isArray(s.oneOf) && s.oneOf.length) add(oneOf(this, s, at));
    if (s.not !== undefined) add(`  if (${this.fn(`${at}/not`)}(x, [])) ok = fail(e, 'matches a schema it must not match');`);
    if (s.if !== undefined && (s.then !== undefined || s.else !== undefined)) {
      const then = s.then !== undefined ? `ok = ${this.fn(`${at}/then`)}(x, e) && ok;` : '';
      const otherwise = s.else !== undefined ? `ok = ${this.fn(`${at}/else`)}(x, e) && ok;` : '';
      add(`  if (${this.fn(`${at}/if`)}(x, [])) { ${then} } else { ${otherwise} }`);
    }
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

/** oneOf: with a discriminator, the alternative its property names (mapping, else the component's name); else
 *  exactly one alternative must match. */
function oneOf(c: Emit, s: Node, at: string): string {
  const branches = s.oneOf as Json[];
  const fns = branches.map((b, i) => c.fn(`${at}/oneOf/${i}`, undefined, b));
  const d = s.discriminator as Node | undefined;
  if (d && typeof d.propertyName === 'string') {
    const map = new Map<string, string>();
    const mapping = (d.mapping && typeof d.mapping === 'object' ? d.mapping : {}) as Node;
    for (const [value, target] of Object.entries(mapping)) {
      if (typeof target !== 'string') continue;
      const ref = target.startsWith('#') ? target : `#/components/schemas/${escapePointer(target)}`;
      if (c.resolve(ref) !== undefined) map.set(value, c.fn(ref));
    }
    branches.forEach((b) => {
      const ref = b && typeof b === 'object' ? (b as Node).$ref : undefined;
      const m = typeof ref === 'string' ? /^#\/components\/schemas\/([^/]+)$/.exec(ref) : null;
      if (m && ![...Object.values(mapping)].includes(ref) && !map.has(unescape(m[1]!))) map.set(unescape(m[1]!), c.fn(ref as string));
    });
    if (map.size) {
      const table = c.constant(`{ ${[...map].map(([v, f]) => `${lit(v)}: ${f}`).join(', ')} }`);
      const p = lit(d.propertyName);
      return `  if (isObject(x)) {\n    const tag = x[${p}];\n    const f = typeof tag === 'string' && Object.hasOwn(${table}, tag) ? ${table}[tag] : undefined;\n    if (!f) ok = fail(e, ${lit(`expected one of ${shorten([...map.keys()].map((v) => JSON.stringify(v)).join(', '))}`)}, ${p});\n    else ok = f(x, e) && ok;\n  }`;
    }
  }
  return `  {\n    const t = [${fns.map(() => '[]').join(', ')}];\n    const n = [${fns.map((f, i) => `${f}(x, t[${i}])`).join(', ')}].filter(Boolean).length;\n    if (n === 0) ok = closest(e, t);\n    else if (n > 1) ok = fail(e, 'matches more than one alternative of oneOf');\n  }`;
}
