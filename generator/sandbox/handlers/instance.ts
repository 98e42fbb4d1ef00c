// Instances of a collection: GET (ETag, 304, expand), PUT (If-Match -> 412 before the body), DELETE.
import type { FastifyReply } from 'fastify';
import { parseBody, requestMediaType, type ParsedBody } from '../request.js';
import { send } from '../respond.js';
import { isJsonMedia, resolveSchema, type Item } from '../schema-tools.js';
import { idProp } from '../state.js';
import type { Store } from '../store.js';
import type { Call, SubApiContext } from './context.js';
import { lookup, parentOf, singular, storeOf } from './lookup.js';
import { checkIfMatch, itemEtag, notModified, variantEtag } from './preconditions.js';
import { expandItem, expandNames, sendRepresentation } from './representation.js';
import { checkReferences, checkUnique, knownProps, requestSchema, stampServerTimes } from './writes.js';
import { checkStoredSize } from '../body-bounds.js';
import { assignOwn } from '../body-plan.js';

function instance(ctx: SubApiContext, call: Call): { store: Store; id: string; item: Item } {
  const store = storeOf(ctx, call);
  const parent = parentOf(ctx, call);
  const id = String(call.path[call.spec.op.conventions.resource.idParam!]);
  return { store, id, item: lookup(ctx, store, id, singular(call.spec.collection!.path), parent?.id) };
}

export function read(ctx: SubApiContext, call: Call): FastifyReply {
  const { item } = instance(ctx, call);
  const { names, targets } = expandNames(call);
  const body = expandItem(ctx, call, item, names, targets);
  // Expanded: the same version in another representation, which also changes when a referenced resource does.
  const etag = names.length ? variantEtag(itemEtag(item), JSON.stringify(body)) : itemEtag(item);
  if (notModified(call, etag)) return send(call.reply, call.spec, 304, undefined, undefined, { etag });
  return sendRepresentation(call, body, etag);
}

export function replace(ctx: SubApiContext, call: Call): FastifyReply {
  const { store, id, item } = instance(ctx, call);
  checkIfMatch(call, itemEtag(item));
  const body = parseBody(call.spec, call.v, call.req, requestMediaType(call.spec, call.req));
  const key = idProp(store);
  if (body && isJsonMedia(body.mediaType) && body.value && typeof body.value === 'object') checkReferences(ctx, call, body.value as Item);
  const next = mergeReplacement(call, item, body);
  next[key] = item[key];
  // A replace may not make a duplicate either (spec 7.2): by the criteria the model gives it (its create's, where it declares 409).
  checkUnique(call, store, next, store.parentOf.get(id), id);
  stampServerTimes(ctx, call, next, body, /^(updated|modified|changed)/);
  checkStoredSize(next);
  store.items.set(id, next);
  store.changed();
  if (body && !isJsonMedia(body.mediaType)) store.blobs.set(id, { mediaType: body.mediaType, data: body.bytes });
  return sendRepresentation(call, next, itemEtag(next));
}

/** PUT replaces what the request schema describes; what it cannot set (ids, read-only fields) is kept. */
function mergeReplacement(call: Call, old: Item, body: ParsedBody | undefined): Item {
  if (!body || !isJsonMedia(body.mediaType) || !body.value || typeof body.value !== 'object') return { ...old };
  const sent = body.value as Item;
  const next: Item = { ...old };
  const writable = Object.keys(resolveSchema(call.spec.api.doc, requestSchema(call, body)).properties ?? sent);
  const required = new Set(resolveSchema(call.spec.api.doc, call.spec.collection?.item).required ?? []);
  for (const k of writable) if (!(k in sent) && !required.has(k)) delete next[k];
  return assignOwn(next, knownProps(call.spec, call.spec.collection!.item, sent));
}

export function remove(ctx: SubApiContext, call: Call): FastifyReply {
  const { store, id, item } = instance(ctx, call);
  checkIfMatch(call, itemEtag(item));
  store.remove(id);
  return send(call.reply, call.spec, call.spec.op.conventions.successStatus, call.mediaType ? item : undefined, call.mediaType);
}
