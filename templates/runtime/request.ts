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
const IDEMPOTENT = ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS', 'TRACE'];

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

/** The URL relative to the API root: encoded path plus query string. */
export function buildPath(c: CompiledSpec, params: Record<string, unknown>): string {
  const { parts } = c;
  let url = parts[0] as string;
  for (let i = 1; i < parts.length; i += 2) {
    const p = parts[i] as ParamSpec;
    const v = params[p.key];
    if (v === undefined || v === null) throw new TypeError(`Missing path parameter ${p.key}`);
    url += (Array.isArray(v) ? v.map((x) => encodeURIComponent(scalar(x))).join(',') : encodeURIComponent(scalar(v))) + (parts[i + 1] as string);
  }
  let sep = '?';
  for (const p of c.query) {
    const v = params[p.key];
    if (v === undefined || v === null) continue;
    const q = queryPairs(p, v);
    if (q) {
      url += sep + q;
      sep = '&';
    }
  }
  return url;
}

const enc = encodeURIComponent;

/** One query parameter as `name=value` pairs by OpenAPI style and explode. */
function queryPairs(p: ParamSpec, v: unknown): string {
  const name = enc(p.name);
  const explode = p.explode ?? (p.style === undefined || p.style === 'form');
  if (Array.isArray(v)) {
    if (!v.length) return '';
    if (explode) return v.map((x) => `${name}=${enc(scalar(x))}`).join('&');
    const sepr = p.style === 'spaceDelimited' ? '%20' : p.style === 'pipeDelimited' ? '|' : ',';
    return `${name}=${v.map((x) => enc(scalar(x))).join(sepr)}`;
  }
  if (typeof v === 'object' && !(v instanceof Date)) {
    const entries = Object.entries(v as object).filter(([, x]) => x !== undefined && x !== null);
    if (p.style === 'deepObject') return entries.map(([k, x]) => `${name}%5B${enc(k)}%5D=${enc(scalar(x))}`).join('&');
    if (explode) return entries.map(([k, x]) => `${enc(k)}=${enc(scalar(x))}`).join('&');
    return `${name}=${entries.map(([k, x]) => `${enc(k)},${enc(scalar(x))}`).join(',')}`;
  }
  return `${name}=${enc(scalar(v))}`;
}

/** Adds header params to `headers`, whose keys are lower case (arrays comma-joined, style simple). */
export function addHeaderParams(c: CompiledSpec, params: Record<string, unknown>, headers: Record<string, string>): void {
  for (const p of c.header) {
    const v = params[p.key];
    if (v !== undefined && v !== null) headers[p.name] = Array.isArray(v) ? v.map(scalar).join(',') : scalar(v);
  }
}

export function isJsonMediaType(mediaType: string): boolean {
  const t = mediaType.split(';', 1)[0]!.trim().toLowerCase();
  return t === 'application/json' || t.endsWith('+json');
}

/**
 * Encodes a request body by the documented media type and sets Content-Type in `headers` (not for multipart:
 * fetch adds the boundary). Non-JSON bodies may be a Blob, ArrayBuffer, typed array, ReadableStream, string,
 * FormData or URLSearchParams and are sent as they are.
 */
export function encodeBody(mediaType: string, body: unknown, headers: Record<string, string>): BodyInit {
  const type = mediaType.split(';', 1)[0]!.trim().toLowerCase();
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
