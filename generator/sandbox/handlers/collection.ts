// Collections: list (filter, search, sort, page, expand, ETag) and create (409 duplicates, If-Match on the collection).
import type { FastifyReply } from 'fastify';
import type { OpSpec } from '../analyse.js';
import { buildFilters, DEFAULT_LIMIT, parseSort } from '../collection-query.js';
import { checkStoredSize } from '../body-bounds.js';
import { assignOwn } from '../body-plan.js';
import { applyEffect } from './effect.js';
import { httpError } from '../http-error.js';
import { parseBody, requestMediaType, type ParsedBody } from '../request.js';
import { send } from '../respond.js';
import { isJsonMedia, paramSchema, resolveSchema, type Item } from '../schema-tools.js';
import { idProp } from '../state.js';
import type { Store } from '../store.js';
import type { Call, SubApiContext } from './context.js';
import { parentOf, singular, storeOf } from './lookup.js';
import { checkIfMatch, itemEtag, notModified } from './preconditions.js';
import { expandItem, expandNames } from './representation.js';
import { checkReferences, checkUnique, knownProps, stampServerTimes } from './writes.js';
import { isObject } from '../../util/json.js';

const listCache = new WeakMap<Store, { key: string; version: number; items: readonly Item[] }[]>();

export function list(ctx: SubApiContext, call: Call): FastifyReply {
  const { spec, query } = call;
  const store = storeOf(ctx, call);
  const parent = parentOf(ctx, call);
  if (parent && call.spec.collection!.nested) ctx.state.ensureChildren(store, parent.id);
  const sortKeys = parseSort(spec.op.conventions.sortable, query.sort);
  const { names, targets } = expandNames(call);
  const selection = JSON.stringify([parent?.id, sortKeys, Object.entries(query).filter(([k]) => !['offset', 'limit', 'expand'].includes(k))]);
  // Filtering and sorting a large store is cached per store version, so paging stays cheap.
  const cache = listCache.get(store) ?? [];
  listCache.set(store, cache);
  let hit = cache.find((c) => c.key === selection && c.version === store.version);
  if (!hit) {
    const filters = buildFilters(spec.filters, query);
    const keep = (id: string, it: Item) => (parent === undefined || store.parentOf.get(id) === parent.id) && filters.every((f) => f.test(it));
    const order = sortKeys.length ? store.sorted(sortKeys) : undefined;
    // The whole collection in order is the sorted index's own array (read only); a selection is filtered from it.
    const items = order && parent === undefined && !filters.length ? order.values() : (order?.list() ?? [...store.items]).flatMap(([id, it]) => (keep(id, it) ? [it] : []));
    hit = { key: selection, version: store.version, items };
    cache.unshift(hit);
    cache.length = Math.min(cache.length, 8);
  }
  const pages = spec.op.params.some((p) => p.in === 'query' && (p.name === 'offset' || p.name === 'limit'));
  const offset = typeof query.offset === 'number' ? query.offset : defaultOf(spec, 'offset') ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : defaultOf(spec, 'limit') ?? DEFAULT_LIMIT;
  // A plain array is bounded by its maxItems (spec 2.4: "there is always an upper bound").
  const bound = spec.op.conventions.collection.limitMax;
  const slice = pages ? hit.items.slice(offset, offset + limit) : bound !== undefined ? hit.items.slice(0, bound) : hit.items;
  const items = slice.map((it) => expandItem(ctx, call, it, names, targets));
  const body = spec.collection!.shape === 'page' ? { meta: { offset, limit, total: hit.items.length }, items } : items;
  const etag = store.collectionEtag(JSON.stringify([selection, offset, limit, names]));
  if (notModified(call, etag)) return send(call.reply, spec, 304, undefined, undefined, { etag });
  return send(call.reply, spec, spec.op.conventions.successStatus, body, call.mediaType, { etag });
}

function defaultOf(spec: OpSpec, name: string): number | undefined {
  const p = spec.op.params.find((x) => x.in === 'query' && x.name === name);
  const d = p && resolveSchema(spec.api.doc, paramSchema(spec.api.doc, p)).default;
  return typeof d === 'number' ? d : undefined;
}

export function create(ctx: SubApiContext, call: Call): FastifyReply {
  const { spec } = call;
  const store = storeOf(ctx, call);
  const parent = parentOf(ctx, call);
  if (parent && call.spec.collection!.nested) ctx.state.ensureChildren(store, parent.id);
  checkIfMatch(call, '', (t) => store.isCurrentCollectionTag(t));
  const body = parseBody(spec, call.v, call.req, requestMediaType(spec, call.req));
  const key = idProp(store);
  const item = ctx.state.generateItem(store, store.items.size);
  stampServerTimes(ctx, call, item, body);
  // What the client sets: the JSON body's properties, and the query parameters declared to set some (an upload's metadata).
  const fromBody = body && isJsonMedia(body.mediaType) && isObject(body.value) ? (body.value as Item) : {};
  const sent: Item = { ...setsFromQuery(spec.sets, call.query), ...fromBody };
  const sentId = sent[key];
  if (typeof sentId === 'string' && (store.items.has(sentId) || store.foreign.has(sentId))) throw httpError(409, `${singular(spec.op.path)} "${sentId}" already exists`);
  assignOwn(item, knownProps(spec, store.itemSchema, sent));
  // 7.2's duplicate is exactly what the document's x-unique names: equal values of those properties.
  checkUnique(call, store, item, parent?.id);
  checkReferences(ctx, call, sent);
  checkStoredSize(item);
  // What creating this changes in resources that exist (x-effect); the created record keeps the values it set,
  // where it has properties of those names (as it keeps the sent ones).
  assignOwn(item, knownProps(spec, store.itemSchema, applyEffect(ctx, call, sent)));
  if (body && !isJsonMedia(body.mediaType)) describeUpload(spec, store, item, body);
  const id = String(item[key]);
  store.insert(id, item, parent?.id);
  if (body && !isJsonMedia(body.mediaType)) store.blobs.set(id, { mediaType: body.mediaType, data: body.bytes });
  const location = `${spec.api.prefix}${fillPath(spec.op.path, call.path)}/${encodeURIComponent(id)}`;
  return send(call.reply, spec, spec.op.conventions.successStatus, item, call.mediaType, { etag: itemEtag(item), location });
}

/** The item properties a create's query parameters set (x-sets): `sendingCompanyId` -> `sendingCompany: { id }`. */
function setsFromQuery(sets: ReadonlyMap<string, readonly string[]>, query: Record<string, unknown>): Item {
  const out: Item = {};
  for (const [name, path] of sets) {
    if (query[name] === undefined) continue;
    let holder = out;
    for (const step of path.slice(0, -1)) holder = (holder[step] ??= {}) as Item;
    holder[path.at(-1)!] = query[name];
  }
  return out;
}

/** For an upload: the item's size and media type properties, where its schema has them. */
function describeUpload(spec: OpSpec, store: Store, item: Item, body: ParsedBody): void {
  const props = resolveSchema(spec.api.doc, store.itemSchema).properties ?? {};
  for (const name of Object.keys(props)) {
    if (/^(size|sizeInBytes|byteSize|contentLength|fileSize)$/.test(name)) item[name] = body.bytes.length;
    if (/^(mediaType|contentType|mimeType)$/.test(name)) item[name] = body.mediaType;
  }
}

function fillPath(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent(String(values[n])));
}
