// JSON values as documents hold them: the object test and JSON Pointers (RFC 6901), written once for every part.

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** One key as a JSON Pointer segment: `~` -> `~0`, `/` -> `~1`. */
export function escapePointer(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** One JSON Pointer segment as the key it names: `~1` -> `/`, `~0` -> `~`. */
export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The keys of a `#/a/b~1c` URI fragment (percent-decoded, then unescaped); throws URIError on bad `%` escapes. */
export function fragmentKeys(ref: string): string[] {
  return ref
    .slice(2)
    .split('/')
    .map((s) => unescapePointer(decodeURIComponent(s)));
}

/** The value a `#/...` (or `#`) URI fragment names inside `doc`, own keys only; undefined when it names nothing. */
export function pointerTarget(doc: unknown, ref: string): unknown {
  if (ref === '#') return doc;
  if (!ref.startsWith('#/')) return undefined;
  let keys: string[];
  try {
    keys = fragmentKeys(ref);
  } catch {
    return undefined;
  }
  return follow(doc, keys);
}

/**
 * The value a model's place names inside `doc` (`#/a/b~1c`: `~`-escaped keys, not percent-encoded, as
 * model/conventions/node.ts writes them), own keys only; undefined when it names nothing. A key holding `%` is
 * itself, where pointerTarget would decode it. A place reached through a `$ref` starts with the ref as written: in a
 * bundled document that is a component's, whose name cannot hold `%` (OpenAPI's component-name pattern).
 */
export function placeTarget(doc: unknown, pointer: string): unknown {
  if (pointer === '#') return doc;
  if (!pointer.startsWith('#/')) return undefined;
  return follow(doc, pointer.slice(2).split('/').map(unescapePointer));
}

function follow(doc: unknown, keys: readonly string[]): unknown {
  let node = doc;
  for (const key of keys) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as JsonObject)[key];
  }
  return node;
}
