// The responses an operation declares, each under its key as written (`200`, `4XX`, `default`), with its headers
// and its media types (and where their schemas are). What a status means (success, 304, 403, 406, 409, 412) is read
// by the convention's own reader; this one only lists what is declared.
import { child, entries, type At, type Ctx, type Location } from './node.js';
import type { Operation } from './operations.js';

/** A status declared exactly or by its range (`4XX`). */
export function hasStatus(op: Operation, code: string): boolean {
  return op.responses.has(code) || op.responses.has(`${code[0]}XX`) || op.responses.has(`${code[0]}xx`);
}

export interface MediaEntry {
  mediaType: string;
  /** Where the media type is written. */
  location: Location;
  /** The media type object (none when it is not one: `application/pdf:` with no value). */
  media: At | undefined;
  schema: At | undefined;
}

interface HeaderEntry {
  name: string;
  required: boolean;
  schema: At | undefined;
}

interface ResponseReading {
  status: string;
  at: At;
  /** OpenAPI 3.2's short summary of the response. */
  summary?: string;
  headers: HeaderEntry[];
  content: MediaEntry[];
}

/** The media types of a response's or request body's `content`, in document order, each with its schema. */
export function readContent(ctx: Ctx, holder: At | undefined): MediaEntry[] {
  const content = child(ctx, holder, 'content');
  if (!content) return [];
  return Object.keys(content.node).map((mediaType) => {
    const media = child(ctx, content, mediaType);
    return { mediaType, location: content.location.child([mediaType]), media, schema: child(ctx, media, 'schema') };
  });
}

/** Every response of the operation, in document order. */
export function readResponses(ctx: Ctx, op: Operation): ResponseReading[] {
  return [...op.responses].map(([status, at]) => ({
    status,
    at,
    ...(typeof at.node.summary === 'string' && at.node.summary ? { summary: at.node.summary } : {}),
    headers: entries(ctx, at, 'headers').map(([name, h]) => ({ name, required: h.node.required === true, schema: child(ctx, h, 'schema') })),
    content: readContent(ctx, at),
  }));
}
