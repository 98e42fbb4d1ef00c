// Answers about one operation record that several parts ask: its success response and what it offers and accepts,
// the response it declares for a status, what the client returns. Worked out here once, from the record alone.
import { isJsonMedia, mediaKind } from './conventions/media.js';
import type { HeaderModel, MediaKind, OperationModel, SourceRef, StatusModel } from './types.js';

/** The success response: the one declared under the success status (none when the document declares no 2xx). */
export function successResponse(op: OperationModel): StatusModel | undefined {
  const key = String(op.conventions.successStatus);
  return op.statuses.find((s) => s.status === key);
}

// A record does not change once built: the sandbox asks these of every request.
const offers = new WeakMap<OperationModel, readonly string[]>();
const accepts = new WeakMap<OperationModel, readonly string[]>();

/** The media types the operation answers with: its success response's, in document order (the first is the default). */
export function offered(op: OperationModel): readonly string[] {
  let hit = offers.get(op);
  if (!hit) offers.set(op, (hit = successResponse(op)?.content.map((m) => m.mediaType) ?? []));
  return hit;
}

/** The media types of the request body, in document order. */
export function accepted(op: OperationModel): readonly string[] {
  let hit = accepts.get(op);
  if (!hit) accepts.set(op, (hit = op.body?.content.map((m) => m.mediaType) ?? []));
  return hit;
}

/** Where the schema of the success response's JSON body is written (its first JSON media type's). */
export function successSchema(op: OperationModel): SourceRef | undefined {
  return successResponse(op)?.content.find((m) => isJsonMedia(m.mediaType))?.schema;
}

/** The response the operation declares for a status: under the status itself, else its range (`4XX`), else `default`. */
export function responseFor(op: OperationModel, status: number): StatusModel | undefined {
  const code = String(status);
  for (const key of [code, `${code[0]}XX`, `${code[0]}xx`, 'default']) {
    const hit = op.statuses.find((s) => s.status === key);
    if (hit) return hit;
  }
  return undefined;
}

/** A response's header, by name in any case. */
export function headerOf(response: StatusModel | undefined, name: string): HeaderModel | undefined {
  const lower = name.toLowerCase();
  return response?.headers.find((h) => h.name.toLowerCase() === lower);
}

const SUCCESS = /^2(\d\d|XX)$/i;

/** What a success can hold, by media type, in document order (the first is what the client asks for by default):
 *  the success statuses declaring it, and how the client returns it (forms and multipart as bytes). */
export interface SuccessMedia {
  mediaType: string;
  kind: MediaKind;
  statuses: string[];
}

export function successMedia(op: OperationModel): SuccessMedia[] {
  const out: SuccessMedia[] = [];
  for (const s of op.statuses) {
    if (!SUCCESS.test(s.status)) continue;
    for (const { mediaType } of s.content) {
      const existing = out.find((x) => x.mediaType === mediaType);
      const kind = mediaKind(mediaType);
      if (existing) existing.statuses.push(s.status);
      else out.push({ mediaType, kind: kind === 'form' || kind === 'multipart' ? 'binary' : kind, statuses: [s.status] });
    }
  }
  return out;
}

/** Success statuses that declare no body. */
export function emptySuccessStatuses(op: OperationModel): string[] {
  return op.statuses.filter((s) => SUCCESS.test(s.status) && s.content.length === 0).map((s) => s.status);
}

/** Error statuses (4xx, 5xx and `default`), as written. */
export function errorStatuses(op: OperationModel): string[] {
  return op.statuses.filter((s) => !SUCCESS.test(s.status) && (/^[45]/.test(s.status) || s.status === 'default')).map((s) => s.status);
}
