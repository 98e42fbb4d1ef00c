// The sandbox's view of each operation: the model's record (every fact it acts on: the resource role and kind,
// statuses and their responses, ETags, media types, filters...) plus what only a server needs: the collections
// resolved to what the stores are keyed by, filters and x-sets ready to apply. Nothing here reads a convention.
import { buildApiModel, type CollectionModel, type OperationModel } from '../model/index.js';
import type { Effect } from '../model/conventions/effect.js';
import type { FilterMatch } from '../model/conventions/filter.js';
import type { SchemaObject } from '../load/index.js';
import type { LoadedApi } from './load-apis.js';
import { schemaName, writtenAt } from './schema-tools.js';

/** A collection of the model, as the stores hold it. */
export interface Collection {
  /** Path template of the collection within its API, `/documents`. */
  path: string;
  /** The items' schema, as a `$ref` when it is a named component (stores are keyed by it). */
  item: SchemaObject;
  shape: CollectionModel['shape'];
  /** Store key: the item schema's name (shared across paths and APIs, so references resolve), else the path. */
  storeKey: string;
  nested: boolean;
  /** The item's expandable references that name an existing schema: property -> schema (the model's). */
  references: Map<string, string>;
}

export interface OpSpec {
  api: LoadedApi;
  /** The model's record of the operation. */
  op: OperationModel;
  /** What seeds and messages call the operation: its operationId, else `<method> <path>`. */
  name: string;
  /** The collection the operation's path is, or is an instance of. */
  collection?: Collection;
  /** The instance above the operation's path (the model's `resource.parent`), and its collection. */
  parent?: { path: string; idParam: string; collection: Collection };
  /** What a create changes in resources that exist (the model's x-effect reading), with the collection they live in. */
  effect?: Effect & { collection: Collection };
  /** The query parameters that filter a list (the model's x-filter readings), ready to compare. */
  filters: QueryFilter[];
  /** The query parameters whose value a create stores in the item (x-sets): parameter -> property path. */
  sets: Map<string, string[]>;
}

export interface QueryFilter {
  param: string;
  match: FilterMatch;
  /** The item property, as a path (`['sender', 'id']`); none for a search. */
  path: string[];
  /** The property is a timestamp or a date: values compare as instants. */
  instants: boolean;
}

/** The operations of one sub API, in document order. */
export function analyseApi(api: LoadedApi): OpSpec[] {
  const { entry } = api;
  const model = buildApiModel(api.doc, { id: entry.id, name: entry.subApi, apiPath: `${entry.subApi}/${entry.version}/`, source: entry.relPath });
  const collections = new Map(model.collections.map((c) => [c.path, collectionOf(api, c)]));
  return [...model.operations]
    .sort((a, b) => a.order - b.order)
    .map((op) => {
      const c = op.conventions;
      const { resource } = c;
      const parent = resource.parent && { ...resource.parent, collection: collections.get(resource.parent.collection)! };
      const collection = resource.collection === undefined ? undefined : collections.get(resource.collection);
      const effectOn = c.effect?.collection === undefined ? undefined : collections.get(c.effect.collection);
      return {
        api,
        op,
        name: op.operationId ?? `${op.method.toLowerCase()} ${op.path}`,
        ...(collection ? { collection } : {}),
        ...(parent ? { parent } : {}),
        ...(c.effect && effectOn ? { effect: { ...c.effect, collection: effectOn } } : {}),
        filters: c.filters.map((f) => ({ param: f.param, match: f.match, path: f.property?.split('.') ?? [], instants: f.format !== undefined })),
        sets: new Map(c.sets.map((x) => [x.param, x.property.split('.')])),
      };
    });
}

function collectionOf(api: LoadedApi, c: CollectionModel): Collection {
  const item = writtenAt(api.doc, c.item);
  return {
    path: c.path,
    item,
    shape: c.shape,
    nested: c.nested,
    storeKey: schemaName(item) ?? `${api.entry.id}:${c.path}`,
    references: new Map(c.references.map((e) => [e.name, e.target])),
  };
}
