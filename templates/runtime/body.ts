/**
 * Request bodies beyond JSON and bytes, by OpenAPI's rules. A generated client imports this only when its document
 * has such a body, so other programs do not ship it.
 * - A wildcard media type (`*\/*`, `image/*`) is never sent as Content-Type: binary data goes with its own type (else
 *   application/octet-stream), FormData and URLSearchParams with the one fetch gives them, anything else as JSON (a
 *   string to `text/*` as text/plain).
 * - application/x-www-form-urlencoded: a property with a `style`, `explode` or `allowReserved` in its `encoding` is
 *   serialised as a query parameter of that style; any other is one `name=value` pair, an object as JSON (the
 *   default `contentType` of an object), an array one pair per item.
 * - multipart/form-data (RFC 7578, built here: FormData cannot give a part a Content-Type without making it a file):
 *   one part per property (per item of an array); an object is `application/json`, a Blob or byte array a file
 *   (its own type, else the encoding's, else application/octet-stream), a primitive text, unless `encoding` names
 *   a `contentType`.
 */
import { styledParam } from './param-styles.js';
import { bodyKind, scalar } from './request.js';
import type { BodySpec } from './types.js';

/** Codecs.body: the body encoded, its Content-Type set in `headers` (lower-case names). */
export function encodedBody({ mediaType, encoding }: BodySpec, body: unknown, headers: Record<string, string>): BodyInit {
  let type = mediaType.split(';', 1)[0]!.trim().toLowerCase();
  if (body instanceof FormData || body instanceof URLSearchParams) {
    // fetch gives them their type (a FormData's with its boundary).
    if (!type.includes('*') && type !== 'multipart/form-data') headers['content-type'] ??= mediaType;
    return body;
  }
  if (type.includes('*')) {
    mediaType = type = isBytes(body) || body instanceof ReadableStream ? (body as Blob).type || 'application/octet-stream' : type.startsWith('text/') && typeof body === 'string' ? 'text/plain' : 'application/json';
  }
  const out = bodyKind(type) > 1 ? JSON.stringify(body) : (formBody(type, body, encoding) ?? (body as BodyInit));
  headers['content-type'] ??= out instanceof Blob && type === 'multipart/form-data' ? out.type : mediaType;
  return out;
}

const isObject = (x: unknown): x is object => x !== null && typeof x === 'object' && !(x instanceof Date);
const isBytes = (x: unknown): x is Blob | ArrayBuffer | ArrayBufferView => x instanceof Blob || x instanceof ArrayBuffer || ArrayBuffer.isView(x);

/** The encoded body, or undefined when `body` is to be sent as it is (a FormData, a string, a Blob...). A multipart
 *  body is a Blob whose type carries the boundary. */
export function formBody(type: string, body: unknown, encoding: BodySpec['encoding'] = {}): Blob | string | undefined {
  const multipart = type === 'multipart/form-data';
  if ((!multipart && type !== 'application/x-www-form-urlencoded') || (body as object | null)?.constructor !== Object) return;
  const pairs: string[] = [];
  const parts: BlobPart[] = [];
  const boundary = `docex-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  for (const [k, v] of Object.entries(body as object)) {
    if (v == null) continue;
    const e = Object.hasOwn(encoding, k) ? encoding[k]! : {};
    if (!multipart && (e.style || e.explode !== undefined || e.allowReserved)) {
      const s = styledParam({ key: k, name: k, in: 'query', style: e.style, explode: e.explode, allowReserved: e.allowReserved }, v);
      // Then form-encoded (RFC 6570's delimiters too, as a form parser decodes before it splits), unless reserved
      // characters are to go as they are.
      if (s) pairs.push(e.allowReserved ? s : `${new URLSearchParams(s)}`);
      continue;
    }
    for (const x of Array.isArray(v) ? v : [v]) {
      if (x == null) continue;
      // The encoding's media type (its first when it lists several), else the default for the value.
      const named = e.contentType?.split(',', 1)[0]!.trim();
      const json = named ? bodyKind(named) > 1 : isObject(x) && !isBytes(x);
      const text = json ? JSON.stringify(x) : scalar(x);
      if (!multipart) {
        pairs.push(`${new URLSearchParams([[k, text]])}`);
        continue;
      }
      let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(k)}`;
      if (isBytes(x)) {
        const t = (x as Blob).type || (named && !named.includes('*') ? named : 'application/octet-stream');
        parts.push(`${head}; filename=${quoted((x as File).name ?? 'blob')}\r\nContent-Type: ${t}\r\n\r\n`, x as Blob, '\r\n');
        continue;
      }
      if (json || named) head += `\r\nContent-Type: ${named ?? 'application/json'}`;
      parts.push(`${head}\r\n\r\n${text}\r\n`);
    }
  }
  if (!multipart) return pairs.join('&');
  parts.push(`--${boundary}--\r\n`);
  return new Blob(parts, { type: `multipart/form-data; boundary=${boundary}` });
}

/** A name or filename in a Content-Disposition header, quoted and escaped as browsers do (HTML's form encoding). */
const quoted = (s: string): string => '"' + s.replace(/\x22/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A') + '"';
