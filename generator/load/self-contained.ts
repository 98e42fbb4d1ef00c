// Whether a foreign OpenAPI 3 document needs bundling at all. Bundling pulls what `$ref`s point to in other files
// into `components`; a document all of whose refs point inside itself is already one self-contained document, and
// Redocly's bundler would walk it twice (resolve, then bundle: on GitHub's 13 MB description the longest
// step before openapi-typescript can start) to change nothing, or nearly: it also replaces a `$ref` object found
// inside an example value with its target, where OpenAPI says an example is a literal, kept as written here.
// Anything this check does not vouch for goes through the bundler as before: a ref to another file or a URL, a ref
// that does not resolve (the bundler reports it, with its line), an `externalValue`, a discriminator mapping to a
// schema outside components/schemas (the bundler copies such targets into components).

import { isObject, pointerTarget, type JsonObject as Json } from '../util/json.js';

/** A mapping value the bundler would leave as it is: a schema name, or a ref to an existing component schema. */
function plainMapping(doc: unknown, value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const looksLikeRef = value.startsWith('#') || value.includes('/') || /^[a-z][a-z0-9+.-]*:/i.test(value) || /\.(ya?ml|json)$/i.test(value);
  if (!looksLikeRef) return true;
  const m = /^#\/components\/schemas\/([^/]+)$/.exec(value);
  return m !== null && isObject(pointerTarget(doc, value));
}

/** True when bundling `doc`, an OpenAPI 3.x document parsed from one file, would leave it as it is. */
export function selfContained(doc: unknown): boolean {
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.')) return false;
  const resolved = new Map<string, boolean>();
  const resolves = (ref: string): boolean => {
    let ok = resolved.get(ref);
    if (ok === undefined) resolved.set(ref, (ok = pointerTarget(doc, ref) !== undefined));
    return ok;
  };
  const stack: unknown[] = [doc];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      for (const x of v) if (x !== null && typeof x === 'object') stack.push(x);
      continue;
    }
    const o = v as Json;
    if ('$ref' in o && (typeof o.$ref !== 'string' || !resolves(o.$ref))) return false;
    if ('externalValue' in o) return false;
    if (isObject(o.discriminator)) {
      const { mapping, defaultMapping } = o.discriminator;
      if (!plainMapping(doc, defaultMapping)) return false;
      if (isObject(mapping) && !Object.values(mapping).every((x) => plainMapping(doc, x))) return false;
    }
    for (const k in o) {
      const x = o[k];
      if (x !== null && typeof x === 'object') stack.push(x);
    }
  }
  return true;
}
