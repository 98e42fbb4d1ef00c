// Finding what a path names: its store, its parent instance and the item itself (404 when absent, 403 when it
// belongs to another company).
import { httpError } from '../http-error.js';
import type { Item } from '../schema-tools.js';
import type { Store } from '../store.js';
import type { Call, SubApiContext } from './context.js';

/** The item a path names in its store: 404 when absent, 403 when it belongs to another company. */
export function lookup(ctx: SubApiContext, store: Store, id: string, what: string, parent?: string): Item {
  if (parent !== undefined) ctx.state.ensureChildren(store, parent);
  const item = store.items.get(id);
  if (item && (parent === undefined || store.parentOf.get(id) === parent)) return item;
  if (store.foreign.has(id)) throw httpError(403, `${what} "${id}" belongs to another company`);
  throw httpError(404, `${what} "${id}" does not exist`);
}

/** Checks the parent instance of nested paths (`/documents/{documentId}/...`) and returns its id and item. */
export function parentOf(ctx: SubApiContext, call: Call): { id: string; item: Item } | undefined {
  const p = call.spec.parent;
  if (!p) return undefined;
  const store = ctx.state.storeFor(call.spec.api, p.collection);
  const grand = p.collection.nested ? grandParentId(call, p.collection.path) : undefined;
  const id = String(call.path[p.idParam]);
  return { id, item: lookup(ctx, store, id, singular(p.collection.path), grand) };
}

function grandParentId(call: Call, collectionPath: string): string | undefined {
  const names = [...collectionPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const last = names[names.length - 1];
  return last === undefined ? undefined : String(call.path[last]);
}

export function storeOf(ctx: SubApiContext, call: Call): Store {
  return ctx.state.storeFor(call.spec.api, call.spec.collection!);
}

/** What messages call one item of a collection path: `document` for `/documents`. */
export function singular(path: string): string {
  const seg = path.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? 'resource';
  return seg.replace(/ies$/, 'y').replace(/s$/, '');
}
