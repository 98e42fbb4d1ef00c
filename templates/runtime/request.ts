/** Request building: URL (path + query), header params and body encoding. */
import type { BodySpec, Codecs, OperationSpec, ParamSpec } from './types.js';

type Params = Record<string, unknown>;

/** params[key] when it is the caller's own property: never `constructor` or `toString` from Object.prototype. */
export function own(params: Params, key: string): unknown {
  return Object.hasOwn(params, key) ? params[key] : undefined;
}

export const scalar = (v: unknown): string => (v instanceof Date ? v.toISOString() : String(v));
/** Percent-encoding of all but RFC 3986's unreserved characters (encodeURIComponent leaves !'()* as they are). */
export const pct = (s: string): string => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
export const encScalar = (v: unknown): string => pct(scalar(v));

/** Adds `name=value` pairs to the Cookie header of `headers` (lower-case names), after any already there. */
export const addCookie = (headers: Record<string, string>, pairs: string): void => {
  headers.cookie = headers.cookie ? `${headers.cookie}; ${pairs}` : pairs;
};

/** Path templates split once per operation rather than on every call: literal parts at even
 *  indexes, parameter keys at odd ones, and the ParamSpecs of those at the same indexes of the second array. A
 *  template without a ParamSpec reads params[name], so hand-written specs work. */
const templates = new WeakMap<OperationSpec, [string[], (ParamSpec | undefined)[]]>();
function template(spec: OperationSpec): [string[], (ParamSpec | undefined)[]] {
  let t = templates.get(spec);
  if (!t) {
    const parts = spec.path.replace(/^\//, '').split(/\{([^}]*)\}/);
    const specs: (ParamSpec | undefined)[] = [];
    for (let i = 1; i < parts.length; i += 2) {
      specs[i] = spec.params.find((p) => p.in === 'path' && p.name === parts[i]);
      parts[i] = specs[i]?.key ?? parts[i]!;
    }
    templates.set(spec, (t = [parts, specs]));
  }
  return t;
}

/**
 * The URL relative to the API root (encoded path plus query string); adds header params to `headers`, whose keys
 * are lower case, and cookie params to its `cookie`. Without `codecs.param` (a document whose parameters are all
 * primitives and arrays in their default style), arrays are comma-joined in the path and headers and repeated, or
 * comma-joined without explode, in the query; with it, every parameter is serialised by it. Throws a TypeError,
 * before anything is sent, for a missing path param.
 */
export function buildPath(spec: OperationSpec, params: Params, headers: Record<string, string>, codecs: Codecs): string {
  const [t, pathSpecs] = template(spec);
  const styled = codecs.param;
  let url = t[0]!;
  for (let i = 1; i < t.length; i += 2) {
    const v = own(params, t[i]!);
    if (v == null) throw new TypeError(`Missing path parameter ${t[i]}`);
    const p = styled && pathSpecs[i];
    url += (p ? styled(p, v) : Array.isArray(v) ? v.map(encScalar).join() : encScalar(v)) + t[i + 1];
  }
  let sep = '?';
  for (const p of spec.params) {
    const v = own(params, p.key);
    let q;
    if (v == null || p.in === 'path') continue;
    if (p.in === 'header') {
      // Lower-cased so that they replace, not join, headers given in another case.
      headers[p.name.toLowerCase()] = styled ? styled(p, v) : Array.isArray(v) ? v.map(scalar).join() : scalar(v);
    } else if (p.in === 'cookie') {
      if ((q = styled ? styled(p, v) : `${pct(p.name)}=${encScalar(v)}`)) addCookie(headers, q);
    } else if ((q = styled ? styled(p, v) : queryPairs(p, v))) {
      url += sep + q;
      sep = '&';
    }
  }
  return url;
}

/** One query parameter in the form style: a scalar, or an array repeated (explode, the default) or comma-joined. */
function queryPairs(p: ParamSpec, v: unknown): string {
  const name = pct(p.name);
  if (Array.isArray(v)) return p.explode === false ? (v.length ? `${name}=${v.map(encScalar).join()}` : '') : v.map((x) => `${name}=${encScalar(x)}`).join('&');
  return `${name}=${encScalar(v)}`;
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
 * Encodes a request body by the documented media type and sets Content-Type in `headers`: JSON media types are
 * serialised, anything else (Blob, ArrayBuffer, typed array, ReadableStream, string) is sent as it is. Forms,
 * multipart and wildcard media types go to `codecs.body`, which generated clients pass when their document has them.
 */
export function encodeBody(spec: BodySpec, body: unknown, headers: Record<string, string>, codecs: Codecs): BodyInit {
  if (codecs.body) return codecs.body(spec, body, headers);
  headers['content-type'] ??= spec.mediaType;
  return bodyKind(spec.mediaType) > 1 ? JSON.stringify(body) : (body as BodyInit);
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

// QUERY is safe and idempotent (draft-ietf-httpbis-safe-method-w-body): retried like a GET.
const idempotent = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'QUERY']);
export const isIdempotent = (method: string): boolean => idempotent.has(method);
