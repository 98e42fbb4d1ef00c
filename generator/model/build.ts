import { deref, HTTP_METHODS } from '../load/index.js';
import type { OpenApiDocument, OperationObject, ParameterObject, MediaTypeObject, RequestBodyObject, SchemaObject } from '../load/index.js';
import { referenceLink } from './reference-link.js';
import { readDocument, type OperationReading } from './read.js';
import { mediaKind, uniqueOperationIds } from './conventions/index.js';
import { unique } from '../util/names.js';
import { parameterNotes } from './value-notes.js';
import { clientNames, safeName, typesKeyOf } from './names.js';
import type { ApiModel, BodyModel, EncodingModel, Method, OperationModel, ParamModel } from './types.js';

export interface ModelOptions {
  id: string;
  /** What the client is named after: the sub API (`document`) or a foreign document's title. */
  name: string;
  apiPath: string;
  source: string;
  /** Where the docs site of the documents is published (`docsUrl` of docex.config.json): operations with an
   *  operationId link to their section of it (an API of the tree only, `id` set). */
  docsUrl?: string;
}

/** Names the generated client object uses for itself; operations never shadow them. */
const CLIENT_MEMBERS = new Set(['then']);
/** Params objects hold the request body under this key. */
const PARAM_MEMBERS = new Set(['body']);

interface RawOperation {
  path: string;
  method: (typeof HTTP_METHODS)[number];
  op: OperationObject;
  pathParams: ParameterObject[];
}

/**
 * Builds the sorted operation model of one bundled document. Missing or duplicate operationIds (only possible in
 * foreign documents: the loader rejects them in ours) get names derived from method and path, with a warning.
 */
export function buildApiModel(doc: OpenApiDocument, opts: ModelOptions): ApiModel {
  const warnings: ApiModel['warnings'] = [];
  const raws: RawOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const pathItem = deref<typeof item>(doc, item);
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (op && typeof op === 'object') raws.push({ path, method, op, pathParams: pathItem.parameters ?? [] });
    }
  }

  const uniqueIds = uniqueOperationIds(raws.map((r) => r.op));
  const reading = readDocument(doc, opts.source);
  // openapi-typescript files operations under a rewritten id; index by that key only where it stays unique.
  const uniqueKeys = uniqueOperationIds(raws.map((r) => ({ operationId: r.op.operationId && typesKeyOf(r.op.operationId) })));
  const used = new Set<string>();
  const operations = raws.map((r, order) => {
    const id = r.op.operationId;
    const base = id && uniqueIds.has(id) ? id : derivedName(r.method, r.path);
    const name = unique(safeName(base, CLIENT_MEMBERS), used);
    if (base !== id) warnings.push(`${r.method.toUpperCase()} ${r.path}: ${id ? `duplicate operationId "${id}"` : 'no operationId'}, method named ${name}`);
    const op = buildOperation(doc, r, name, reading.operations.get(`${r.method} ${r.path}`)!, warnings, order);
    const docsUrl = externalDocsUrl(r.op) ?? (opts.docsUrl && opts.id && id ? referenceLink(opts.docsUrl, opts.id, op.tag, id) : undefined);
    if (docsUrl) op.docsUrl = docsUrl;
    const key = id ? typesKeyOf(id) : undefined;
    if (key !== undefined && uniqueKeys.has(key)) op.typesKey = key;
    return op;
  });
  operations.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const { server, schemes, security, unnamedSecurity } = reading;
  if (unnamedSecurity) {
    warnings.push({
      at: unnamedSecurity,
      message: 'the document declares security schemes but names no security requirement (no root `security`, none on any operation): every operation sends the credentials the client is given',
    });
  }
  return {
    id: opts.id,
    ...clientNames(opts.name),
    apiPath: opts.apiPath,
    source: opts.source,
    title: doc.info?.title ?? '',
    tags: documentTags(doc),
    operations,
    collections: reading.collections,
    ...(server !== undefined ? { server } : {}),
    schemes,
    security,
    warnings,
  };
}

/** Whether a query parameter's value may be an object (the client then needs the query-style encoder): a schema
 *  typed object, or one without a type that is not an enum or array; no schema at all counts as may. */
function mayBeObject(s: SchemaObject | undefined): boolean {
  if (!s) return true;
  const types = [s.type ?? []].flat();
  return types.length ? types.includes('object') : !(s.enum || s.const !== undefined || s.items);
}

/** The operation's own `externalDocs` URL, when it is an http(s) URL (it goes into a doc comment's link). */
function externalDocsUrl(op: OperationObject): string | undefined {
  const url = (op.externalDocs as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' && /^https?:\/\/[^\s]+$/.test(url) ? url : undefined;
}

function derivedName(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean).map((s) => (s.startsWith('{') ? `By ${s.slice(1, -1)}` : s));
  return `${method} ${segments.join(' ')}`;
}

function documentTags(doc: OpenApiDocument): string[] {
  return (doc.tags ?? []).map((t) => t?.name).filter((n): n is string => typeof n === 'string');
}

function buildOperation(doc: OpenApiDocument, r: RawOperation, name: string, reading: OperationReading, warnings: ApiModel['warnings'], order: number): OperationModel {
  const { op } = r;
  const { conventions } = reading;
  const merged = new Map<string, ParameterObject>();
  for (const p of [...r.pathParams, ...(op.parameters ?? [])]) {
    const param = deref<ParameterObject>(doc, p);
    if (param?.name && param.in) merged.set(`${param.in}:${param.name}`, param);
  }
  const keys = new Set<string>();
  const params: ParamModel[] = [];
  const expandable = conventions.expandable.length > 0;
  for (const p of merged.values()) {
    // OpenAPI 3.x: header parameters named Accept, Content-Type or Authorization "SHALL be ignored"; the client sets
    // those itself (content negotiation, the body's media type, bearer auth), so a caller could only contradict it.
    if (p.in === 'header' && /^(accept|content-type|authorization)$/i.test(p.name)) continue;
    const model: Omit<ParamModel, 'at'> = {
      key: unique(safeName(p.name, PARAM_MEMBERS), keys),
      name: p.name,
      in: p.in,
      required: p.in === 'path' || p.required === true,
      deprecated: p.deprecated === true,
    };
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
    if (p.in === 'query' && p.name === 'sort' && conventions.sortable) model.sortable = conventions.sortable.fields;
    // `expand` names what the parameter lists (its enum), when it lists values: anything else is a 400.
    if (p.in === 'query' && p.name === 'expand' && expandable) model.expand = true;
    // Only a GET or HEAD gets a 304 for it (elsewhere If-None-Match fails with 412).
    if (p.in === 'header' && p.name === conventions.etag.ifNoneMatchName && (r.method === 'get' || r.method === 'head')) model.notModified = true;
    const ps = deref<SchemaObject>(doc, content === undefined ? p.schema : (p.content as Record<string, MediaTypeObject>)[content]?.schema);
    if (ps && (ps.type === 'array' || ps.items)) model.array = true;
    if (mayBeObject(ps)) model.object = true;
    // Where it is written: the readers walked the same parameters (the operation's own over its path item's); one
    // they could not name (an `in` that is no string) is placed at its operation.
    const where = reading.params.get(`${p.in}:${p.name}`) ?? { at: reading.at };
    params.push({ ...model, at: where.at, ...(where.schema ? { schema: where.schema } : {}) });
  }

  const model: OperationModel = {
    name,
    method: r.method.toUpperCase() as Method,
    path: r.path,
    order,
    at: reading.at,
    deprecated: op.deprecated === true,
    deprecations: reading.deprecations,
    params,
    statuses: reading.statuses,
    conventions,
    errorBodies: reading.errorBodies,
  };
  if (reading.server !== undefined) model.server = reading.server;
  if (reading.security) model.security = reading.security;
  if (op.operationId) model.operationId = op.operationId;
  if (typeof op.tags?.[0] === 'string') model.tag = op.tags[0];
  const summary = op.summary ?? op.description?.split('\n')[0];
  if (summary) model.summary = summary;
  if (typeof op.description === 'string' && op.description) model.description = op.description;
  if (reading.sunset !== undefined) model.sunset = reading.sunset;
  const body = requestBody(doc, op.requestBody, reading.body);
  // fetch cannot send a body with GET or HEAD (nor can most servers read one): the method takes none.
  if (body && (model.method === 'GET' || model.method === 'HEAD')) warnings.push(`${model.method} ${r.path}: its request body is left out (a ${model.method} request cannot carry one)`);
  else if (body) model.body = body;
  return model;
}

/**
 * The request body: the media type the client sends (the first concrete JSON one, else the first concrete one; a
 * wildcard such as `*\/*` or `application/*+json` only when nothing else is offered, since it can never be sent as
 * Content-Type), with the `encoding` of a form or multipart one, and all it lists.
 */
function requestBody(doc: OpenApiDocument, raw: RequestBodyObject | undefined, read: OperationReading['body']): BodyModel | undefined {
  const body = deref<RequestBodyObject>(doc, raw);
  if (!body || !read || read.content.length === 0) return undefined;
  const { content } = read;
  const concrete = content.map((m) => m.mediaType).filter((t) => !t.includes('*'));
  const mediaType = concrete.find((t) => mediaKind(t) === 'json') ?? concrete[0] ?? content[0]!.mediaType;
  const model: BodyModel = { mediaType, required: body.required === true, kind: mediaKind(mediaType), at: read.at, content };
  if (!concrete.length) model.wildcard = true;
  const encoding = body.content?.[mediaType]?.encoding;
  if ((model.kind === 'form' || model.kind === 'multipart') && encoding && typeof encoding === 'object') {
    const entries = Object.entries(encoding as Record<string, unknown>).flatMap(([k, e]) => {
      if (!e || typeof e !== 'object') return [];
      const { contentType, style, explode, allowReserved } = e as Record<string, unknown>;
      const m: EncodingModel = {};
      if (typeof contentType === 'string') m.contentType = contentType;
      if (typeof style === 'string') m.style = style;
      if (typeof explode === 'boolean') m.explode = explode;
      if (allowReserved === true) m.allowReserved = true;
      return Object.keys(m).length ? [[k, m] as const] : [];
    });
    if (entries.length) model.encoding = Object.fromEntries(entries);
  }
  const description = body.description || deref<SchemaObject>(doc, body.content?.[mediaType]?.schema)?.description;
  if (typeof description === 'string' && description) model.description = description;
  return model;
}
