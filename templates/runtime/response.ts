/** Response handling: read a success body by media type, turn an error response into an ApiError. */
import { ApiError, errorClassFor, type ErrorMessage } from './errors.js';
import { bodyKind } from './request.js';

/** Whether a response has no body to read (204 and 304 have a null body, as HEAD responses do). A zero-length body
 *  reads as '' below, which counts as empty too, so Content-Length is not consulted. */
const isEmpty = (res: Response): boolean => !res.body;

/** The raw body: text for JSON and text media types, Blob for others; undefined when there is none. The platform's
 *  promise itself (not an async function: no second promise per call). */
export function readRaw(res: Response, type: string): Promise<string | Blob> | undefined {
  return isEmpty(res) ? undefined : bodyKind(type) ? res.text() : res.blob();
}

/** A body read as empty ('' or a Blob of no bytes) counts as none. */
export const nonEmpty = (raw: string | Blob | undefined): string | Blob | undefined => ((raw as string)?.length ?? (raw as Blob)?.size ? raw : undefined);

/** A raw body as the result: JSON parsed (invalid JSON gives an ApiError), text, Blob and undefined as they are. */
export function decode(raw: string | Blob | undefined, type: string, res?: Response): unknown {
  if (typeof raw !== 'string' || bodyKind(type) < 2) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(res?.status ?? 200, [], res, `invalid JSON in a ${type} response`, raw.slice(0, 2000));
  }
}

/**
 * The ApiError subclass for an error response, with `messages` always an array (the server may send one or several).
 * `documented` (Codecs.error, for an operation whose document declares error bodies) tells whether a JSON body is the
 * one declared for its status: the error then carries it as `body`, and its message quotes it (shortened).
 */
export async function toApiError(res: Response, documented?: (status: number, body: unknown) => boolean): Promise<ApiError> {
  const { status } = res;
  const Cls = errorClassFor(status);
  const type = res.headers.get('content-type') ?? '';
  // A body that cannot be read (connection dropped) reads as empty: the status still says what happened.
  const text = isEmpty(res) ? '' : await res.text().catch(() => '');
  let messages: ErrorMessage[] | undefined;
  let body: unknown;
  try {
    // One message object or an array of them (with a technicalMessage each); other JSON is not.
    if (bodyKind(type) > 1) messages = [(body = JSON.parse(text))].flat();
  } catch {
    // not JSON: reported below
  }
  if (!messages || !documented?.(status, body)) body = undefined;
  if (messages?.every((m) => typeof m?.technicalMessage === 'string')) return new Cls(status, messages, res, undefined, undefined, body);
  if (body !== undefined) {
    const short = JSON.stringify(body);
    return new Cls(status, [], res, short.length > 200 ? `${short.slice(0, 199)}…` : short, undefined, body);
  }
  const what = text ? `${type || 'no content type'}, not the documented error shape` : 'an empty body';
  return new Cls(status, [], res, `${res.statusText || 'error'} (${what})`, text.slice(0, 2000) || undefined);
}

/** Whether a response's media type is one the Accept header asked for (`type/*` and `*\/*` included). Any JSON type
 *  answers a JSON request: it decodes the same way, and servers often send plain application/json. Asked on every
 *  call with the same few pairs, so each answer is kept rather than both parsed again. */
export function accepts(accept: string, type: string): boolean {
  if (type === accept) return true;
  const key = `${accept}\n${type}`;
  let ok = fits.get(key);
  if (ok === undefined) {
    const t = type.split(';', 1)[0]!.trim().toLowerCase();
    const json = bodyKind(t) > 1;
    ok = accept.split(',').some((a) => {
      const m = a.split(';', 1)[0]!.trim().toLowerCase();
      return m === t || m === '*/*' || (m.endsWith('/*') && t.startsWith(m.slice(0, -1))) || (json && bodyKind(m) > 1);
    });
    // Bounded, as bodyKind's: a hostile server's Content-Types cannot grow it.
    if (fits.size < 64) fits.set(key, ok);
  }
  return ok;
}
const fits = new Map<string, boolean>();

/** A success status with a body the operation does not document (a login page from a proxy, nothing at all): an
 *  ApiError with the raw text, rather than a value of the wrong type. */
export async function unexpected(res: Response, what: string): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return new ApiError(res.status, [], res, what, text.slice(0, 2000) || undefined);
}
