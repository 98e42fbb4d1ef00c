import { deref, HTTP_METHODS } from '../load/index.js';
import type { OpenApiDocument, OperationObject, ParameterObject, RequestBodyObject, ResponseObject, SchemaObject } from '../load/index.js';
import { expandableOf, expandValues, hasEtagHeader, isCollectionPage, limitMaximum } from './conventions.js';
import { mediaKind } from './media.js';
import { pascalCase, safeName, unique } from './names.js';
import type { ApiModel, BodyModel, Method, OperationModel, ParamModel, ResponseModel } from './types.js';

export interface ModelOptions {
  id: string;
  factory: string;
  apiPath: string;
  source: string;
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
  const warnings: string[] = [];
  const raws: RawOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const pathItem = deref<typeof item>(doc, item);
    if (!pathItem) continue;
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (op && typeof op === 'object') raws.push({ path, method, op, pathParams: pathItem.parameters ?? [] });
    }
  }

  const idCount = new Map<string, number>();
  for (const r of raws) if (r.op.operationId) idCount.set(r.op.operationId, (idCount.get(r.op.operationId) ?? 0) + 1);
  const used = new Set<string>();
  const operations = raws.map((r, order) => {
    const id = r.op.operationId;
    let base: string;
    if (id && idCount.get(id) === 1) base = id;
    else {
      base = derivedName(r.method, r.path);
    }
    const name = unique(safeName(base, CLIENT_MEMBERS), used);
    if (base !== id) warnings.push(`${r.method.toUpperCase()} ${r.path}: ${id ? `duplicate operationId "${id}"` : 'no operationId'}, method named ${name}`);
    return buildOperation(doc, r, name, warnings, order);
  });
  operations.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { id: opts.id, factory: opts.factory, apiPath: opts.apiPath, source: opts.source, title: doc.info?.title ?? '', tags: documentTags(doc), operations, warnings };
}

/** Whether a query parameter's value may be an object (the client then needs the query-style encoder): a schema
 *  typed object, or one without a type that is not an enum or array; no schema at all counts as may. */
function mayBeObject(s: SchemaObject | undefined): boolean {
  if (!s) return true;
  const types = [s.type ?? []].flat();
  return types.length ? types.includes('object') : !(s.enum || s.const !== undefined || s.items);
}

function derivedName(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean).map((s) => (s.startsWith('{') ? `By ${s.slice(1, -1)}` : s));
  return `${method} ${segments.join(' ')}`;
}

function documentTags(doc: OpenApiDocument): string[] {
  return (doc.tags ?? []).map((t) => t?.name).filter((n): n is string => typeof n === 'string');
}

function buildOperation(doc: OpenApiDocument, r: RawOperation, name: string, warnings: string[], order: number): OperationModel {
  const { op } = r;
  const merged = new Map<string, ParameterObject>();
  for (const p of [...r.pathParams, ...(op.parameters ?? [])]) {
    const param = deref<ParameterObject>(doc, p);
    if (param?.name && param.in) merged.set(`${param.in}:${param.name}`, param);
  }
  const keys = new Set<string>();
  const params: ParamModel[] = [];
  let expandParam: ParameterObject | undefined;
  for (const p of merged.values()) {
    if (p.in === 'cookie') {
      warnings.push(`${name}: cookie parameter "${p.name}" is not supported and is left out`);
      continue;
    }
    // OpenAPI 3.x: header parameters named Accept, Content-Type or Authorization "SHALL be ignored"; the client sets
    // those itself (content negotiation, the body's media type, bearer auth), so a caller could only contradict it.
    if (p.in === 'header' && /^(accept|content-type|authorization)$/i.test(p.name)) continue;
    const model: ParamModel = {
      key: unique(safeName(p.name, PARAM_MEMBERS), keys),
      name: p.name,
      in: p.in,
      required: p.in === 'path' || p.required === true,
      deprecated: p.deprecated === true,
    };
    if (p.description) model.description = p.description;
    if (typeof p.explode === 'boolean') model.explode = p.explode;
    if (typeof p.style === 'string') model.style = p.style;
    const sortable = p['x-sortable'];
    if (p.in === 'query' && sortable && Array.isArray(sortable.properties)) model.sortable = sortable.properties.filter((s) => typeof s === 'string');
    if (p.in === 'query' && p.name === 'expand') expandParam = p;
    const ps = deref<SchemaObject>(doc, p.schema);
    if (ps && (ps.type === 'array' || ps.items)) model.array = true;
    if (p.in === 'query' && mayBeObject(ps)) model.object = true;
    params.push(model);
  }

  const responses: ResponseModel[] = [];
  const emptyStatuses: string[] = [];
  const errorStatuses: string[] = [];
  let primaryJson: ResponseObject | undefined;
  let etag = false;
  for (const [status, raw] of Object.entries(op.responses ?? {})) {
    const response = deref<ResponseObject>(doc, raw);
    if (!response) continue;
    if (!/^2(\d\d|XX)$/i.test(status)) {
      if (/^[45]/.test(status) || status === 'default') errorStatuses.push(status);
      continue;
    }
    if (hasEtagHeader(doc, response)) etag = true;
    const content = Object.keys(response.content ?? {});
    if (content.length === 0) emptyStatuses.push(status);
    for (const mediaType of content) {
      const kind = mediaKind(mediaType);
      const existing = responses.find((x) => x.mediaType === mediaType);
      if (existing) existing.statuses.push(status);
      else responses.push({ mediaType, kind: kind === 'form' || kind === 'multipart' ? 'binary' : kind, statuses: [status] });
      if (kind === 'json' && !primaryJson) primaryJson = response;
    }
  }

  const model: OperationModel = {
    name,
    method: r.method.toUpperCase() as Method,
    path: r.path,
    order,
    deprecated: op.deprecated === true,
    params,
    responses,
    emptyStatuses,
    errorStatuses,
    etag: etag && r.method === 'get',
  };
  if (op.operationId) model.operationId = op.operationId;
  if (typeof op.tags?.[0] === 'string') model.tag = op.tags[0];
  const summary = op.summary ?? op.description?.split('\n')[0];
  if (summary) model.summary = summary;
  const body = requestBody(doc, op.requestBody);
  if (body) model.body = body;

  const primarySchema = primaryJson?.content?.[Object.keys(primaryJson.content).find((m) => mediaKind(m) === 'json')!]?.schema;
  if (r.method === 'get' && isCollectionPage(doc, primarySchema)) {
    const limit = params.find((p) => p.in === 'query' && p.name === 'limit');
    const max = limitMaximum(doc, limit ? merged.get('query:limit') : undefined);
    model.paginated = max === undefined ? {} : { limitMax: max };
  }
  if (expandParam) {
    const all = expandableOf(doc, primarySchema);
    const allowed = expandValues(doc, expandParam);
    const expandable = Object.fromEntries(Object.entries(all).filter(([k]) => !allowed || allowed.includes(k)).sort(([a], [b]) => (a < b ? -1 : 1)));
    if (Object.keys(expandable).length > 0) {
      model.expandable = expandable;
      params.find((p) => p.in === 'query' && p.name === 'expand')!.expand = true;
    }
  }
  return model;
}

/** The request body's media type: JSON when offered, else the first one listed. */
function requestBody(doc: OpenApiDocument, raw: RequestBodyObject | undefined): BodyModel | undefined {
  const body = deref<RequestBodyObject>(doc, raw);
  const types = Object.keys(body?.content ?? {});
  if (!body || types.length === 0) return undefined;
  const mediaType = types.find((t) => mediaKind(t) === 'json') ?? types[0]!;
  return { mediaType, required: body.required === true, kind: mediaKind(mediaType) };
}

/** `document` -> `createDocumentClient`; a foreign title `GitHub v3 REST API` -> `createGitHubV3RestApiClient`. */
export function factoryName(name: string): string {
  return `create${pascalCase(name) || 'Api'}Client`;
}
