import type { ApiEntry, OpenApiDocument } from '../load/index.js';
import { buildApiModel, type ApiModel, type OperationModel, type TokenServiceRole } from '../model/index.js';
import { slugOf } from '../model/reference-link.js';

export interface OperationInfo {
  /** The generated client's method, by its path on the client (`listDocuments`, `repos.get`). */
  name: string;
  method: string;
  path: string;
  operationId: string | undefined;
  summary: string | undefined;
  deprecated: boolean;
  /** The part of the token service it is (the model's reading), if any. */
  tokenService?: TokenServiceRole;
  /** Query values for a first-call example: a page size, the default sort descending, an expandable reference. */
  example: { limit?: number; sort?: string; expand?: string };
}

interface ServerInfo {
  url: string;
  description: string | undefined;
  variables: { name: string; default: string; values: string[]; description: string | undefined }[];
}

/** What the landing page, navigation and changelog need to know about one document. */
export interface ApiInfo {
  id: string;
  /** File-name form of the id: `document-v1`, `token`. */
  slug: string;
  subApi: string;
  version: string | undefined;
  isToken: boolean;
  title: string;
  documentVersion: string;
  summary: string | undefined;
  servers: ServerInfo[];
  /** The generated client's factory, `createDocumentClient` (the model's). */
  factory: string;
  /** The model of the document (operations named as the generated client names them). */
  model: ApiModel;
  operations: OperationInfo[];
  deprecations: string[];
}

/** The server's URL with each variable at its default. */
export function withDefaults(server: ServerInfo): string {
  return server.url.replace(/\{([^}]+)\}/g, (m, name: string) => server.variables.find((v) => v.name === name)?.default ?? m);
}

/** `{base_url}`: a sub API's server URL without its trailing `/{subApi}/{version}`. */
export function baseUrlOf(api: ApiInfo, server: ServerInfo): string {
  const suffix = `/${api.subApi}/${api.version}`;
  const url = server.url.replace(/\/+$/, '');
  return (url.endsWith(suffix) ? url.slice(0, -suffix.length) : url) + '/';
}

/** How pages name an API: `document v1`, `token service`. */
export function apiLabel(a: ApiInfo): string {
  return a.isToken ? 'token service' : `${a.subApi} ${a.version}`;
}

/** The first paragraph of a (markdown) description, as plain text. */
function firstParagraph(text: string | undefined): string | undefined {
  const para = text?.trim().split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim();
  return para || undefined;
}

export function describeApi(entry: ApiEntry, doc: OpenApiDocument): ApiInfo {
  const model = buildApiModel(doc, { id: entry.id, name: entry.subApi, apiPath: '', source: entry.relPath });
  const operations: OperationInfo[] = [];
  const deprecations: string[] = [];
  for (const m of [...model.operations].sort((a, b) => a.order - b.order)) {
    operations.push({
      name: m.access.join('.'),
      method: m.method,
      path: m.path,
      operationId: m.operationId,
      summary: m.summary,
      deprecated: m.deprecated,
      ...(m.conventions.tokenService ? { tokenService: m.conventions.tokenService } : {}),
      example: exampleQuery(m),
    });
    deprecations.push(...operationDeprecations(m));
  }
  return {
    id: entry.id,
    slug: slugOf(entry.id),
    subApi: entry.subApi,
    version: entry.version,
    isToken: entry.version === undefined,
    title: doc.info.title,
    documentVersion: doc.info.version,
    summary: firstParagraph(doc.info.description),
    servers: (doc.servers ?? []).map((s) => ({
      url: s.url,
      description: s.description,
      variables: Object.entries(s.variables ?? {}).map(([name, v]) => ({
        name,
        default: v.default,
        values: v.enum ?? [],
        description: v.description,
      })),
    })),
    factory: model.factory,
    model,
    operations,
    deprecations: [...new Set(deprecations)],
  };
}

/** The model's deprecations of an operation in words: itself, its parameters, its request body's schemas (e.g. a grant's form). */
function operationDeprecations(op: OperationModel): string[] {
  const name = `${op.method} ${op.path}`;
  const why = (d: string | undefined) => (firstParagraph(d) ? `: ${firstParagraph(d)}` : '');
  return op.deprecations.map((d) => (d.subject ? `${name}: ${d.subject}${why(d.description)}` : `${name}${op.operationId ? ` (${op.operationId})` : ''}${why(d.description)}`));
}

/** Example query values from the model's readings: a page size within the bound, the default sort descending, an expandable reference. */
function exampleQuery(op: OperationModel): OperationInfo['example'] {
  const example: OperationInfo['example'] = {};
  const query = (name: string) => op.params.some((p) => p.in === 'query' && p.name === name);
  const { collection, sortable, expandable } = op.conventions;
  if (query('limit')) example.limit = Math.min(50, collection.limitMax ?? 50);
  if (query('sort') && sortable?.default) example.sort = `-${sortable.default.replace(/^-/, '')}`;
  if (expandable[0]) example.expand = expandable[0].name;
  return example;
}
