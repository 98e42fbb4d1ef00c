import {
  deref,
  HTTP_METHODS,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type ResponseObject,
  type SchemaObject,
} from '../load/index.js';
import { readConventions } from '../model/read.js';
import type { OperationConventions } from '../model/types.js';
import type { Effect } from '../model/conventions/effect.js';
import type { LoadedApi } from './load-apis.js';
import { readUnique } from '../model/conventions/unique.js';
import { documentContext, documentRoot, expandablesOf, keyword, propertyAt, readResources, type At, type CollectionRole, type Ctx, type FilterMatch } from '../model/conventions/index.js';
import { asWritten, schemaName } from './schema-tools.js';

/**
 * What an operation is, decided from the document's structure (never from its name):
 * - `list`: GET whose success body is a collection (`meta`+`items` or a plain array);
 * - `create`: POST on a collection path; `read`/`replace`/`remove`: GET/PUT/DELETE on `<collection>/{id}`;
 * - `sub-read`/`sub-replace`: GET/PUT below an instance (`/documents/{documentId}/presentation`);
 * - `single-read`/`single-replace`: GET/PUT of a stand-alone resource (`/current-user`);
 * - `action`: anything else (answered from the document's example or schema).
 */
export type OpKind = 'list' | 'create' | 'read' | 'replace' | 'remove' | 'sub-read' | 'sub-replace' | 'single-read' | 'single-replace' | 'action';

export interface Collection {
  /** Path template of the collection within its API, `/documents`. */
  path: string;
  item: SchemaObject;
  shape: CollectionRole['shape'];
  /** Store key: the item schema's name (shared across paths and APIs, so references resolve), else the path. */
  storeKey: string;
  nested: boolean;
  /** The item's expandable references that name an existing schema: property -> schema (the expandable reader's). */
  references: Map<string, string>;
  /** Duplicate criteria (spec 7.2): the x-unique of the collection's create, as the model's reader reads it; they hold
   *  for a replace too. */
  unique?: readonly string[];
}

export interface OpSpec {
  api: LoadedApi;
  method: string;
  /** Path template as in the document, `/documents/{documentId}`. */
  path: string;
  operation: OperationObject;
  name: string;
  params: ParameterObject[];
  kind: OpKind;
  collection?: Collection;
  /** Path parameter holding this instance's id (read/replace/remove). */
  idParam?: string;
  /** Instance path above this one (`/documents/{documentId}`) and the collection it belongs to. */
  parent?: { path: string; idParam: string; collection: Collection };
  successStatus: number;
  success: ResponseObject | undefined;
  /** Media types of the success response body, in document order. */
  produces: string[];
  /** Media types of the request body, in document order. */
  consumes: string[];
  bodyRequired: boolean;
  secured: boolean;
  /** Cache-Control values by response status key (the model's reading). */
  caching: Record<string, string[]>;
  /** What a create changes in resources that exist (the model's x-effect reading), with the collection they live in. */
  effect?: Effect & { collection: Collection };
  /** The collection's upper bound: its `limit` maximum, else the array's `maxItems` (the model's reading). */
  limitMax?: number;
  /** Sortable fields and default of the operation's `sort` parameter (the model's reading). */
  sortable?: { fields: string[]; default?: string };
  /** What `expand` may name: property -> schema it expands to (the model's reading, limited to the parameter's enum). */
  expandable: Map<string, string>;
  /** The query parameters that filter a list, as declared (x-filter), ready to compare. */
  filters: QueryFilter[];
  /** The query parameters whose value a create stores in the item (x-sets): parameter -> property path. */
  sets: Map<string, string[]>;
  /** Properties of the representation holding the signed-in principal's username (x-principal). */
  principal: string[];
}

export interface QueryFilter {
  param: string;
  match: FilterMatch;
  /** The item property, as a path (`['sender', 'id']`); none for a search. */
  path: string[];
  /** The property is a timestamp or a date: values compare as instants. */
  instants: boolean;
}

/**
 * The sandbox's view of each operation: the conventions come from the model's readings (readConventions) and the
 * roles of paths (collection, instance, below an instance, stand-alone) from the resources reader.
 */
export function analyseApi(api: LoadedApi): OpSpec[] {
  const { doc } = api;
  const conventions = readConventions(doc, api.entry.file);
  const reading = (method: string, path: string): OperationConventions => conventions.get(`${method} ${path}`)!;
  const ctx = documentContext(doc, api.entry.file);
  const resources = readResources(ctx, documentRoot(doc, api.entry.file));
  const collections = new Map<string, Collection>();
  for (const r of resources.values()) {
    if (!r.collection) continue;
    const unique = readUnique(doc.paths?.[r.path]?.post);
    collections.set(r.path, { ...makeCollection(api, r.path, r.collection, ctx), ...(unique.kind === 'fields' ? { unique: unique.fields } : {}) });
  }
  const parentOf = (path: string | undefined): OpSpec['parent'] => {
    const instance = path === undefined ? undefined : resources.get(path)?.instance;
    return instance ? { path: path!, idParam: instance.idParam, collection: collections.get(instance.of)! } : undefined;
  };

  const specs: OpSpec[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const r = resources.get(path);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation || !r) continue;
      const collection = collections.get(path);
      const instance = r.instance && collections.get(r.instance.of);
      let kind: OpKind = 'action';
      let parent = collection?.nested ? parentOf(r.below) : undefined;
      if (collection && method === 'get') kind = 'list';
      else if (collection && method === 'post') kind = 'create';
      else if (instance && method === 'get') kind = 'read';
      else if (instance && method === 'put') kind = 'replace';
      else if (instance && method === 'delete') kind = 'remove';
      else {
        parent = parentOf(r.below);
        if (parent && method === 'get') kind = 'sub-read';
        else if (parent && method === 'put') kind = 'sub-replace';
        else if (!parent && !r.templated && method === 'get') kind = 'single-read';
        else if (!parent && !r.templated && method === 'put') kind = 'single-replace';
      }
      if (instance && kind !== 'action') parent = instance.nested ? parentOf(resources.get(instance.path)?.below) : undefined;
      const coll = collection ?? instance;
      const c = reading(method, path);
      // The response of the model's success status (the same lowest 2xx), not a second reading of the codes.
      const success = deref<ResponseObject>(doc, operation.responses?.[String(c.successStatus)]);
      const target = c.effect && collections.get(resources.get(c.effect.target)?.instance?.of ?? '');
      specs.push({
        api,
        method,
        path,
        operation,
        name: operation.operationId ?? `${method} ${path}`,
        params: mergeParams(api, item, operation),
        kind,
        ...(coll ? { collection: coll } : {}),
        ...(instance && ['read', 'replace', 'remove'].includes(kind) ? { idParam: r.instance!.idParam } : {}),
        ...(parent ? { parent } : {}),
        successStatus: c.successStatus,
        success,
        produces: c.media.offered,
        consumes: c.media.accepted,
        bodyRequired: c.media.bodyRequired,
        secured: c.secured,
        caching: c.caching,
        ...(c.collection.limitMax !== undefined ? { limitMax: c.collection.limitMax } : {}),
        ...(c.effect && target ? { effect: { ...c.effect, collection: target } } : {}),
        ...(c.sortable ? { sortable: { fields: c.sortable.fields, ...(c.sortable.default ? { default: c.sortable.default } : {}) } } : {}),
        expandable: new Map(c.expandable.map((e) => [e.name, e.target])),
        filters: c.filters.map((f) => queryFilter(ctx, f, coll && resources.get(coll.path)?.collection?.item)),
        sets: new Map(c.sets.map((x) => [x.param, x.property.split('.')])),
        principal: c.principal.map((p) => p.property),
      });
    }
  }
  return specs;
}

/** A declared filter, with what comparing needs worked out once: whether the property holds instants. */
function queryFilter(ctx: Ctx, f: OperationConventions['filters'][number], item: At | undefined): QueryFilter {
  const path = f.property?.split('.') ?? [];
  const format = keyword(ctx, propertyAt(ctx, item, path), 'format');
  return { param: f.param, match: f.match, path, instants: format === 'date-time' || format === 'date' };
}

function makeCollection(api: LoadedApi, path: string, role: CollectionRole, ctx: Ctx): Collection {
  const item = asWritten(role.item);
  const schemas = api.doc.components?.schemas ?? {};
  const references = expandablesOf(ctx, role.item).filter((e) => Object.hasOwn(schemas, e.target));
  return {
    path,
    item,
    shape: role.shape,
    nested: role.nested,
    storeKey: schemaName(item) ?? `${api.entry.id}:${path}`,
    references: new Map(references.map((e) => [e.name, e.target])),
  };
}

function mergeParams(api: LoadedApi, item: PathItemObject, op: OperationObject): ParameterObject[] {
  const byKey = new Map<string, ParameterObject>();
  for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
    const r = deref<ParameterObject>(api.doc, p);
    if (r) byKey.set(`${r.in}:${r.in === 'header' ? r.name.toLowerCase() : r.name}`, r);
  }
  return [...byKey.values()];
}

