import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyRequest } from 'fastify';
import type { MediaTypeObject, ParameterObject, SchemaObject } from '../load/index.js';
import { accepted, successResponse } from '../model/index.js';
import { compileIn, describeErrors } from './ajv.js';
import type { OpSpec } from './analyse.js';
import { HttpError, httpError, type Message } from './http-error.js';
import { applyPlan, bodyPlan, type BodyPlan } from './body-plan.js';
import { bodyTooLarge, MAX_JSON_BODY_BYTES } from './body-bounds.js';
import { parseJsonBody } from './json-body.js';
import { normaliseOne } from './input-times.js';
import { isJsonMedia, allowsType, objectAt, paramSchema, resolveSchema } from './schema-tools.js';

/** Headers that OpenAPI says to ignore as parameters (they are described elsewhere). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** Validators compiled once per operation at start. */
export interface OpValidators {
  query: ValidateFunction;
  path: ValidateFunction;
  headers: ValidateFunction;
  /** Request body validators by JSON media type. */
  bodies: Map<string, ValidateFunction>;
  /** What of each JSON request body is kept (body-plan.ts), by media type. */
  bodyPlans: Map<string, BodyPlan>;
  arrayQuery: Map<string, { explode: boolean }>;
  queryNames: Set<string>;
  /** `date-time`/`date` query parameters, whose values are rewritten to the output form once valid. */
  queryFormats: Map<string, string>;
  /** A 3.2 `querystring` parameter: the whole query string is one value of its schema, in its media type. */
  querystring?: { validate: ValidateFunction; mediaType: string; required: boolean };
}

function objectSchema(spec: OpSpec, where: 'query' | 'path' | 'header'): SchemaObject {
  const ps = spec.op.params.filter((p) => p.in === where && !(where === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase())));
  const key = (n: string): string => (where === 'header' ? n.toLowerCase() : n);
  return {
    type: 'object',
    properties: Object.fromEntries(ps.map((p) => [key(p.name), paramSchema(spec.api.doc, p) ?? {}])),
    required: ps.filter((p) => p.required).map((p) => key(p.name)),
  };
}

/**
 * Validators and body plans, compiled once per operation at start. `representation`: the schemas of the resource the
 * operation writes (representationOf), whose properties a body may carry back without them being stored.
 */
export function compileValidators(spec: OpSpec, coercing: Ajv2020, strict: Ajv2020, representation: readonly SchemaObject[] = []): OpValidators {
  const bodies = new Map<string, ValidateFunction>();
  const bodyPlans = new Map<string, BodyPlan>();
  const { doc } = spec.api;
  for (const { mediaType: mt, at } of spec.op.body?.content ?? []) {
    const media = objectAt<MediaTypeObject>(doc, at);
    if (!isJsonMedia(mt) || !media) continue;
    bodies.set(mt, compileIn(strict, spec.api, media.schema));
    bodyPlans.set(mt, bodyPlan(doc, media.schema, representation));
  }
  const arrayQuery = new Map<string, { explode: boolean }>();
  for (const p of spec.op.params) {
    if (p.in === 'query' && allowsType(resolveSchema(doc, paramSchema(doc, p)), 'array')) {
      arrayQuery.set(p.name, { explode: p.explode ?? (p.style === undefined || p.style === 'form') });
    }
  }
  const qs = spec.op.params.find((p) => p.in === 'querystring');
  const qsMedia = qs && Object.entries(objectAt<ParameterObject>(doc, qs.at)?.content ?? {})[0];
  return {
    ...(qs && qsMedia ? { querystring: { validate: compileIn(coercing, spec.api, qsMedia[1].schema), mediaType: qsMedia[0], required: qs.required } } : {}),
    query: compileIn(coercing, spec.api, objectSchema(spec, 'query')),
    path: compileIn(coercing, spec.api, objectSchema(spec, 'path')),
    headers: compileIn(coercing, spec.api, objectSchema(spec, 'header')),
    bodies,
    bodyPlans,
    arrayQuery,
    queryNames: new Set(spec.op.params.filter((p) => p.in === 'query').map((p) => p.name)),
    queryFormats: new Map(
      spec.op.params.flatMap((p) => {
        const format = p.in === 'query' ? resolveSchema(doc, paramSchema(doc, p)).format : undefined;
        return format === 'date-time' || format === 'date' ? [[p.name, format] as const] : [];
      }),
    ),
  };
}

/**
 * The query parameters, coerced to their schemas; unknown names and invalid values are 400s. With a `querystring`
 * parameter, the whole query string (`search`, after the `?`) is its one value: form fields, or a JSON text.
 */
export function parseQuery(v: OpValidators, raw: Record<string, string | string[] | undefined>, search = ''): Record<string, unknown> {
  if (v.querystring) return parseQueryString(v.querystring, raw, search);
  const problems: Message[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (!v.queryNames.has(name)) {
      problems.push({ technicalMessage: `unknown query parameter "${name}"${suggest(name, v.queryNames)}`, errorCode: 'UnknownParameter' });
      continue;
    }
    const arr = v.arrayQuery.get(name);
    if (arr) out[name] = (Array.isArray(value) ? value : [value]).flatMap((s) => (arr.explode ? [s] : s.split(',')));
    else if (Array.isArray(value)) problems.push({ technicalMessage: `query parameter "${name}" is given more than once`, errorCode: 'InvalidParameter' });
    else out[name] = value;
  }
  if (!problems.length && !v.query(out)) {
    for (const m of describeErrors(v.query.errors, 'query')) problems.push({ technicalMessage: m.replace(/^query\.(\w+)/, 'query parameter "$1"').replace(/^query lacks the required property/, 'missing required query parameter'), errorCode: 'InvalidParameter' });
  }
  if (problems.length) throw new HttpError(400, problems);
  for (const [name, format] of v.queryFormats) if (typeof out[name] === 'string') out[name] = normaliseOne(format, out[name]);
  return out;
}

function parseQueryString(qs: NonNullable<OpValidators['querystring']>, raw: Record<string, string | string[] | undefined>, search: string): Record<string, unknown> {
  if (search === '') {
    if (qs.required) throw httpError(400, 'missing the required query string');
    return {};
  }
  let value: unknown = raw;
  if (isJsonMedia(qs.mediaType)) {
    try {
      value = JSON.parse(decodeURIComponent(search));
    } catch {
      throw httpError(400, `the query string is not ${qs.mediaType}`);
    }
  }
  if (!qs.validate(value)) throw new HttpError(400, describeErrors(qs.validate.errors, 'query string').map((m) => ({ technicalMessage: m, errorCode: 'InvalidParameter' })));
  return value as Record<string, unknown>;
}

function suggest(name: string, known: Set<string>): string {
  const lower = name.toLowerCase();
  const hit = [...known].find((k) => k.toLowerCase() === lower || k.toLowerCase().replace(/[-_]/g, '') === lower.replace(/[-_]/g, ''));
  return hit ? ` (did you mean "${hit}"?)` : known.size ? ` (known: ${[...known].sort().join(', ')})` : ' (this operation takes none)';
}

export function parsePath(v: OpValidators, raw: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  if (!v.path(out)) throw new HttpError(400, describeErrors(v.path.errors, 'path').map((m) => ({ technicalMessage: m.replace(/^path\.(\w+)/, 'path parameter "$1"'), errorCode: 'InvalidParameter' })));
  return out;
}

export function checkHeaders(v: OpValidators, req: FastifyRequest): void {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(req.headers)) if (typeof val === 'string') out[k] = val;
  if (!v.headers(out)) throw new HttpError(400, describeErrors(v.headers.errors, 'header').map((m) => ({ technicalMessage: m, errorCode: 'InvalidHeader' })));
}

export interface ParsedBody {
  mediaType: string;
  /** Parsed JSON for JSON media types, the bytes otherwise. */
  value: unknown;
  bytes: Buffer;
}

/** The request's media type, 415 when the document does not list it (checked before the body is read as data). */
export function requestMediaType(spec: OpSpec, req: FastifyRequest): string | undefined {
  const consumes = accepted(spec.op);
  const raw = req.headers['content-type'];
  const hasBody = Buffer.isBuffer(req.body) && req.body.length > 0;
  if (!raw) {
    if (hasBody) throw httpError(415, `a request body needs a Content-Type; this operation accepts ${consumes.join(', ')}`);
    return undefined;
  }
  const type = raw.split(';')[0]!.trim().toLowerCase();
  const hit = consumes.find((m) => {
    const t = m.toLowerCase();
    return t === type || t === '*/*' || (t.endsWith('/*') && type.startsWith(t.slice(0, -1)));
  });
  if (!hit) {
    throw httpError(415, consumes.length ? `media type "${type}" is not accepted; use ${consumes.join(', ')}` : 'this operation takes no request body');
  }
  return hit;
}

/**
 * The request body as it may be stored: within the bounds (body-bounds.ts), each name once (json-body.ts), only what
 * the request schema declares (body-plan.ts), valid against it. 400 naming each problem.
 */
export function parseBody(spec: OpSpec, v: OpValidators, req: FastifyRequest, mediaType: string | undefined): ParsedBody | undefined {
  const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  if (!mediaType || bytes.length === 0) {
    if (spec.op.body?.required) throw httpError(400, 'the request body is required', 'InvalidBody');
    return undefined;
  }
  if (!isJsonMedia(mediaType)) return { mediaType, value: bytes, bytes };
  if (bytes.length > MAX_JSON_BODY_BYTES) throw bodyTooLarge(MAX_JSON_BODY_BYTES);
  const parsed = parseJsonBody(bytes.toString('utf8'));
  const unknown: string[] = [];
  const plan = v.bodyPlans.get(mediaType);
  const value = plan ? applyPlan(plan, parsed, 'body', unknown) : parsed;
  const validate = v.bodies.get(mediaType);
  const invalid = validate && !validate(value) ? describeErrors(validate.errors, 'body') : [];
  if (unknown.length || invalid.length) {
    throw new HttpError(400, [...unknown.map((m) => ({ technicalMessage: m, errorCode: 'UnknownProperty' })), ...invalid.map((m) => ({ technicalMessage: m, errorCode: 'InvalidBody' }))]);
  }
  return { mediaType, value, bytes };
}

/**
 * The representation of the resource an operation writes, whose properties a body may carry back unstored: the
 * collection's item for a create or replace, what a GET of the same path answers for a stand-alone or sub-resource.
 */
export function representationOf(spec: OpSpec, specs: readonly OpSpec[]): SchemaObject[] {
  const { kind } = spec.op.conventions.resource;
  if (kind === 'create' || kind === 'replace') return [spec.collection!.item];
  if (kind !== 'single-replace' && kind !== 'sub-replace') return [];
  const get = specs.find((s) => s.api === spec.api && s.op.path === spec.op.path && s.op.method === 'GET');
  return (get ? successResponse(get.op)?.content ?? [] : []).flatMap(({ mediaType, at }) => {
    const schema = isJsonMedia(mediaType) ? objectAt<MediaTypeObject>(spec.api.doc, at)?.schema : undefined;
    return schema ? [schema] : [];
  });
}
