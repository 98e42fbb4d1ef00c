/** Request building: URL (path + query), header params and body encoding. */
import type { OperationSpec, ParamSpec } from './types.js';

type Params = Record<string, unknown>;

/** params[key] when it is the caller's own property: never `constructor` or `toString` from Object.prototype. */
export function own(params: Params, key: string): unknown {
  return Object.hasOwn(params, key) ? params[key] : undefined;
}

const scalar = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
const enc = encodeURIComponent;
const encScalar = (v: unknown): string => enc(scalar(v));

/** Path templates split once per operation (per call this was most of the client's own time): literal parts at even
 *  indexes, parameter keys at odd ones. A template without a ParamSpec reads params[name], so hand-written specs work. */
const templates = new WeakMap<OperationSpec, string[]>();
function template(spec: OperationSpec): string[] {
  let t = templates.get(spec);
  if (!t) {
    t = spec.path.replace(/^\//, '').split(/\{([^}]*)\}/);
    for (let i = 1; i < t.length; i += 2) t[i] = spec.params.find((p) => p.in === 'path' && p.name === t![i])?.key ?? t[i]!;
    templates.set(spec, t);
  }
  return t;
}

/**
 * The URL relative to the API root (encoded path plus query string); adds header params to `headers`, whose keys
 * are lower case (arrays comma-joined, style simple). Throws a TypeError, before anything is sent, for a missing path param.
 */
export function buildPath(spec: OperationSpec, params: Params, headers: Record<string, string>): string {
  const t = template(spec);
  let url = t[0]!;
  for (let i = 1; i < t.length; i += 2) {
    const v = own(params, t[i]!);
    if (v == null) throw new TypeError(`Missing path parameter ${t[i]}`);
    url += (Array.isArray(v) ? v.map(encScalar).join() : encScalar(v)) + t[i + 1];
  }
  let sep = '?';
  for (const p of spec.params) {
    const v = own(params, p.key);
    let q;
    if (v == null) continue;
    // Lower-cased so that they replace, not join, headers given in another case.
    if (p.in === 'header') headers[p.name.toLowerCase()] = Array.isArray(v) ? v.map(scalar).join() : scalar(v);
    else if (p.in === 'query' && (q = queryPairs(p, v))) {
      url += sep + q;
      sep = '&';
    }
  }
  return url;
}

/** One query parameter as `name=value` pairs by OpenAPI style (form, spaceDelimited, pipeDelimited, deepObject) and explode. */
function queryPairs(p: ParamSpec, v: unknown): string {
  const name = enc(p.name);
  if (typeof v !== 'object' || v instanceof Date) return `${name}=${encScalar(v)}`;
  const style = p.style ?? 'form';
  const deep = style === 'deepObject';
  const list = Array.isArray(v);
  const pairs: [string, unknown][] = list
    ? v.map((x) => [name, x])
    : Object.entries(v as object).filter(([, x]) => x != null).map(([k, x]) => [deep ? `${name}%5B${enc(k)}%5D` : enc(k), x]);
  if (deep || (p.explode ?? style === 'form')) return pairs.map(([k, x]) => `${k}=${encScalar(x)}`).join('&');
  return pairs.length
    ? `${name}=${pairs.flatMap(([k, x]) => (list ? [encScalar(x)] : [k, encScalar(x)])).join(style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',')}`
    : '';
}

/** 'Application/JSON; charset=utf-8' -> 2 (JSON: any .../json or ...+json), 1 (text/*, .../xml, ...+xml: read as a string), 0 (anything else: Blob). */
export function bodyKind(mediaType: string): 0 | 1 | 2 {
  let k = kinds.get(mediaType);
  if (k === undefined) {
    const t = mediaType.split(';', 1)[0]!.trim().toLowerCase();
    k = /[/+]json$/.test(t) ? 2 : /^text\/|[/+]xml$/.test(t) ? 1 : 0;
    // Servers send few distinct Content-Types; bounded so that a hostile one cannot grow it.
    if (kinds.size < 64) kinds.set(mediaType, k);
  }
  return k;
}
const kinds = new Map<string, 0 | 1 | 2>();

/**
 * Encodes a request body by the documented media type and sets Content-Type in `headers` (not for multipart:
 * fetch adds the boundary). Non-JSON bodies may be a Blob, ArrayBuffer, typed array, ReadableStream, string,
 * FormData or URLSearchParams and are sent as they are; a plain object becomes multipart or form-urlencoded fields.
 */
export function encodeBody(mediaType: string, body: unknown, headers: Record<string, string>): BodyInit {
  const type = mediaType.split(';', 1)[0]!.trim().toLowerCase();
  const multipart = type === 'multipart/form-data';
  if (!multipart) headers['content-type'] ??= mediaType;
  if (bodyKind(type) > 1) return JSON.stringify(body);
  if (multipart ? body instanceof FormData : type !== 'application/x-www-form-urlencoded' || (body as object | null)?.constructor !== Object) {
    return body as BodyInit;
  }
  const form = multipart ? new FormData() : new URLSearchParams();
  for (const [k, v] of Object.entries(body as object)) {
    if (v != null) {
      for (const x of [v].flat()) {
        (form as FormData).append(k, multipart && x instanceof Blob ? x : multipart && typeof x === 'object' ? JSON.stringify(x) : scalar(x));
      }
    }
  }
  return form;
}

/** Whether a body can be sent again (for a retry or after a 401): streams cannot. */
export function isReplayable(body: BodyInit | null | undefined): boolean {
  return !(body instanceof ReadableStream);
}

/** Headers with lower-cased names, so that later sources replace earlier ones. */
export function lowerCase(from: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k in from) out[k.toLowerCase()] = from[k]!;
  return out;
}

export const isIdempotent = (method: string): boolean => /^(GET|HEAD|PUT|DELETE|OPTIONS|TRACE)$/.test(method);
