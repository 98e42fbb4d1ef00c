// Reads every convention and operation fact of one bundled document through the readers in conventions/, as plain
// data for the model (JSON-serialisable: locations become file + JSON pointer).
import type { OpenApiDocument } from '../load/index.js';
import { isObject } from '../util/json.js';
import {
  child,
  defaultServer,
  documentContext,
  documentSecurity,
  operationServer,
  readErrorBodies,
  requirementNames,
  schemeKind,
  securitySchemes,
  str,
  type ErrorBody,
  documentRoot,
  expandablesOf,
  operations,
  collectionUnique,
  readResources,
  readDeprecations,
  readResponses,
  readContent,
  readSunset,
  sourceOf,
  type At,
  type Ctx,
  type MediaEntry,
  type Operation,
} from './conventions/index.js';
import { readOperationConventions } from './read-conventions.js';
import type { ApiModel, CollectionModel, DeprecationModel, MediaModel, OperationConventions, SourceRef, StatusModel } from './types.js';

/** What the model takes from the readers for one operation, besides the names and types the emitter needs. */
export interface OperationReading {
  at: SourceRef;
  conventions: OperationConventions;
  statuses: StatusModel[];
  /** Where the request body is written, and its media types in document order. */
  body?: { at: SourceRef; content: MediaModel[] };
  /** Where each parameter is written, by `<in>:<name>` (the path item's, unless the operation declares its own). */
  params: Map<string, { at: SourceRef; schema?: SourceRef }>;
  deprecations: DeprecationModel[];
  sunset?: string;
  /** Its own server (path- or operation-level `servers`), when not the document's first. */
  server?: string;
  /** Its own security requirements, when it declares them. */
  security?: string[][];
  errorBodies: ErrorBody[];
}

export interface DocumentReading {
  /** By `<method> <path>` (method in lower case). */
  operations: Map<string, OperationReading>;
  collections: CollectionModel[];
  /** What a client of any API calls by default and the credentials it can give (see ApiModel). */
  server?: string;
  schemes: ApiModel['schemes'];
  security: ApiModel['security'];
  /** Where the schemes of a document that names no requirement are declared (documentSecurity). */
  unnamedSecurity?: SourceRef;
}

export function readDocument(doc: OpenApiDocument, file: string): DocumentReading {
  const ctx = documentContext(doc, file);
  const root = documentRoot(doc, file);
  const out = new Map<string, OperationReading>();
  for (const op of operations(ctx, root)) out.set(`${op.method} ${op.path}`, readOperation(ctx, op));
  const server = defaultServer(ctx, root);
  const { security, unnamed } = documentSecurity(ctx, root);
  return {
    operations: out,
    collections: collectionsOf(ctx, root),
    ...(server !== undefined ? { server } : {}),
    schemes: [...securitySchemes(ctx, root)].map(([name, s]) => ({ name, kind: schemeKind(s), ...(str(s.node.description) ? { description: str(s.node.description) } : {}) })),
    security,
    ...(unnamed ? { unnamedSecurity: sourceOf(unnamed.location) } : {}),
  };
}

/** The conventions of each operation, by `<method> <path>`. */
export function readConventions(doc: OpenApiDocument, file: string): Map<string, OperationConventions> {
  const ctx = documentContext(doc, file);
  return new Map(operations(ctx, documentRoot(doc, file)).map((op) => [`${op.method} ${op.path}`, readOperationConventions(ctx, op)]));
}

function readOperation(ctx: Ctx, op: Operation): OperationReading {
  const sunset = readSunset(op.op.node);
  const body = child(ctx, op.op, 'requestBody');
  const server = operationServer(ctx, op);
  const security = op.op.node.security;
  return {
    at: sourceOf(op.op.location),
    conventions: readOperationConventions(ctx, op),
    statuses: readResponses(ctx, op).map((r) => ({
      status: r.status,
      at: sourceOf(r.at.location),
      headers: r.headers.map((h) => ({ name: h.name, required: h.required, ...schemaRef(h.schema) })),
      content: r.content.map(media),
    })),
    ...(body ? { body: { at: sourceOf(body.location), content: readContent(ctx, body).map(media) } } : {}),
    params: new Map(op.params.map((p) => [`${p.in}:${p.name}`, { at: sourceOf(p.node.location), ...schemaRef(p.schema) }])),
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

function media(m: MediaEntry): MediaModel {
  return { mediaType: m.mediaType, at: sourceOf(m.location), ...schemaRef(m.schema) };
}

function schemaRef(schema: At | undefined): { schema?: SourceRef } {
  return schema ? { schema: sourceOf(schema.location) } : {};
}

/** The collections of the document: their items, expandable references and duplicate criteria. */
function collectionsOf(ctx: Ctx, root: At): CollectionModel[] {
  const schemas = child(ctx, child(ctx, root, 'components'), 'schemas')?.node ?? {};
  const ops = operations(ctx, root);
  return [...readResources(ctx, root).values()].flatMap((r) => {
    const c = r.collection;
    if (!c) return [];
    const unique = collectionUnique(ops, r.path);
    return [
      {
        path: r.path,
        item: sourceOf(c.item.location),
        ...(c.shape ? { shape: c.shape } : {}),
        nested: c.nested,
        references: expandablesOf(ctx, c.item)
          .filter((e) => Object.hasOwn(schemas, e.target))
          .map((e) => ({ name: e.name, target: e.target })),
        ...(unique ? { unique: { fields: [...unique.fields], at: sourceOf(unique.at) } } : {}),
      },
    ];
  });
}
