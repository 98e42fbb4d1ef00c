/** Response handling: read a success body by media type, turn an error response into an ApiError. */
import { ApiError, errorClassFor, type ErrorMessage } from './errors.js';
import { bodyKind } from './request.js';

/** Whether a response has no body to read (204, 304, HEAD-like, Content-Length 0). */
const isEmpty = (res: Response): boolean =>
  res.status === 204 || res.status === 304 || !res.body || res.headers.get('content-length') === '0';

/** The raw body: text for JSON and text media types, Blob for others; undefined when empty. */
export async function readRaw(res: Response, type: string): Promise<string | Blob | undefined> {
  if (isEmpty(res)) return;
  const raw = bodyKind(type) ? await res.text() : await res.blob();
  return (typeof raw === 'string' ? raw.length : raw.size) ? raw : undefined;
}

/** A raw body as the result: JSON parsed (invalid JSON gives an ApiError), text and Blob as they are. */
export function decode(raw: string | Blob, type: string, res?: Response): unknown {
  if (typeof raw !== 'string' || bodyKind(type) < 2) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(res?.status ?? 200, [], res, `invalid JSON in a ${type} response`, raw.slice(0, 2000));
  }
}

/** The ApiError subclass for an error response, with `messages` always an array (the server may send one or several). */
export async function toApiError(res: Response): Promise<ApiError> {
  const { status } = res;
  const Cls = errorClassFor(status);
  const type = res.headers.get('content-type') ?? '';
  // A body that cannot be read (connection dropped) reads as empty: the status still says what happened.
  const text = isEmpty(res) ? '' : await res.text().catch(() => '');
  if (bodyKind(type) > 1) {
    try {
      const body: unknown = JSON.parse(text);
      const messages = (Array.isArray(body) ? body : [body]) as ErrorMessage[];
      // Conventions 7.1: message objects with a technicalMessage; anything else is reported as undocumented.
      if (messages.every((m) => typeof m?.technicalMessage === 'string')) return new Cls(status, messages, res);
    } catch {
      // not JSON: reported below
    }
  }
  const what = text ? `${type || 'no content type'}, not the documented error shape` : 'an empty body';
  return new Cls(status, [], res, `${res.statusText || 'error'} (${what})`, text ? text.slice(0, 2000) : undefined);
}
