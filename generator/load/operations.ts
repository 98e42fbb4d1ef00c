// The one walk of a path item's operations, by the document's OpenAPI version: every part that lists operations
// (the conventions' operation index, the types, the docs samples, the diff) takes them from here, so that a method
// 3.2 adds is seen by all of them or by none.

/** The OpenAPI versions docex tells apart. */
export type OpenApiVersion = '3.0' | '3.1' | '3.2';

/** The fixed fields of a Path Item Object that hold an operation, in the order the specification lists them. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** What 3.2 adds: a QUERY operation, and any other method under `additionalOperations`. */
const QUERY = 'query';
const ADDITIONAL = 'additionalOperations';

/** The `openapi` field's version, `major.minor`; 3.0 for anything else (the loader refuses what is not 3.x). A later
 *  3.x is read as 3.2, the newest docex knows. */
export function openapiVersion(doc: unknown): OpenApiVersion {
  const v = doc !== null && typeof doc === 'object' ? (doc as { openapi?: unknown }).openapi : undefined;
  const m = typeof v === 'string' ? /^3\.(\d+)(?:\.|$)/.exec(v) : null;
  const minor = m ? Number(m[1]) : 0;
  return minor >= 2 ? '3.2' : minor === 1 ? '3.1' : '3.0';
}

interface PathItemOperation<T = unknown> {
  /** The keys from the path item to the operation: `['get']`, `['query']`, `['additionalOperations', 'LINK']`. */
  keys: string[];
  /** The method as written in lower case (`get`, `query`, `link`): the key parts ask about, as `get /items`. */
  method: string;
  /** The method as sent, case kept for an additional operation's (`GET`, `QUERY`, `LINK`). */
  httpMethod: string;
  /** The operation object as written (a `$ref` not followed). */
  op: T;
}

/** An entry of `additionalOperations` that is not an operation of its path: its key and why. */
interface SkippedOperation {
  keys: string[];
  reason: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** RFC 9110's token: what a method name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The operations of one path item, fixed fields first in the specification's order, then `additionalOperations` in
 * document order. `query` and `additionalOperations` are fields only in 3.2: in a 3.0 or 3.1 document they are not
 * operations (skippedOperations tells what a 3.2 path item holds that is not one).
 */
export function pathItemOperations<T = unknown>(item: unknown, version: OpenApiVersion): PathItemOperation<T>[] {
  return walk<T>(item, version).ops;
}

/** The entries of a 3.2 path item's `additionalOperations` that pathItemOperations leaves out, and why. */
export function skippedOperations(item: unknown, version: OpenApiVersion): SkippedOperation[] {
  return walk(item, version).skipped;
}

function walk<T>(item: unknown, version: OpenApiVersion): { ops: PathItemOperation<T>[]; skipped: SkippedOperation[] } {
  const ops: PathItemOperation<T>[] = [];
  const skipped: SkippedOperation[] = [];
  if (!isObject(item)) return { ops, skipped };
  for (const m of HTTP_METHODS) if (item[m] !== undefined) ops.push({ keys: [m], method: m, httpMethod: m.toUpperCase(), op: item[m] as T });
  if (version !== '3.2') return { ops, skipped };
  if (item[QUERY] !== undefined) ops.push({ keys: [QUERY], method: QUERY, httpMethod: 'QUERY', op: item[QUERY] as T });
  const extra = item[ADDITIONAL];
  if (!isObject(extra)) return { ops, skipped };
  for (const [name, op] of Object.entries(extra)) {
    const lower = name.toLowerCase();
    // The specification forbids a method a fixed field holds; one named twice in two cases is one method to the parts
    // that key operations by `method path`.
    const reason = !TOKEN.test(name)
      ? `"${name}" is not an HTTP method name`
      : (HTTP_METHODS as readonly string[]).includes(lower) || lower === QUERY
        ? `${name} is a fixed field's method: write it as \`${lower}\``
        : ops.some((o) => o.method === lower)
          ? `${name} repeats a method another key names`
          : undefined;
    if (reason) skipped.push({ keys: [ADDITIONAL, name], reason });
    else ops.push({ keys: [ADDITIONAL, name], method: lower, httpMethod: name, op: op as T });
  }
  return { ops, skipped };
}
