// Media types: the one JSON predicate of docex (the generated runtime keeps its own copy, since it ships alone),
// and which media types an operation offers (success response) and accepts (request body).
import type { MediaKind } from '../types.js';
import { child, type At, type Ctx } from './node.js';
import type { Operation } from './operations.js';
import { successResponse } from './success.js';

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

/** The schema of the success response's JSON body. */
export function successSchema(ctx: Ctx, op: Operation): At | undefined {
  return jsonSchema(ctx, successResponse(op));
}

export interface MediaReading {
  /** Media types of the success response, in document order (first: the default). */
  offered: string[];
  /** Media types of the request body, in document order. */
  accepted: string[];
  bodyRequired: boolean;
}

export function readMedia(ctx: Ctx, op: Operation): MediaReading {
  const body = child(ctx, op.op, 'requestBody');
  return { offered: mediaTypes(ctx, successResponse(op)), accepted: mediaTypes(ctx, body), bodyRequired: body?.node.required === true };
}
