/** Request building: URL (path + query), header params and body encoding, with per-spec work done once. */
import type { OperationSpec, ParamSpec } from './types.js';

/** What a spec compiles to, cached per spec object. */
export interface CompiledSpec {
  /** The path split at its templates: literal, param, literal, ... (odd indexes hold path params). */
  parts: (string | ParamSpec)[];
  query: readonly ParamSpec[];
  header: readonly ParamSpec[];
  /** Default Accept header value, undefined when the operation documents no response body. */
  accept: string | undefined;
  idempotent: boolean;
}

const compiled = new WeakMap<OperationSpec, CompiledSpec>();
export const IDEMPOTENT = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE'];

export function compile(spec: OperationSpec): CompiledSpec {
  let c = compiled.get(spec);
  if (c) return c;
  const byName = new Map<string, ParamSpec>();
  for (const p of spec.params) if (p.in === 'path') byName.set(p.name, p);
  const parts: (string | ParamSpec)[] = spec.path.replace(/^\//, '').split(/\{([^}]*)\}/);
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i] as string;
    // A template without a ParamSpec still reads params[name], so hand-written specs keep working.
    parts[i] = byName.get(name) ?? { key: name, name, in: 'path' };
  }
  c = {
    parts,
    query: spec.params.filter((p) => p.in === 'query'),
    // Lower-cased so that they replace, not join, headers given in another case.
    header: spec.params.filter((p) => p.in === 'header').map((p) => ({ ...p, name: p.name.toLowerCase() })),
    accept: spec.accept.length ? spec.accept.join(', ') : undefined,
    idempotent: IDEMPOTENT.includes(spec.method),
  };
  compiled.set(spec, c);
  return c;
}

function scalar(v: unknown): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

/** params[key] when it is the caller's own property: never `constructor` or `toString` from Object.prototype. */
export function own(params: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(params, key) ? params[key] : undefined;
}

const enc = encodeURIComponent;

/** The URL relative to the API root: encoded path plus query string. */
export function buildPath(c: CompiledSpec, params: Record<string, unknown>): string {
  const { parts } = c;
  let url = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const p = parts[i] as ParamSpec;
    const v = own(params, p.key);
    if (v === undefined || v === null) throw new TypeError(`Missing path parameter ${p.key}`);
    url += (Array.isArray(v) ? v.map((x) => enc(scalar(x))).join(',') : enc(scalar(v))) + (parts[i + 1] as string);
  }
  let sep = '?';
  for (const p of c.query) {
    const v = own(params, p.key);
    const q = v === undefined || v === null ? '' : queryPairs(p, v);
    if (q) {
      url += sep + q;
      sep = '&';
    }
  }
  return url;
}

/** One query parameter as `name=value` pairs by OpenAPI style (form, spaceDelimited, pipeDelimited, deepObject) and explode. */
function queryPairs(p: ParamSpec, v: unknown): string {
  const name = enc(p.name);
  if (typeof v !== 'object' || v instanceof Date) return `${name}=${enc(scalar(v))}`;
  const deep = p.style === 'deepObject';
  const pairs: [string, unknown][] = Array.isArray(v)
    ? v.map((x) => [name, x])
    : Object.entries(v as object).filter(([, x]) => x !== undefined && x !== null).map(([k, x]) => [deep ? `${name}%5B${enc(k)}%5D` : enc(k), x]);
  if (deep || (p.explode ?? (!p.style || p.style === 'form'))) return pairs.map(([k, x]) => `${k}=${enc(scalar(x))}`).join('&');
  if (!pairs.length) return '';
  const values = Array.isArray(v) ? pairs.map(([, x]) => enc(scalar(x))) : pairs.flatMap(([k, x]) => [k, enc(scalar(x))]);
  return `${name}=${values.join(p.style === 'spaceDelimited' ? '%20' : p.style === 'pipeDelimited' ? '|' : ',')}`;
}

/** Adds header params to `headers`, whose keys are lower case (arrays comma-joined, style simple). */
export function addHeaderParams(c: CompiledSpec, params: Record<string, unknown>, headers: Record<string, string>): void {
  for (const p of c.header) {
    const v = own(params, p.key);
    if (v !== undefined && v !== null) headers[p.name] = Array.isArray(v) ? v.map(scalar).join(',') : scalar(v);
  }
}

/** 'Application/JSON; charset=utf-8' -> 'application/json'. */
export function essence(mediaType: string): string {
  return mediaType.split(';', 1)[0]!.trim().toLowerCase();
}

export function isJsonMediaType(mediaType: string): boolean {
  const t = essence(mediaType);
  return t === 'application/json' || t.endsWith('+json');
}

/**
 * Encodes a request body by the documented media type and sets Content-Type in `headers` (not for multipart:
 * fetch adds the boundary). Non-JSON bodies may be a Blob, ArrayBuffer, typed array, ReadableStream, string,
 * FormData or URLSearchParams and are sent as they are.
 */
export function encodeBody(mediaType: string, body: unknown, headers: Record<string, string>): BodyInit {
  const type = essence(mediaType);
  if (type === 'multipart/form-data') {
    if (body instanceof FormData) return body;
    const form = new FormData();
    forEachField(body, (k, v) => form.append(k, v instanceof Blob ? v : typeof v === 'object' ? JSON.stringify(v) : scalar(v)));
    return form;
  }
  headers['content-type'] ??= mediaType;
  if (isJsonMediaType(type)) return JSON.stringify(body);
  if (type === 'application/x-www-form-urlencoded' && isPlainObject(body)) {
    const form = new URLSearchParams();
    forEachField(body, (k, v) => form.append(k, scalar(v)));
    return form.toString();
  }
  return body as BodyInit;
}

function isPlainObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

function forEachField(body: unknown, add: (key: string, value: unknown) => void): void {
  for (const [k, v] of Object.entries(body as object)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const x of v) add(k, x);
    else add(k, v);
  }
}

/** Whether a body can be sent again (for a retry or after a 401): streams cannot. */
export function isReplayable(body: BodyInit | undefined): boolean {
  return !(typeof ReadableStream !== 'undefined' && body instanceof ReadableStream);
}

/** Copies headers into `into` with lower-cased names, so that later sources replace earlier ones. */
export function mergeHeaders(into: Record<string, string>, from: Record<string, string> | undefined): void {
  if (from) for (const k in from) into[k.toLowerCase()] = from[k]!;
}
