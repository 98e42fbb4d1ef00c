import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyReply } from 'fastify';
import { deref, type HeaderObject, type ResponseObject } from '../load/index.js';
import { compileIn } from './ajv.js';
import type { OpSpec } from './analyse.js';
import type { Message } from './http-error.js';
import { isJsonMedia } from './schema-tools.js';

/** The key of the response the document declares for a status: the status, its `NXX` range, or `default`. */
function declaredKey(spec: OpSpec, status: number): string | undefined {
  const responses = spec.operation.responses ?? {};
  return [String(status), `${String(status)[0]}XX`, 'default'].find((k) => responses[k] !== undefined);
}

/** The response the document declares for a status (or its `default`). */
export function declared(spec: OpSpec, status: number): ResponseObject | undefined {
  const key = declaredKey(spec, status);
  return key === undefined ? undefined : deref<ResponseObject>(spec.api.doc, spec.operation.responses?.[key]);
}

function declaredHeader(spec: OpSpec, status: number, name: string): HeaderObject | undefined {
  const headers = declared(spec, status)?.headers ?? {};
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? deref<HeaderObject>(spec.api.doc, headers[key]) : undefined;
}

const declaredHeaders = new WeakMap<OpSpec, Map<string, boolean>>();

/** Whether the response for `status` declares header `name` (worked out once per operation, status and name). */
export function declaresHeader(spec: OpSpec, status: number, name: string): boolean {
  let known = declaredHeaders.get(spec);
  if (!known) declaredHeaders.set(spec, (known = new Map()));
  const key = `${status} ${name}`;
  let hit = known.get(key);
  if (hit === undefined) known.set(key, (hit = declaredHeader(spec, status, name) !== undefined));
  return hit;
}

/**
 * `Cache-Control` as the document declares it for this response (the model's caching reading: its first value);
 * else `no-store` for an error (what the shared error responses declare) and `no-cache` for anything else.
 */
export function cacheControl(spec: OpSpec | undefined, status: number): string {
  const key = spec && declaredKey(spec, status);
  return (key !== undefined && spec?.caching[key]?.find(Boolean)) || (status >= 400 ? 'no-store' : 'no-cache');
}

export interface SendOptions {
  etag?: string;
  location?: string;
  headers?: Record<string, string>;
}

/** Sends a success (or 304) response with Content-Type, Cache-Control and the ETag the document declares. */
export function send(reply: FastifyReply, spec: OpSpec, status: number, body: unknown, mediaType: string | undefined, opts: SendOptions = {}): FastifyReply {
  reply.code(status).header('cache-control', cacheControl(spec, status));
  if (opts.etag && (status === 304 || declaresHeader(spec, status, 'ETag'))) reply.header('etag', opts.etag);
  if (opts.location && declaresHeader(spec, status, 'Location')) reply.header('location', opts.location);
  for (const [k, v] of Object.entries(opts.headers ?? {})) reply.header(k, v);
  if (status === 204 || status === 304 || body === undefined || !mediaType) return reply.send();
  reply.header('content-type', mediaType);
  if (Buffer.isBuffer(body)) return reply.send(body);
  if (isJsonMedia(mediaType)) return reply.send(JSON.stringify(body));
  return reply.send(String(body));
}

const errorValidators = new WeakMap<OpSpec, Map<number, { mediaType: string; validate: ValidateFunction | undefined }>>();

/**
 * Sends the spec's error body: one message object, or an array when there are several problems,
 * whichever the document's schema for that status accepts.
 */
export function sendError(reply: FastifyReply, ajv: Ajv2020 | undefined, spec: OpSpec | undefined, status: number, messages: Message[], headers: Record<string, string> = {}): FastifyReply {
  let mediaType = 'application/json';
  let validate: ValidateFunction | undefined;
  if (spec && ajv) {
    let byStatus = errorValidators.get(spec);
    if (!byStatus) errorValidators.set(spec, (byStatus = new Map()));
    let entry = byStatus.get(status);
    if (!entry) {
      const content = declared(spec, status)?.content ?? {};
      const [mt, media] = Object.entries(content).find(([m]) => isJsonMedia(m)) ?? [];
      entry = { mediaType: mt ?? 'application/json', validate: media?.schema ? compileIn(ajv, spec.api, media.schema) : undefined };
      byStatus.set(status, entry);
    }
    mediaType = entry.mediaType;
    validate = entry.validate;
  }
  const single = messages[0] ?? { technicalMessage: 'error' };
  const candidates: unknown[] = messages.length > 1 ? [messages, single] : [single, messages];
  const body = validate ? candidates.find((c) => validate!(c)) ?? candidates[0] : candidates[0];
  reply.code(status).header('content-type', mediaType).header('cache-control', spec ? cacheControl(spec, status) : 'no-store');
  for (const [k, v] of Object.entries(headers)) reply.header(k, v);
  return reply.send(JSON.stringify(body));
}
