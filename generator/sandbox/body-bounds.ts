// The stated bounds on what a request may send and what the sandbox keeps of it (Reliability guide, "Bounds").
import type { OpSpec } from './analyse.js';
import { accepted } from '../model/index.js';
import { httpError, type HttpError } from './http-error.js';
import { isJsonMedia } from './schema-tools.js';

/** A JSON request body: at most 1 MiB. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Any other request body (an upload: XML, PDF, PNG, octet-stream): at most 10 MiB, kept as sent. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Nesting of a JSON request body: at most 32 levels of objects and arrays (the body itself is level 1). */
export const MAX_BODY_DEPTH = 32;
/** A stored JSON resource, serialized: at most 1 MiB (what is stored from a body never holds more than it sent, but
 *  the server adds its own properties). */
export const MAX_STORED_BYTES = 1024 * 1024;

/** The most an operation reads: an upload's limit where it takes a media type other than JSON, else JSON's. */
export function bodyLimitOf(spec: Pick<OpSpec, 'op'>): number {
  return accepted(spec.op).some((m) => !isJsonMedia(m)) ? MAX_UPLOAD_BYTES : MAX_JSON_BODY_BYTES;
}

export function mib(bytes: number): string {
  return `${bytes / 1024 / 1024} MiB`;
}

/** 400 BodyTooLarge: the spec's status for invalid data (7.2), which every operation with a body declares. */
export function bodyTooLarge(limit: number): HttpError {
  return httpError(400, `the request body is larger than ${mib(limit)}, the most this operation takes`, 'BodyTooLarge');
}

/** The serialized size of a resource about to be stored: 400 ResourceTooLarge past MAX_STORED_BYTES. */
export function checkStoredSize(item: unknown): void {
  const size = Buffer.byteLength(JSON.stringify(item));
  if (size > MAX_STORED_BYTES) throw httpError(400, `the resource would be ${size} bytes as JSON, more than the ${mib(MAX_STORED_BYTES)} the sandbox stores`, 'ResourceTooLarge');
}
