// Reads every convention and operation fact of one bundled document through the readers in conventions/, in one
// walk, as plain data for the model (JSON-serialisable: locations become file + JSON pointer); each operation's by
// read-operation.ts.
import type { OpenApiDocument } from '../load/index.js';
import { openapiVersion } from '../load/index.js';
import { isObject } from '../util/json.js';
import {
  child,
  collectionUnique,
  configPagination,
  defaultServer,
  documentContext,
  documentRoot,
  documentSecurity,
  expandablesOf,
  operations,
  Place,
  readPagination,
  readResources,
  readTags,
  schemeRecord,
  securitySchemes,
  sourceOf,
  str,
  type At,
  type Ctx,
  type Operation,
  unsupportedConstructs,
} from './conventions/index.js';
import type { PaginationSetting } from '../util/config.js';
import { unescapePointer } from '../util/json.js';
import { readOperationConventions } from './read-conventions.js';
import { readOperation, type OperationReading } from './read-operation.js';
import type { ApiModel, CollectionModel, OperationConventions, SchemaEntry, SourceRef } from './types.js';

interface DocumentReading {
  title: string;
  version: ApiModel['version'];
  /** Its tags, in document order. */
  tags: ApiModel['tags'];
  /** In document order: paths, then methods. */
  operations: OperationReading[];
  collections: CollectionModel[];
  schemas: SchemaEntry[];
  /** What a client of any API calls by default and the credentials it can give (see ApiModel). */
  server?: string;
  schemes: ApiModel['schemes'];
  security: ApiModel['security'];
  /** Where the schemes of a document that names no requirement are declared (documentSecurity). */
  unnamedSecurity?: SourceRef;
  /** What of the document docex does not carry, where it is written. */
  unsupported: { at: SourceRef; message: string }[];
  /** Written values docex cannot read (a bad `x-pagination`), where written; a config setting's, as a line. */
  problems: ({ at: SourceRef; message: string } | string)[];
}

export function readDocument(doc: OpenApiDocument, file: string, pagination: Readonly<Record<string, PaginationSetting>> = {}): DocumentReading {
  const ctx = documentContext(doc, file);
  const root = documentRoot(doc, file);
  const server = defaultServer(ctx, root);
  const { security, unnamed } = documentSecurity(ctx, root);
  const problems: DocumentReading['problems'] = [];
  const configured = new Set<string>();
  const operationReading = (op: Operation): OperationReading => {
    const reading = readOperation(ctx, doc, op);
    const own = readPagination(ctx, op).problem;
    if (own) problems.push({ at: sourceOf(own.at), message: `${op.httpMethod} ${op.path}: ${own.message}` });
    const id = reading.operationId;
    const setting = id !== undefined && Object.hasOwn(pagination, id) ? pagination[id]! : undefined;
    if (!setting) return reading;
    configured.add(id!);
    const shown = `${setting.at.file}: "${setting.at.pointer.slice(2).split('/').map(unescapePointer).join('.')}"`;
    const r = configPagination(ctx, op, setting.value, new Place({ absoluteRef: setting.at.file }, setting.at.pointer), shown);
    if (r.problem) problems.push(r.problem.message);
    // The config decides: its Paging, or none (false, or a value it cannot read: warned).
    const { pagination: _, ...conventions } = reading.conventions;
    return { ...reading, conventions: { ...conventions, ...(r.found ? { pagination: { ...r.found.paging, source: r.found.source, at: setting.at } } : {}) } };
  };
  const read = operations(ctx, root).map(operationReading);
  for (const id of Object.keys(pagination)) if (!configured.has(id)) problems.push(`${pagination[id]!.at.file}: the pagination setting of "${id}" matches no operationId: it is left out`);
  return {
    title: doc.info?.title ?? '',
    version: openapiVersion(root.node),
    tags: readTags(ctx, root),
    operations: read,
    collections: collectionsOf(ctx, root),
    schemas: schemasOf(ctx, root),
    ...(server !== undefined ? { server } : {}),
    schemes: [...securitySchemes(ctx, root)].map(([name, s]) => schemeRecord(ctx, name, s)),
    security,
    ...(unnamed ? { unnamedSecurity: sourceOf(unnamed.location) } : {}),
    unsupported: unsupportedConstructs(ctx, root).map((u) => ({ at: sourceOf(u.at), message: u.message })),
    problems,
  };
}

/** The conventions of each operation, by `<method> <path>`. */
export function readConventions(doc: OpenApiDocument, file: string): Map<string, OperationConventions> {
  const ctx = documentContext(doc, file);
  return new Map(operations(ctx, documentRoot(doc, file)).map((op) => [`${op.method} ${op.path}`, readOperationConventions(ctx, op)]));
}

/** The document's `components.schemas`, each with the words its hover shows (a `$ref` schema: the target's, unless
 *  it has its own). */
function schemasOf(ctx: Ctx, root: At): SchemaEntry[] {
  const schemas = child(ctx, child(ctx, root, 'components'), 'schemas');
  return Object.keys(schemas?.node ?? {}).map((key) => {
    const own = schemas!.node[key];
    const target = child(ctx, schemas, key)?.node;
    const pick = (field: string) => (isObject(own) && own[field] !== undefined ? own[field] : target?.[field]);
    const description = str(pick('description')) ?? str(pick('title'));
    return { key, ...(description?.trim() ? { description } : {}), ...(pick('deprecated') === true ? { deprecated: true } : {}) };
  });
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
