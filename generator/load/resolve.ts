import type { OpenApiDocument } from './types.js';

/** Follows internal `#/...` refs (repeatedly) within a bundled document; foreign or broken refs return undefined. */
export function deref<T>(doc: OpenApiDocument, value: T | { $ref: string } | undefined, seen = 0): T | undefined {
  if (value && typeof value === 'object' && '$ref' in value && typeof value.$ref === 'string') {
    if (seen > 32 || !value.$ref.startsWith('#/')) return undefined;
    let node: unknown = doc;
    for (const raw of value.$ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[key];
    }
    return deref<T>(doc, node as T | { $ref: string } | undefined, seen + 1);
  }
  return value as T | undefined;
}

/** The component name a `#/components/<kind>/<Name>` ref points at. */
export function refName(ref: string): string {
  return decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1));
}
