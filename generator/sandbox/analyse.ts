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
import { collectionShape, isJsonMedia, schemaName, type CollectionShape } from './schema-tools.js';

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
  shape: CollectionShape['shape'] | undefined;
  /** Store key: the item schema's name (shared across paths and APIs, so references resolve), else the path. */
  storeKey: string;
  nested: boolean;
  /** For nested collections: the parent instance path and its id parameter. */
  parentPath?: string;
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
  /** A create's duplicate criteria (x-unique), read once. */
  unique?: readonly string[];
  /** What a create changes in resources that exist (the model's x-effect reading), with the collection they live in. */
  effect?: Effect & { collection: Collection };
  /** The collection's upper bound: its `limit` maximum, else the array's `maxItems` (the model's reading). */
  limitMax?: number;
  /** Sortable fields and default of the operation's `sort` parameter (the model's reading). */
  sortable?: { fields: string[]; default?: string };
  /** What `expand` may name: property -> schema it expands to (the model's reading, limited to the parameter's enum). */
  expandable: Map<string, string>;
}

const PARAM_TAIL = /^(.*)\/\{([^}/]+)\}$/;

/**
 * The sandbox's view of each operation: the conventions come from the model's readings (readConventions); this
 * adds only what serving needs beyond them, the roles of paths (collection, instance, below an instance).
 */
export function analyseApi(api: LoadedApi): OpSpec[] {
  const { doc } = api;
  const conventions = readConventions(doc, api.entry.file);
  const reading = (method: string, path: string): OperationConventions => conventions.get(`${method} ${path}`)!;
  const paths = doc.paths ?? {};
  const collections = new Map<string, Collection>();

  // Pass 1: collections, from the shape of a GET's body, or because `<path>/{id}` is an instance of it.
  for (const [path, item] of Object.entries(paths)) {
    const get = item.get;
    const body = get && successBody(api, get);
    const shape = collectionShape(doc, body?.schema);
    if (shape) collections.set(path, makeCollection(api, path, shape.item, shape.shape, paths));
  }
  // An instance path `<p>/{id}` whose GET returns a named schema makes `<p>` a collection of that schema,
  // even when `<p>` itself has no list (`/companies/{companyId}`): the instances live in that schema's store.
  for (const [path, item] of Object.entries(paths)) {
    const m = PARAM_TAIL.exec(path);
    if (!m || collections.has(m[1]!) || !item.get) continue;
    const schema = successBody(api, item.get)?.schema;
    if (schema && (paths[m[1]!]?.post || schemaName(schema))) collections.set(m[1]!, makeCollection(api, m[1]!, schema, undefined, paths));
  }
  // A POST answering 201 with a JSON resource creates into a collection at its path, listed or not.
  for (const [path, item] of Object.entries(paths)) {
    if (collections.has(path) || !item.post) continue;
    const [status] = successResponse(api, item.post);
    const schema = successBody(api, item.post)?.schema;
    if (status === 201 && schema && !collectionShape(doc, schema)) collections.set(path, makeCollection(api, path, schema, undefined, paths));
  }

  const instanceOf = (path: string): { path: string; idParam: string; collection: Collection } | undefined => {
    const m = PARAM_TAIL.exec(path);
    const c = m && collections.get(m[1]!);
    return c ? { path, idParam: m[2]!, collection: c } : undefined;
  };
  const parentInstance = (path: string): { path: string; idParam: string; collection: Collection } | undefined => {
    const segments = path.split('/');
    for (let n = segments.length - 1; n > 1; n--) {
      const candidate = instanceOf(segments.slice(0, n).join('/'));
      if (candidate) return candidate;
    }
    return undefined;
  };

  const specs: OpSpec[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const collection = collections.get(path);
      const instance = instanceOf(path);
      let kind: OpKind = 'action';
      let parent = collection?.nested ? parentInstance(path) : undefined;
      if (collection && method === 'get') kind = 'list';
      else if (collection && method === 'post') kind = 'create';
      else if (instance && method === 'get') kind = 'read';
      else if (instance && method === 'put') kind = 'replace';
      else if (instance && method === 'delete') kind = 'remove';
      else {
        parent = parentInstance(path);
        if (parent && method === 'get') kind = 'sub-read';
        else if (parent && method === 'put') kind = 'sub-replace';
        else if (!parent && !path.includes('{') && method === 'get') kind = 'single-read';
        else if (!parent && !path.includes('{') && method === 'put') kind = 'single-replace';
      }
      if (instance && kind !== 'action') parent = instance.collection.nested ? parentInstance(instance.collection.path) : undefined;
      const coll = collection ?? instance?.collection;
      const [, success] = successResponse(api, operation);
      const c = reading(method, path);
      const target = c.effect && instanceOf(c.effect.target);
      const unique = readUnique(operation);
      specs.push({
        api,
        method,
        path,
        operation,
        name: operation.operationId ?? `${method} ${path}`,
        params: mergeParams(api, item, operation),
        kind,
        ...(coll ? { collection: coll } : {}),
        ...(instance && ['read', 'replace', 'remove'].includes(kind) ? { idParam: instance.idParam } : {}),
        ...(parent ? { parent } : {}),
        successStatus: c.successStatus,
        success,
        produces: c.media.offered,
        consumes: c.media.accepted,
        bodyRequired: c.media.bodyRequired,
        secured: c.secured,
        caching: c.caching,
        ...(c.collection.limitMax !== undefined ? { limitMax: c.collection.limitMax } : {}),
        ...(unique.kind === 'fields' ? { unique: unique.fields } : {}),
        ...(c.effect && target ? { effect: { ...c.effect, collection: target.collection } } : {}),
        ...(c.sortable ? { sortable: { fields: c.sortable.fields, ...(c.sortable.default ? { default: c.sortable.default } : {}) } } : {}),
        expandable: new Map(c.expandable.map((e) => [e.name, e.target])),
      });
    }
  }
  return specs;
}

function makeCollection(api: LoadedApi, path: string, item: SchemaObject, shape: Collection['shape'], paths: Record<string, PathItemObject>): Collection {
  const nested = path.includes('{');
  const name = schemaName(item);
  void paths;
  return {
    path,
    item,
    shape,
    nested,
    storeKey: name ?? `${api.entry.id}:${path}`,
  };
}

/** The success response object (its status is the model's reading: the same lowest 2xx). */
function successResponse(api: LoadedApi, op: OperationObject): [number, ResponseObject | undefined] {
  const codes = Object.keys(op.responses ?? {}).filter((c) => /^2\d\d$/.test(c)).sort();
  const code = codes[0];
  if (!code) return [200, undefined];
  return [Number(code), deref<ResponseObject>(api.doc, op.responses![code])];
}

function successBody(api: LoadedApi, op: OperationObject): { mediaType: string; schema?: SchemaObject } | undefined {
  const [, res] = successResponse(api, op);
  const entry = Object.entries(res?.content ?? {}).find(([mt]) => isJsonMedia(mt));
  return entry ? { mediaType: entry[0], ...(entry[1].schema ? { schema: entry[1].schema } : {}) } : undefined;
}

function mergeParams(api: LoadedApi, item: PathItemObject, op: OperationObject): ParameterObject[] {
  const byKey = new Map<string, ParameterObject>();
  for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
    const r = deref<ParameterObject>(api.doc, p);
    if (r) byKey.set(`${r.in}:${r.in === 'header' ? r.name.toLowerCase() : r.name}`, r);
  }
  return [...byKey.values()];
}

