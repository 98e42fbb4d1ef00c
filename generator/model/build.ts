// The model of one bundled document: the readings of read.ts, named (methods, parameter keys, the client's names)
// and assembled into the sorted operation record.
import type { OpenApiDocument } from '../load/index.js';
import { referenceLink } from './reference-link.js';
import { readDocument } from './read.js';
import type { OperationReading } from './read-operation.js';
import { declaredRequestIdHeader, uniqueOperationIds } from './conventions/index.js';
import { unique } from '../util/names.js';
import { clientNames, safeName, typesKeyOf } from './names.js';
import { clientPaths, type ClientNaming } from './client-paths.js';
import type { ApiModel, OperationModel } from './types.js';
import type { PaginationSetting } from '../util/config.js';

interface ModelOptions {
  id: string;
  /** What the client is named after: `--name` or `clients` in the config, else the sub API (`document`) or a foreign
   *  document's title, shortened (names.ts shortTitle). */
  name: string;
  apiPath: string;
  source: string;
  /** Where the docs site of the documents is published (`docsUrl` of docex.config.json): operations with an
   *  operationId link to their section of it (an API of the tree only, `id` set). */
  docsUrl?: string;
  /** How the author groups and renames the client's methods (docex.config.json `clients`). */
  naming?: ClientNaming;
  /** The response header of the API's request id (config `requestIdHeader`), over the one the document declares. */
  requestIdHeader?: string;
  /** How operations page, by operationId (docex.config.json `clients` `pagination`), over the document's reading. */
  pagination?: Readonly<Record<string, PaginationSetting>>;
}

/** Params objects hold the request body under this key. */
const PARAM_MEMBERS = new Set(['body']);

/**
 * Builds the sorted operation model of one bundled document. Missing or duplicate operationIds (only possible in
 * foreign documents: the loader rejects them in ours) get names derived from method and path, with a warning.
 */
export function buildApiModel(doc: OpenApiDocument, opts: ModelOptions): ApiModel {
  const warnings: ApiModel['warnings'] = [];
  const reading = readDocument(doc, opts.source, opts.pagination);
  for (const u of reading.unsupported) warnings.push({ ...u, unsupported: true });
  warnings.push(...reading.problems);
  const uniqueIds = uniqueOperationIds(reading.operations);
  // openapi-typescript files operations under a rewritten id; index by that key only where it stays unique.
  const uniqueKeys = uniqueOperationIds(reading.operations.map((r) => ({ operationId: r.operationId && typesKeyOf(r.operationId) })));
  const bases = reading.operations.map((r) => (r.operationId && uniqueIds.has(r.operationId) ? r.operationId : derivedName(r.method, r.path)));
  const paths = clientPaths(
    reading.operations.map((r, i) => ({ ...(r.operationId ? { operationId: r.operationId } : {}), base: bases[i]!, ...(r.tag !== undefined ? { tag: r.tag } : {}) })),
    opts.naming ?? {},
    (line) => warnings.push(line),
  );
  // The name its types are named after (`reposGet`: ReposGetParams): the client path's words, unique in the API.
  const used = new Set<string>();
  const operations = reading.operations.map((r, order) => {
    const id = r.operationId;
    const base = bases[order]!;
    const access = paths[order]!;
    const name = unique(access.map((s, i) => (i ? s[0]!.toUpperCase() + s.slice(1) : s)).join(''), used);
    if (base !== id) warnings.push(`${r.httpMethod} ${r.path}: ${id ? `duplicate operationId "${id}"` : 'no operationId'}, method named ${access.join('.')}`);
    const op = buildOperation(r, name, access, warnings, order);
    const docsUrl = r.externalDocs ?? (opts.docsUrl && opts.id && id ? referenceLink(opts.docsUrl, opts.id, op.tag, id) : undefined);
    if (docsUrl) op.docsUrl = docsUrl;
    const key = id ? typesKeyOf(id) : undefined;
    if (key !== undefined && uniqueKeys.has(key)) op.typesKey = key;
    return op;
  });
  operations.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const { server, schemes, security, unnamedSecurity } = reading;
  const requestIdHeader = opts.requestIdHeader ?? declaredRequestIdHeader(operations.flatMap((op) => op.statuses.flatMap((s) => s.headers.map((h) => h.name))));
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
    title: reading.title,
    version: reading.version,
    tags: reading.tags,
    operations,
    collections: reading.collections,
    schemas: reading.schemas,
    ...(server !== undefined ? { server } : {}),
    ...(requestIdHeader !== undefined ? { requestIdHeader } : {}),
    schemes,
    security,
    warnings,
  };
}

function derivedName(method: string, path: string): string {
  const segments = path.split('/').filter(Boolean).map((s) => (s.startsWith('{') ? `By ${s.slice(1, -1)}` : s));
  return `${method} ${segments.join(' ')}`;
}

/** The record of one operation: its reading, with its method's name and its parameters' keys. */
function buildOperation(reading: OperationReading, name: string, access: string[], warnings: ApiModel['warnings'], order: number): OperationModel {
  const keys = new Set<string>();
  const model: OperationModel = {
    name,
    access,
    method: reading.httpMethod,
    path: reading.path,
    order,
    at: reading.at,
    deprecated: reading.deprecated,
    deprecations: reading.deprecations,
    params: reading.params.map((p) => ({ key: unique(safeName(p.name, PARAM_MEMBERS), keys), ...p })),
    statuses: reading.statuses,
    conventions: reading.conventions,
    errorBodies: reading.errorBodies,
  };
  if (reading.server !== undefined) model.server = reading.server;
  if (reading.security) model.security = reading.security;
  if (reading.operationId) model.operationId = reading.operationId;
  if (reading.tag !== undefined) model.tag = reading.tag;
  if (reading.summary) model.summary = reading.summary;
  if (reading.description) model.description = reading.description;
  if (reading.sunset !== undefined) model.sunset = reading.sunset;
  // fetch cannot send a body with GET or HEAD (nor can most servers read one): the method takes none.
  const { body } = reading;
  if (body && (model.method === 'GET' || model.method === 'HEAD')) warnings.push(`${model.method} ${reading.path}: its request body is left out (a ${model.method} request cannot carry one)`);
  else if (body) model.body = body;
  return model;
}
