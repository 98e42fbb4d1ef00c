import type { OpenApiDocument } from './types.js';

/** The value a `#/...` ref (a URI fragment: percent-decoded, then ~1 and ~0) points at in `doc`, or undefined. */
export function pointerTarget(doc: unknown, ref: string): unknown {
  if (ref === '#') return doc;
  if (!ref.startsWith('#/')) return undefined;
  let node = doc;
  for (const raw of ref.slice(2).split('/')) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows internal `#/...` refs (repeatedly) within a bundled document; foreign or broken refs return undefined. */
export function deref<T>(doc: OpenApiDocument, value: T | { $ref: string } | undefined, seen = 0): T | undefined {
  if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
    if (seen > 32 || !value.$ref.startsWith('#/')) return undefined;
    return deref<T>(doc, pointerTarget(doc, value.$ref) as T | { $ref: string } | undefined, seen + 1);
  }
  return value as T | undefined;
}

/** The component name a `#/components/<kind>/<Name>` ref points at. */
export function refName(ref: string): string {
  return decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1));
}
