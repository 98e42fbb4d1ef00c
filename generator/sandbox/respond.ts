import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyReply } from 'fastify';
import { headerOf, responseFor } from '../model/index.js';
import { compileIn } from './ajv.js';
import type { OpSpec } from './analyse.js';
import type { Message } from './http-error.js';
import { isJsonMedia, jsonMediaOf } from './schema-tools.js';

const declaredHeaders = new WeakMap<OpSpec, Map<string, boolean>>();

/** Whether the response the model gives for `status` declares header `name` (worked out once per operation, status and name). */
function declaresHeader(spec: OpSpec, status: number, name: string): boolean {
  let known = declaredHeaders.get(spec);
  if (!known) declaredHeaders.set(spec, (known = new Map()));
  const key = `${status} ${name}`;
  let hit = known.get(key);
  if (hit === undefined) known.set(key, (hit = headerOf(responseFor(spec.op, status), name) !== undefined));
  return hit;
}

/**
 * `Cache-Control` as the document declares it for this response (the model's caching reading: its first value);
 * else `no-store` for an error (what the shared error responses declare) and `no-cache` for anything else.
 */
function cacheControl(spec: OpSpec | undefined, status: number): string {
  const key = spec && responseFor(spec.op, status)?.status;
  return (key !== undefined && spec?.op.conventions.caching[key]?.find(Boolean)) || (status >= 400 ? 'no-store' : 'no-cache');
}

interface SendOptions {
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
      const [mt, media] = jsonMediaOf(spec.api.doc, responseFor(spec.op, status)?.content) ?? [];
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
