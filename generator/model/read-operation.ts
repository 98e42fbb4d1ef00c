// Reads one operation of a bundled document, in the one walk of the conventions' readers: everything the model's
// record of it holds but its name, as plain data (locations become file + JSON pointer).
import type { OpenApiDocument, OperationObject, ParameterObject, RequestBodyObject } from '../load/index.js';
import { isObject } from '../util/json.js';
import {
  child,
  mediaKind,
  operationServer,
  readContent,
  readDeprecations,
  readErrorBodies,
  readResponses,
  readSunset,
  requirementNames,
  sourceOf,
  type At,
  type Ctx,
  type ErrorBody,
  type MediaEntry,
  type Operation,
  type Param,
} from './conventions/index.js';
import { readOperationConventions } from './read-conventions.js';
import type { BodyModel, DeprecationModel, EncodingModel, MediaModel, OperationConventions, ParamModel, SourceRef, StatusModel } from './types.js';
import { parameterNotes } from './value-notes.js';

/** A parameter as the model records it, but for the key the client's params object names it by. */
type ParamReading = Omit<ParamModel, 'key'>;

export interface OperationReading {
  path: string;
  /** Lower case, as `get /items` names it (conventions/operations.ts). */
  method: string;
  /** As sent: `GET`, `QUERY`, `LINK`. */
  httpMethod: string;
  /** As written, when written. */
  operationId?: string;
  /** Its first tag. */
  tag?: string;
  /** Its summary, else the first line of its description. */
  summary?: string;
  description?: string;
  deprecated: boolean;
  /** Its `externalDocs` URL, when an http(s) URL. */
  externalDocs?: string;
  at: SourceRef;
  conventions: OperationConventions;
  statuses: StatusModel[];
  /** The parameters a caller sends, in the model's order: the path item's, an operation's own one in place of the
   *  path item's of the same name and location, then the operation's others. */
  params: ParamReading[];
  body?: BodyModel;
  deprecations: DeprecationModel[];
  sunset?: string;
  /** Its own server (path- or operation-level `servers`), when not the document's first. */
  server?: string;
  /** Its own security requirements, when it declares them. */
  security?: string[][];
  errorBodies: ErrorBody[];
}

export function readOperation(ctx: Ctx, doc: OpenApiDocument, op: Operation): OperationReading {
  // The bundled operation object, typed as the loader types it: the facts read here as they are written.
  const raw = op.op.node as OperationObject;
  const sunset = readSunset(op.op.node);
  const server = operationServer(ctx, op);
  const security = op.op.node.security;
  const conventions = readOperationConventions(ctx, op);
  const summary = raw.summary ?? raw.description?.split('\n')[0];
  const body = readBody(ctx, child(ctx, op.op, 'requestBody'));
  const externalDocs = externalDocsUrl(raw);
  return {
    path: op.path,
    method: op.method,
    httpMethod: op.httpMethod,
    ...(raw.operationId ? { operationId: raw.operationId } : {}),
    ...(typeof raw.tags?.[0] === 'string' ? { tag: raw.tags[0] } : {}),
    ...(summary ? { summary } : {}),
    ...(typeof raw.description === 'string' && raw.description ? { description: raw.description } : {}),
    deprecated: raw.deprecated === true,
    ...(externalDocs ? { externalDocs } : {}),
    at: sourceOf(op.op.location),
    conventions,
    statuses: readResponses(ctx, op).map((r) => ({
      status: r.status,
      at: sourceOf(r.at.location),
      headers: r.headers.map((h) => ({ name: h.name, required: h.required, ...schemaRef(h.schema) })),
      content: r.content.map(media),
    })),
    params: mergedParams(op.declared).flatMap((p) => readParam(ctx, doc, op, p, conventions)),
    ...(body ? { body } : {}),
    deprecations: readDeprecations(ctx, op).map((d) => ({
      subject: d.subject,
      ...(typeof d.description === 'string' ? { description: d.description } : {}),
      at: sourceOf(d.at),
    })),
    ...(sunset !== undefined ? { sunset } : {}),
    ...(server !== undefined ? { server } : {}),
    ...(Array.isArray(security) ? { security: requirementNames(security.filter(isObject)) } : {}),
    errorBodies: readErrorBodies(ctx, op),
  };
}

/** OpenAPI's merge: a parameter is one per name and location, the last written replacing an earlier one in place.
 *  One without a name or a location is none. */
function mergedParams(declared: readonly Param[]): Param[] {
  const out: Param[] = [];
  for (const p of declared) {
    const { name, in: where } = p.node.node;
    if (!name || !where) continue;
    const i = out.findIndex((q) => q.node.node.name === name && q.node.node.in === where);
    if (i === -1) out.push(p);
    else out[i] = p;
  }
  return out;
}

function readParam(ctx: Ctx, doc: OpenApiDocument, op: Operation, param: Param, conventions: OperationConventions): ParamReading[] {
  const p = param.node.node as unknown as ParameterObject;
  // OpenAPI 3.x: header parameters named Accept, Content-Type or Authorization "SHALL be ignored"; the client sets
  // those itself (content negotiation, the body's media type, bearer auth), so a caller could only contradict it.
  if (p.in === 'header' && /^(accept|content-type|authorization)$/i.test(p.name)) return [];
  const model: Omit<ParamReading, 'at' | 'schema'> = { name: p.name, in: p.in, required: p.in === 'path' || p.required === true, deprecated: p.deprecated === true };
  const notes = parameterNotes(doc, p);
  if (notes.description) model.description = notes.description;
  if (notes.example !== undefined) model.example = notes.example;
  if (notes.default !== undefined) model.default = notes.default;
  if (notes.bounds) model.bounds = notes.bounds;
  if (typeof p.explode === 'boolean') model.explode = p.explode;
  if (typeof p.style === 'string') model.style = p.style;
  if (p.in === 'query' && p.allowReserved === true) model.allowReserved = true;
  // A parameter described by `content` (one media type; OpenAPI allows it or `schema`, not both) is serialised by it,
  // and its schema is that media type's (repairForTypes copies it to `schema` for the types).
  const content = p.content && typeof p.content === 'object' ? Object.keys(p.content)[0] : undefined;
  if (content !== undefined) model.content = content;
  // A form querystring is encoded as a form body, by its media type's `encoding`.
  const encoding = p.in === 'querystring' && content !== undefined && mediaKind(content) === 'form' && readEncoding((p.content as Record<string, { encoding?: unknown }>)[content]?.encoding);
  if (encoding) model.encoding = encoding;
  if (p.in === 'query' && p.name === 'sort' && conventions.sortable) model.sortable = conventions.sortable.fields;
  // `expand` names what the parameter lists (its enum), when it lists values: anything else is a 400.
  if (p.in === 'query' && p.name === 'expand' && conventions.expandable.length > 0) model.expand = true;
  // Only a GET or HEAD gets a 304 for it (elsewhere If-None-Match fails with 412).
  if (p.in === 'header' && p.name === conventions.etag.ifNoneMatchName && (op.method === 'get' || op.method === 'head')) model.notModified = true;
  const schema = content === undefined ? param.schema : child(ctx, child(ctx, child(ctx, param.node, 'content'), content), 'schema');
  if (schema && (schema.node.type === 'array' || schema.node.items)) model.array = true;
  if (mayBeObject(schema?.node)) model.object = true;
  return [{ ...model, at: sourceOf(param.node.location), ...schemaRef(param.schema) }];
}

/** Whether a query parameter's value may be an object (the client then needs the query-style encoder): a schema
 *  typed object, or one without a type that is not an enum or array; no schema at all counts as may. */
function mayBeObject(s: At['node'] | undefined): boolean {
  if (!s) return true;
  const types = [s.type ?? []].flat();
  return types.length ? types.includes('object') : !(s.enum || s.const !== undefined || s.items);
}

/**
 * The request body: the media type the client sends (the first concrete JSON one, else the first concrete one; a
 * wildcard such as `*\/*` or `application/*+json` only when nothing else is offered, since it can never be sent as
 * Content-Type), with the `encoding` of a form or multipart one, and all it lists.
 */
function readBody(ctx: Ctx, at: At | undefined): BodyModel | undefined {
  const entries = readContent(ctx, at);
  if (!at || entries.length === 0) return undefined;
  const body = at.node as RequestBodyObject;
  const content = entries.map(media);
  const concrete = content.map((m) => m.mediaType).filter((t) => !t.includes('*'));
  const mediaType = concrete.find((t) => mediaKind(t) === 'json') ?? concrete[0] ?? content[0]!.mediaType;
  const model: BodyModel = { mediaType, required: body.required === true, kind: mediaKind(mediaType), at: sourceOf(at.location), content };
  if (!concrete.length) model.wildcard = true;
  const encoding = (model.kind === 'form' || model.kind === 'multipart') && readEncoding(body.content?.[mediaType]?.encoding);
  if (encoding) model.encoding = encoding;
  const description = body.description || entries.find((m) => m.mediaType === mediaType)?.schema?.node.description;
  if (typeof description === 'string' && description) model.description = description;
  return model;
}

/** A media type's `encoding` (of a form or multipart body, of a form querystring), by property; none when it says
 *  nothing docex reads. */
function readEncoding(encoding: unknown): Record<string, EncodingModel> | undefined {
  if (!isObject(encoding)) return undefined;
  const read = Object.entries(encoding).flatMap(([k, e]) => {
    if (!isObject(e)) return [];
    const { contentType, style, explode, allowReserved } = e;
    const m: EncodingModel = {};
    if (typeof contentType === 'string') m.contentType = contentType;
    if (typeof style === 'string') m.style = style;
    if (typeof explode === 'boolean') m.explode = explode;
    if (allowReserved === true) m.allowReserved = true;
    return Object.keys(m).length ? [[k, m] as const] : [];
  });
  return read.length ? Object.fromEntries(read) : undefined;
}

/** The operation's own `externalDocs` URL, when it is an http(s) URL (it goes into a doc comment's link). */
function externalDocsUrl(op: OperationObject): string | undefined {
  const url = (op.externalDocs as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' && /^https?:\/\/[^\s]+$/.test(url) ? url : undefined;
}

function media(m: MediaEntry): MediaModel {
  return { mediaType: m.mediaType, at: sourceOf(m.location), ...schemaRef(m.schema) };
}

function schemaRef(schema: At | undefined): { schema?: SourceRef } {
  return schema ? { schema: sourceOf(schema.location) } : {};
}
