// Resource roles (spec 2.1): which paths are collections, instances of a collection, sub-resources below an
// instance and stand-alone resources, read from the structure of the operations (never from names). The sandbox
// serves each path by its role; lint judges paths by it.
import type { ResourceRole } from '../types.js';
import { collectionOf } from './collection.js';
import { isJsonMedia, successSchemaNode } from './media.js';
import { child, type At, type Ctx, type Location } from './node.js';
import { operations, type Operation } from './operations.js';
import { successResponseNode, successStatus } from './success.js';


interface CollectionRole {
  /** The items' schema: what the path's GET lists, else what its instance's GET answers, else what its create answers. */
  item: At;
  /** The shape the path's own GET lists in; none when the items are known only from an instance or a create. */
  shape?: 'page' | 'array';
  /** The path holds a parameter (`/documents/{documentId}/events`): its items belong to one parent each. */
  nested: boolean;
}

export interface ResourceReading {
  path: string;
  /** The main role: collection, else instance, else sub-resource (below an instance), else singular (no path parameter), else other. */
  role: ResourceRole;
  /** Where the path is written. */
  location: Location;
  /** The path holds a parameter. */
  templated: boolean;
  collection?: CollectionRole;
  /** `<collection>/{id}`: the collection's path and the path parameter holding the id. */
  instance?: { of: string; idParam: string };
  /** The nearest instance path strictly above this one (`/documents/{documentId}` for `.../presentation`). */
  below?: string;
}

const INSTANCE = /^(.*)\/\{([^}/]+)\}$/;
const cache = new WeakMap<object, Map<string, Map<string, ResourceReading>>>();

/** The role of every path of a document, by path, in document order; read once per document (and file it is read as). */
export function readResources(ctx: Ctx, root: At): Map<string, ResourceReading> {
  let byFile = cache.get(root.node);
  if (!byFile) cache.set(root.node, (byFile = new Map()));
  const file = root.location.source.absoluteRef;
  let out = byFile.get(file);
  if (!out) byFile.set(file, (out = read(ctx, operations(ctx, root))));
  return out;
}

function read(ctx: Ctx, ops: Operation[]): Map<string, ResourceReading> {
  const byPath = new Map<string, Map<string, Operation>>();
  for (const op of ops) {
    if (!byPath.has(op.path)) byPath.set(op.path, new Map());
    byPath.get(op.path)!.set(op.method, op);
  }
  const collections = new Map<string, CollectionRole>();
  // Where each collection is stated: its own path, or the instance or create path it was read from.
  const stated = new Map<string, Location>();
  const add = (path: string, item: At, by: Operation, shape?: 'page' | 'array') => {
    collections.set(path, { item, ...(shape ? { shape } : {}), nested: path.includes('{') });
    stated.set(path, by.pathLocation);
  };
  // A GET listing items (`meta` + `items`, or a plain array) makes its path a collection of them.
  for (const [path, m] of byPath) {
    const get = m.get('get');
    const listed = get && collectionOf(ctx, successSchemaNode(ctx, get));
    if (listed && listed.kind !== 'none' && listed.item) add(path, listed.item, get, listed.kind);
  }
  // So does an instance `<p>/{id}` whose GET answers a named schema (or beside a create on `<p>`), even when `<p>`
  // lists nothing (`/companies/{companyId}`): the instances are items of that schema.
  for (const [path, m] of byPath) {
    const hit = INSTANCE.exec(path);
    const get = m.get('get');
    if (!hit || collections.has(hit[1]!) || !get) continue;
    const schema = successSchemaNode(ctx, get);
    if (schema && (byPath.get(hit[1]!)?.has('post') || isNamed(ctx, get, schema))) add(hit[1]!, schema, get);
  }
  // And a POST answering 201 with one resource creates into a collection at its path, listed or not.
  for (const [path, m] of byPath) {
    const post = m.get('post');
    if (collections.has(path) || !post || successStatus(post) !== 201) continue;
    const schema = successSchemaNode(ctx, post);
    const asCollection = collectionOf(ctx, schema);
    if (schema && !(asCollection.kind !== 'none' && asCollection.item)) add(path, schema, post);
  }

  const instanceOf = (path: string) => {
    const hit = INSTANCE.exec(path);
    return hit && collections.has(hit[1]!) ? { of: hit[1]!, idParam: hit[2]! } : undefined;
  };
  const below = (path: string): string | undefined => {
    const segments = path.split('/');
    for (let n = segments.length - 1; n > 1; n--) {
      const candidate = segments.slice(0, n).join('/');
      if (instanceOf(candidate)) return candidate;
    }
    return undefined;
  };

  const out = new Map<string, ResourceReading>();
  // Paths with operations, then collections that only their instances state (`/companies` of `/companies/{companyId}`).
  for (const path of new Set([...byPath.keys(), ...collections.keys()])) {
    const collection = collections.get(path);
    const instance = instanceOf(path);
    const above = below(path);
    const templated = path.includes('{');
    const role: ResourceRole = collection ? 'collection' : instance ? 'instance' : above ? 'sub-resource' : templated ? 'other' : 'singular';
    out.set(path, {
      path,
      role,
      location: byPath.get(path)?.values().next().value?.pathLocation ?? stated.get(path)!,
      templated,
      ...(collection ? { collection } : {}),
      ...(instance ? { instance } : {}),
      ...(above ? { below: above } : {}),
    });
  }
  return out;
}

/** The success body is written as a `$ref` (or an `allOf` of one): it names a schema of its own. */
function isNamed(ctx: Ctx, op: Operation, schema: At): boolean {
  const content = child(ctx, successResponseNode(op), 'content');
  const key = content && Object.keys(content.node).find(isJsonMedia);
  const written = key === undefined ? undefined : child(ctx, content, key)?.location.child(['schema']);
  if (written && written.absolutePointer !== schema.location.absolutePointer) return true;
  const parts = schema.node.allOf;
  return Array.isArray(parts) && parts.length === 1 && typeof (parts[0] as { $ref?: unknown } | null)?.$ref === 'string';
}
