// What a self-contained document is for type generation, made the same way on either thread: generate's thread
// reads, checks and repairs it (bundle.ts, repair.ts); the TypeScript thread makes it again from the JSON text alone
// (typescript/tasks.ts), sooner and for less than a copy of the parsed document sent across, and without loading
// the rest of load/.
import { repairForTypes } from './repair.js';
import { resolveAgainstSelf } from './self-uri.js';
import type { OpenApiDocument } from './types.js';

/** A self-contained document used as parsed; `components` added when missing, as the bundler does for OpenAPI 3. */
export function asParsed(parsed: unknown): OpenApiDocument {
  const document = parsed as OpenApiDocument;
  if (!document.components) document.components = {};
  return document;
}

/** The document of a self-contained JSON text (bundle.ts's readForeign `json`), as bundleRead and repairedForTypes
 *  make it from the same text. */
export function jsonForTypes(text: string): OpenApiDocument {
  const parsed: unknown = JSON.parse(text);
  resolveAgainstSelf(parsed);
  return repairForTypes(asParsed(parsed)).document;
}
