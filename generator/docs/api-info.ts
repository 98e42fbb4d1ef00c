import type { ApiEntry, OpenApiDocument, OperationObject, SchemaObject } from '../load/index.js';
import { deref, HTTP_METHODS, refName } from '../load/index.js';
import { buildApiModel, type ApiModel, type OperationModel, type TokenServiceRole } from '../model/index.js';
import { slugOf } from './reference-link.js';

export interface OperationInfo {
  /** The generated client's method name (the model's). */
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

export interface ServerInfo {
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

export { slugOf } from './reference-link.js';

/** The first paragraph of a (markdown) description, as plain text. */
export function firstParagraph(text: string | undefined): string | undefined {
  const para = text?.trim().split(/\n\s*\n/)[0]?.replace(/\s+/g, ' ').trim();
  return para || undefined;
}

export function describeApi(entry: ApiEntry, doc: OpenApiDocument): ApiInfo {
  const model = buildApiModel(doc, { id: entry.id, name: entry.subApi, apiPath: '', source: entry.relPath });
  const { factory } = model;
  const modelled = new Map(model.operations.map((o) => [`${o.method} ${o.path}`, o]));
  const operations: OperationInfo[] = [];
  const deprecations: string[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    if (!item) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = `${method.toUpperCase()} ${path}`;
      const m = modelled.get(name)!;
      operations.push({
        name: m.name,
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        summary: op.summary,
        deprecated: op.deprecated === true,
        ...(m.conventions.tokenService ? { tokenService: m.conventions.tokenService } : {}),
        example: exampleQuery(m),
      });
      deprecations.push(...operationDeprecations(doc, name, op));
    }
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
    factory,
    model,
    operations,
    deprecations: [...new Set(deprecations)],
  };
}

/** Deprecated operations, parameters and request/response schemas (e.g. the password grant's form body). */
function operationDeprecations(doc: OpenApiDocument, name: string, op: OperationObject): string[] {
  const found: string[] = [];
  const why = (d: string | undefined) => (firstParagraph(d) ? `: ${firstParagraph(d)}` : '');
  if (op.deprecated) found.push(`${name}${op.operationId ? ` (${op.operationId})` : ''}${why(op.description)}`);
  for (const raw of op.parameters ?? []) {
    const p = deref(doc, raw);
    if (p?.deprecated) found.push(`${name}: parameter \`${p.name}\`${why(p.description)}`);
  }
  const body = deref(doc, op.requestBody);
  for (const media of Object.values(body?.content ?? {})) {
    walkSchema(doc, media.schema, 'request body', new Set(), (label, s) => found.push(`${name}: ${label}${why(s.description)}`));
  }
  return found;
}

/** Visits deprecated schemas reachable from `schema` (through refs, compositions and properties), each once. */
function walkSchema(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  label: string,
  seen: Set<object>,
  onDeprecated: (label: string, s: SchemaObject) => void,
): void {
  if (!schema || seen.size > 500) return;
  const named = schema.$ref ? refName(schema.$ref) : undefined;
  const s = deref<SchemaObject>(doc, schema);
  if (!s || seen.has(s)) return;
  seen.add(s);
  const here = named ? `${label} \`${named}\`` : typeof s.title === 'string' ? `${label} "${s.title}"` : label;
  if (s.deprecated) onDeprecated(here, s);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const sub of s[key] ?? []) walkSchema(doc, sub, label, seen, onDeprecated);
  }
  for (const [prop, sub] of Object.entries(s.properties ?? {})) walkSchema(doc, sub, `${here}, property \`${prop}\``, seen, onDeprecated);
  if (s.items) walkSchema(doc, s.items, here, seen, onDeprecated);
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
