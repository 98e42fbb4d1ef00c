import { pointerTarget } from '../util/json.js';
import type { OpenApiDocument } from './types.js';

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
