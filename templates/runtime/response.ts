/** Response handling: read a success body by media type, turn an error response into an ApiError. */
import { errorClassFor, RAW_CHARS, UnexpectedBodyError, type ApiError, type ErrorMessage } from './errors.js';
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

/** A raw body as the result: JSON parsed (invalid JSON gives an UnexpectedBodyError), text, Blob and undefined as
 *  they are. `idHeader`: the client's request id header. */
export function decode(raw: string | Blob | undefined, type: string, res?: Response, idHeader?: string): unknown {
  if (typeof raw !== 'string' || bodyKind(type) < 2) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new UnexpectedBodyError(res?.status ?? 200, `invalid JSON in a ${type} body`, res, raw, idHeader);
  }
}

/** The API's own words in an error body: RFC 9457 problem details' `title: detail`, else `message`, `error.message`,
 *  or `error` (with OAuth's `error_description`). */
function wordsOf(body: unknown): string | undefined {
  const o = (body ?? {}) as Record<string, unknown>;
  const e = o.error as Record<string, unknown> | undefined;
  const said = (...xs: unknown[]): string => xs.filter((x) => typeof x === 'string' && x).join(': ');
  return (said(o.title, o.detail) || said(o.message) || said(e?.message) || said(e, o.error_description)).slice(0, 500) || undefined;
}


/**
 * The ApiError subclass for an error response. Its message is the status and the API's own words (`404 Not Found`,
 * `422 Invalid name: the name is taken`), never the raw body, which stays in `rawText`. `messages` is always an array
 * of message objects (one or several, with a technicalMessage each). `documented` (Codecs.error, for an operation
 * whose document declares error bodies) tells whether a JSON body is the one declared for its status: the error then
 * carries it as `body`. `idHeader`: the client's request id header.
 */
export async function toApiError(res: Response, documented?: (status: number, body: unknown) => boolean, idHeader?: string): Promise<ApiError> {
  const { status } = res;
  const type = res.headers.get('content-type') ?? '';
  // A body that cannot be read (connection dropped) reads as empty: the status still says what happened.
  const text = await res.text().catch(() => '');
  let body: unknown;
  try {
    if (bodyKind(type) > 1) body = JSON.parse(text);
  } catch {
    // not JSON: the status text says what happened
  }
  const list = body === undefined ? [] : ([body].flat() as ErrorMessage[]);
  const messages = list.length && list.every((m) => typeof m?.technicalMessage === 'string') ? list : [];
  const what =
    messages.map((m) => m.technicalMessage).join('; ') ||
    wordsOf(body) ||
    `${res.statusText || 'error'} (${text ? `${type || 'no content type'}, not a known error shape` : 'an empty body'})`;
  return new (errorClassFor(status))(status, messages, res, what, text, body !== undefined && documented?.(status, body) ? body : undefined, idHeader);
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
 *  UnexpectedBodyError with the start of the raw text, rather than a value of the wrong type. */
export async function unexpected(res: Response, what: string, idHeader?: string): Promise<UnexpectedBodyError> {
  return new UnexpectedBodyError(res.status, what, res, await textStart(res), idHeader);
}

/** How long the start of a body that is not the declared one is waited for. */
const RAW_WAIT_MS = 1000;

/**
 * The start of a body that is not the one declared, for an error's `rawText`: up to RAW_CHARS characters, waited for
 * at most RAW_WAIT_MS, and the rest cancelled unread, so that an endless or huge body neither hangs the call nor is
 * held. What arrived before the body failed, or nothing for a body already read, is the text.
 */
export async function textStart(res: Response): Promise<string> {
  let text = '';
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), RAW_WAIT_MS)));
    while (text.length < RAW_CHARS) {
      const chunk = await Promise.race([reader.read(), late]);
      if (!chunk) break;
      // The end flushes a character cut short, as text() would; a stop before it leaves a split one unread.
      text += decoder.decode(chunk.value, { stream: !chunk.done });
      if (chunk.done) break;
    }
  } catch {
    // What arrived before the body failed (none: a body already read) is the raw text.
  } finally {
    // Cleared, so that a process whose last call failed this way exits at once.
    clearTimeout(timer);
    reader?.cancel().catch(() => undefined);
  }
  // Past RAW_CHARS by at most a chunk: the error that keeps it cuts it there.
  return text;
}
