/**
 * What the check functions of every API's validators.js share: issues, property and required checks, formats, the
 * Standard Schema wrapper and the checkers a client calls. docex strips the types of this file and writes it at the
 * top of each validators.js (a plain ES module that imports nothing), after which come the document's checks.
 * Nothing here is exported from validators.js, which exports `schemas`, `check` and `item`.
 */
import type { ValidationError } from '../runtime/errors.js';
import type { ValidateMode } from '../runtime/types.js';
import type { Issue, ItemCheck, ResponseCheck, StandardResult, StandardSchemaV1 } from '../runtime/validate.js';

/** A compiled check: true when `x` matches; otherwise false, with its issues pushed onto `e` (paths relative to `x`). */
export type Check = (x: unknown, e: Issue[]) => boolean;
type Obj = Record<string, unknown>;

export const isObject = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
export const any: Check = () => true;

/** Pushes an issue at the value being checked; false, for `return fail(...)`. */
export function fail(e: Issue[], message: string, key?: PropertyKey): false {
  e.push({ message, path: key === undefined ? [] : [key] });
  return false;
}

/** Puts `key` in front of the paths of the issues pushed since `from` (a child's issues, seen from its parent). */
export function under(e: Issue[], from: number, key: PropertyKey): false {
  for (let i = from; i < e.length; i++) e[i]!.path.unshift(key);
  return false;
}

/** A property's value `v` (undefined: absent) checked by `f`, its issues under the property's name. */
export function p(v: unknown, f: Check, e: Issue[], key: PropertyKey): boolean {
  if (v === undefined) return true;
  const n = e.length;
  return f(v, e) || under(e, n, key);
}

/** An own property of `x` named like one of Object.prototype's (`constructor`): never the inherited one. */
export const own = (x: Obj, k: string): unknown => (Object.hasOwn(x, k) ? x[k] : undefined);

/** The issues of required properties that are missing (the check calls it once one is); false. */
export function req(x: Obj, e: Issue[], names: readonly string[]): false {
  for (const k of names) if (own(x, k) === undefined) fail(e, 'missing required property', k);
  return false;
}

/** None of the alternatives matched: the issues of the one that came closest (fewest issues at the value itself,
 *  then fewest in all), so that a nested mismatch is named where it is. */
export function closest(e: Issue[], tried: Issue[][]): false {
  const rank = (l: Issue[]) => l.filter((i) => i.path.length === 0).length * 1e6 + l.length;
  let best = tried[0] ?? [];
  for (const l of tried) if (rank(l) < rank(best)) best = l;
  e.push(...best);
  return false;
}

/** JSON Schema's length of a string: code points, not UTF-16 units. */
export function length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
  }
  return n;
}

/** JSON equality (enum and const of objects and arrays, uniqueItems). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && equal((a as Obj)[k], (b as Obj)[k]));
}

export function unique(xs: readonly unknown[]): boolean {
  for (let i = 0; i < xs.length; i++) for (let j = i + 1; j < xs.length; j++) if (equal(xs[i], xs[j])) return false;
  return true;
}

const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** The number the `n` digits of `s` at `i` write, or -1 (read by char code: timestamps are checked on every body). */
function digits(s: string, i: number, n: number): number {
  let v = 0;
  for (let j = i; j < i + n; j++) {
    const c = s.charCodeAt(j) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** RFC 3339's full-date at `i` of `s` (ten characters). */
function dateAt(s: string, i: number): boolean {
  const y = digits(s, i, 4), mo = digits(s, i + 5, 2), d = digits(s, i + 8, 2);
  return y >= 0 && s[i + 4] === '-' && s[i + 7] === '-' && mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && !leap(y) ? 28 : DAYS[mo]!);
}

/** RFC 3339's full-time from `i` to the end of `s`: hh:mm:ss, a fraction, and Z or an offset. */
function timeAt(s: string, i: number): boolean {
  const h = digits(s, i, 2), m = digits(s, i + 3, 2), sec = digits(s, i + 6, 2);
  if (!(h >= 0 && h <= 23 && s[i + 2] === ':' && m >= 0 && m <= 59 && s[i + 5] === ':' && sec >= 0 && sec <= 60)) return false;
  let j = i + 8;
  if (s[j] === '.') {
    const from = ++j;
    while (digits(s, j, 1) >= 0) j++;
    if (j === from) return false;
  }
  if ((s[j] === 'Z' || s[j] === 'z') && j + 1 === s.length) return true;
  const oh = digits(s, j + 1, 2), om = digits(s, j + 4, 2);
  return (s[j] === '+' || s[j] === '-') && j + 6 === s.length && s[j + 3] === ':' && oh >= 0 && oh <= 23 && om >= 0 && om <= 59;
}

const isDate = (s: string) => s.length === 10 && dateAt(s, 0);
const isTime = (s: string) => timeAt(s, 0);

/**
 * The formats a check asserts, as the sandbox's ajv-formats does for the responses it sends: timestamps and dates in
 * RFC 3339's profile of ISO 8601 (the conventions' output form), and the common string formats. A format not named
 * here is an annotation, as JSON Schema has it.
 */
export const formats: Readonly<Record<string, (s: string) => boolean>> = {
  'date-time': (s) => (s[10] === 'T' || s[10] === 't' || s[10] === ' ') && dateAt(s, 0) && timeAt(s, 11),
  date: isDate,
  time: isTime,
  uuid: (s) => /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(s),
  email: (s) => /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i.test(s),
  uri: (s) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(s),
  ipv4: (s) => /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s),
  hostname: (s) => s.length <= 253 && /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i.test(s),
};

/** A compiled check as a Standard Schema (`schemas.X`). The value is returned as given, never copied or changed. */
export function standard<T>(check: Check): StandardSchemaV1<T> {
  return {
    '~standard': {
      version: 1,
      vendor: 'docex',
      validate: (value: unknown): StandardResult<T> => {
        const e: Issue[] = [];
        return check(value, e) ? { value: value as T } : { issues: e };
      },
    },
  };
}

const where = (path: readonly PropertyKey[]) => path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`)).join('');

/** The ValidationError of a value that failed `check`, thrown under `'throw'` or given to the report function;
 *  nothing when it passed. `what`: the operation as the message names it. */
function judge(mode: ValidateMode, Failure: typeof ValidationError, check: Check, value: unknown, operation: string, status: number, what: string): void {
  const issues: Issue[] = [];
  if (mode === 'off' || check(value, issues)) return;
  const shown = issues.slice(0, 3).map((i) => `$${where(i.path)}: ${i.message}`);
  const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
  const failed = Object.assign(new Failure(`${operation} ${what} does not match the document's schema: ${shown.join('; ')}${more}`), { operation, status, issues, body: value });
  if (mode === 'throw') throw failed;
  mode(failed);
}

/** The checks of an operation's responses by status as written (`200`, `4XX`, `default`), with its name. */
export type ResponseChecks = readonly [operation: string, byStatus: Readonly<Record<string, Check>>];

/** The check of validators.js over its table of responses by `METHOD path`: a JSON body not matching the schema of
 *  its status throws a ValidationError (`'throw'`) or is given to the report function. */
export function checker(table: Readonly<Record<string, ResponseChecks>>): ResponseCheck {
  return async (mode, spec, res, body, error, Failure) => {
    const entry = table[`${spec.method} ${spec.path}`];
    if (!entry || !/\bjson\b|\+json\b/i.test(res.headers.get('content-type') ?? '')) return;
    const [operation, checks] = entry;
    const { status } = res;
    const check = checks[status] ?? checks[`${String(status)[0]}XX`] ?? checks.default;
    if (!check) return;
    if (error) {
      try {
        body = JSON.parse(await res.text());
      } catch {
        // not JSON: the ApiError already says so through its rawText
        return;
      }
    }
    if (body !== undefined) judge(mode, Failure, check, body, `${operation} (${spec.method} ${spec.path})`, status, `${status}: the body`);
  };
}

/** The item check of validators.js over its table of stream operations by `METHOD path`: an item (a JSON line, an SSE
 *  event with its data decoded) not matching the document's item schema, judged as a response body is. */
export function itemChecker(table: Readonly<Record<string, readonly [operation: string, check: Check]>>): ItemCheck {
  return (mode, spec, item, Failure) => {
    const entry = table[`${spec.method} ${spec.path}`];
    if (entry) judge(mode, Failure, entry[1], item, `${entry[0]} (${spec.method} ${spec.path})`, 200, 'a stream item');
  };
}
