// Reads every convention and operation fact of one bundled document through the readers in conventions/, in one
// walk, as plain data for the model (JSON-serialisable: locations become file + JSON pointer); each operation's by
// read-operation.ts.
import type { OpenApiDocument } from '../load/index.js';
import { openapiVersion } from '../load/index.js';
import { isObject } from '../util/json.js';
import {
  child,
  collectionUnique,
  defaultServer,
  documentContext,
  documentRoot,
  documentSecurity,
  expandablesOf,
  operations,
  readResources,
  readTags,
  schemeRecord,
  securitySchemes,
  sourceOf,
  str,
  type At,
  type Ctx,
  unsupportedConstructs,
} from './conventions/index.js';
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
}

export function readDocument(doc: OpenApiDocument, file: string): DocumentReading {
  const ctx = documentContext(doc, file);
  const root = documentRoot(doc, file);
  const server = defaultServer(ctx, root);
  const { security, unnamed } = documentSecurity(ctx, root);
  return {
    title: doc.info?.title ?? '',
    version: openapiVersion(root.node),
    tags: readTags(ctx, root),
    operations: operations(ctx, root).map((op) => readOperation(ctx, doc, op)),
    collections: collectionsOf(ctx, root),
    schemas: schemasOf(ctx, root),
    ...(server !== undefined ? { server } : {}),
    schemes: [...securitySchemes(ctx, root)].map(([name, s]) => schemeRecord(ctx, name, s)),
    security,
    ...(unnamed ? { unnamedSecurity: sourceOf(unnamed.location) } : {}),
    unsupported: unsupportedConstructs(ctx, root).map((u) => ({ at: sourceOf(u.at), message: u.message })),
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
