// Media types: the one JSON predicate of docex (the generated runtime keeps its own copy, since it ships alone),
// the success response's JSON schema, and whether an operation refuses an Accept it cannot meet.
import type { MediaKind } from '../types.js';
import { child, type At, type Ctx } from './node.js';
import type { Operation } from './operations.js';
import { hasStatus } from './statuses.js';
import { successResponseNode } from './success.js';

/** Classifies a media type the way the runtime parses it: JSON, text (incl. XML), forms, or binary. */
export function mediaKind(mediaType: string): MediaKind {
  const m = mediaType.split(';')[0]!.trim().toLowerCase();
  if (m === 'application/json' || m.endsWith('+json')) return 'json';
  if (m === 'application/x-www-form-urlencoded') return 'form';
  if (m.startsWith('multipart/')) return 'multipart';
  if (m.startsWith('text/') || m === 'application/xml' || m.endsWith('+xml')) return 'text';
  return 'binary';
}

/** `application/json`, `application/problem+json`, with or without parameters. */
export function isJsonMedia(mediaType: string): boolean {
  return mediaKind(mediaType) === 'json';
}

/** The media types of a response's or request body's `content`, in document order. */
export function mediaTypes(ctx: Ctx, holder: At | undefined): string[] {
  const content = child(ctx, holder, 'content');
  return content ? Object.keys(content.node) : [];
}

/** The schema of the first JSON media type of a response or request body. */
export function jsonSchema(ctx: Ctx, holder: At | undefined): At | undefined {
  const content = child(ctx, holder, 'content');
  if (!content) return undefined;
  const key = Object.keys(content.node).find(isJsonMedia);
  return key === undefined ? undefined : child(ctx, child(ctx, content, key), 'schema');
}

/** The schema node of the success response's JSON body (where the model's record writes it: successSchema). */
export function successSchemaNode(ctx: Ctx, op: Operation): At | undefined {
  return jsonSchema(ctx, successResponseNode(op));
}

/** Spec 7.2, 406: an `Accept` none of the offered media types meets is refused (else the first type is answered,
 *  as RFC 9110 12.5.1 allows). */
export function refusesUnacceptable(op: Operation): boolean {
  return hasStatus(op, '406');
}
