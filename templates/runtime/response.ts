/** Response handling: parse a success body by media type, turn an error response into an ApiError. */
import { ApiError, errorClassFor, type ErrorMessage } from './errors.js';
import { essence, isJsonMediaType } from './request.js';

/** What a body is read as: JSON value, string, or Blob. */
export type BodyKind = 'json' | 'text' | 'blob';

export function bodyKind(mediaType: string): BodyKind {
  if (isJsonMediaType(mediaType)) return 'json';
  const t = essence(mediaType);
  return t.startsWith('text/') || t === 'application/xml' || t.endsWith('+xml') ? 'text' : 'blob';
}

/** Whether a response has no body to read (204, 304, HEAD-like, Content-Length 0). */
export function isEmpty(res: Response): boolean {
  return res.status === 204 || res.status === 304 || res.body === null || res.headers.get('content-length') === '0';
}

/** The media type a body is read as: its Content-Type, else the first type asked for. */
export function contentType(res: Response, accept: string | undefined): string {
  return res.headers.get('content-type') ?? accept?.split(',', 1)[0]!.trim() ?? 'application/octet-stream';
}

/** The raw body: text for JSON and text media types, Blob for others; undefined when empty. */
export async function readRaw(res: Response, type: string): Promise<string | Blob | undefined> {
  if (isEmpty(res)) return undefined;
  const raw = bodyKind(type) === 'blob' ? await res.blob() : await res.text();
  return (typeof raw === 'string' ? raw.length : raw.size) ? raw : undefined;
}

/** A raw body as the result: JSON parsed (invalid JSON gives an ApiError), text and Blob as they are. */
export function decode(raw: string | Blob, type: string, res?: Response): unknown {
  if (typeof raw !== 'string' || bodyKind(type) !== 'json') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(res?.status ?? 200, [], res, `invalid JSON in a ${type} response`, raw.slice(0, RAW_LIMIT));
  }
}

const RAW_LIMIT = 2000;

/** The ApiError subclass for an error response, with `messages` always an array. */
export async function toApiError(res: Response): Promise<ApiError> {
  const Cls = errorClassFor(res.status);
  const type = res.headers.get('content-type') ?? '';
  let text = '';
  try {
    text = isEmpty(res) ? '' : await res.text();
  } catch {
    // The body could not be read (connection dropped): the status still says what happened.
  }
  if (isJsonMediaType(type)) {
    const messages = toMessages(safeParse(text));
    if (messages) return new Cls(res.status, messages, res);
  }
  const what = !text ? 'an empty body' : `${type || 'no content type'}, not the documented error shape`;
  return new Cls(res.status, [], res, `${res.statusText || 'error'} (${what})`, text ? text.slice(0, RAW_LIMIT) : undefined);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One message object or an array of them (conventions 7.1); undefined for anything else. */
function toMessages(body: unknown): ErrorMessage[] | undefined {
  const list = Array.isArray(body) ? body : [body];
  const messages: ErrorMessage[] = [];
  for (const m of list) {
    if (typeof m !== 'object' || m === null || typeof (m as ErrorMessage).technicalMessage !== 'string') return undefined;
    messages.push(m as ErrorMessage);
  }
  return messages;
}
