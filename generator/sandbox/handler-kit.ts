// Shared pieces of the sub API handlers: the call context, lookups (404/403), preconditions, expansion, representations.
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpSpec } from './analyse.js';
import type { SchemaObject } from '../load/index.js';
import { HttpError, httpError } from './http-error.js';
import { render } from './media.js';
import type { OpValidators, ParsedBody } from './request.js';
import { send } from './respond.js';
import { describeUnique } from '../model/conventions/unique.js';
import { isJsonMedia, mediaOf, referenceId, resolveSchema, schemaName, type Item } from './schema-tools.js';
import type { SandboxState } from './state.js';
import { isTagList, matchesWeak, parseTags, quoteTag, type Blob, type Store } from './store.js';
import type { TokenAuthority } from './token-service.js';

export interface SubApiContext {
  specs: OpSpec[];
  state: SandboxState;
  authority: TokenAuthority;
  coercing: Ajv2020;
  strict: Ajv2020;
  /** Test hook: the next `count` sub API requests fail with `status` (an internal error by default). */
  faults: { count: number; status: number };
  now: () => number;
}

export interface Call {
  spec: OpSpec;
  v: OpValidators;
  req: FastifyRequest;
  reply: FastifyReply;
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  /** The negotiated success media type (undefined when the response has no body). */
  mediaType: string | undefined;
  principal: { clientId: string; username: string } | undefined;
}

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

export function grandParentId(call: Call, collectionPath: string): string | undefined {
  const names = [...collectionPath.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const last = names[names.length - 1];
  return last === undefined ? undefined : String(call.path[last]);
}

export function storeOf(ctx: SubApiContext, call: Call): Store {
  return ctx.state.storeFor(call.spec.api, call.spec.collection!);
}

export function singular(path: string): string {
  const seg = path.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? 'resource';
  return seg.replace(/ies$/, 'y').replace(/s$/, '');
}

/**
 * An item's ETag: `"<version>"`, or `"<version>.<representation>"` for another representation of the same version
 * (expanded, or another media type). GETs tell representations apart (304 only for the same one); If-Match
 * compares versions, so the tag of any representation names the resource's version (spec, ETags: PUT).
 */
export function itemEtag(item: Item | Blob, variant = ''): string {
  let version = versions.get(item);
  if (version === undefined) versions.set(item, (version = digest(isBlob(item) ? item.data : JSON.stringify(item))));
  return variant ? `"${version}.${digest(variant)}"` : `"${version}"`;
}

// Stored items and uploads are replaced, never changed in place (copy-on-write), so each one's version is hashed once.
const versions = new WeakMap<Item | Blob, string>();

/** The same version as `etag`, in the representation `variant` names. */
export function variantEtag(etag: string, variant: string): string {
  return `"${versionOf(etag)}.${digest(`${etag}\u0000${variant}`)}"`;
}

/** The version part of one of the sandbox's tags (a tag it did not issue stays as it is). */
export function versionOf(tag: string): string {
  return tag.replace(/^"([^".]*)(?:\.[^"]*)?"$/, '$1');
}

function digest(content: string | Buffer): string {
  return quoteTag(content).slice(1, -1);
}

export function isBlob(v: unknown): v is Blob {
  return !!v && typeof v === 'object' && Buffer.isBuffer((v as Blob).data) && typeof (v as Blob).mediaType === 'string';
}

/**
 * 412 unless an `If-Match` header, when given, names the current version (strong comparison, RFC 9110 13.1.1). A header
 * that is not `*` or a list of entity tags (`If-Match: stale`) names no version, so it never matches (spec 8: the
 * resource is updated only if the ETags are equal).
 */
export function checkIfMatch(call: Call, current: string | undefined, accept: (tag: string) => boolean = (t) => current !== undefined && versionOf(t) === versionOf(current)): void {
  const header = call.req.headers['if-match'];
  if (header === undefined) return;
  const tags = isTagList(header) ? parseTags(header) : [];
  const ok = current !== undefined && tags.some((t) => t === '*' || (!t.startsWith('W/') && accept(t)));
  if (!ok) throw httpError(412, 'the resource has changed since the ETag in If-Match was issued; fetch it again');
}

/** If-None-Match (weak comparison) on operations that answer 304 (the model's ETag reading). */
export function notModified(call: Call, etag: string): boolean {
  if (!call.spec.op.conventions.etag.notModified) return false;
  return matchesWeak(parseTags(call.req.headers['if-none-match']), etag);
}

const NO_TARGETS: ReadonlyMap<string, string> = new Map();

/** `expand`: names the operation's expandable references, as the model reads them (limited to the parameter's enum). */
export function expandNames(call: Call): { names: string[]; targets: ReadonlyMap<string, string> } {
  const raw = call.query.expand;
  const names = raw === undefined ? [] : (Array.isArray(raw) ? raw : String(raw).split(',')).map(String).filter(Boolean);
  if (!names.length) return { names, targets: NO_TARGETS };
  const targets = new Map(call.spec.op.conventions.expandable.map((e) => [e.name, e.target]));
  const unknown = names.filter((n) => !targets.has(n));
  if (unknown.length) {
    const known = [...targets.keys()];
    throw httpError(400, `cannot expand ${unknown.map((n) => `"${n}"`).join(', ')}; expandable: ${known.length ? known.join(', ') : 'nothing'}`, 'InvalidExpand');
  }
  return { names, targets };
}

export function expandItem(ctx: SubApiContext, call: Call, item: Item, names: string[], targets: ReadonlyMap<string, string>): Item {
  if (!names.length) return item;
  const out = { ...item };
  for (const name of names) {
    const id = referenceId(item[name]);
    const store = id === undefined ? undefined : ctx.state.storeOfSchema(call.spec.api, targets.get(name)!);
    const full = id === undefined ? undefined : store?.items.get(id) ?? store?.foreign.get(id);
    if (full && typeof item[name] === 'object') out[name] = full;
  }
  return out;
}

/** JSON as is; other media types rendered from the JSON (PDF, PNG, XML, text), or the uploaded bytes. */
export function sendRepresentation(call: Call, value: Item | Blob, etag: string, status = call.spec.op.conventions.successStatus): FastifyReply {
  const mt = call.mediaType;
  if (isBlob(value)) return send(call.reply, call.spec, status, value.data, mt && mt.includes('*') ? value.mediaType : mt, { etag });
  if (!mt || isJsonMedia(mt)) return send(call.reply, call.spec, status, value, mt, { etag });
  const title = schemaName(call.spec.collection?.item) ?? singular(call.spec.op.path);
  const bytes = render(mt, value, `${title} ${String(value.id ?? '')}`.trim());
  return send(call.reply, call.spec, status, bytes, mt, { etag: variantEtag(etag, mt) });
}

/**
 * Timestamps the server assigns (date-time properties of the item that the request body cannot set) are now;
 * on PUT only those named `updated...`/`modified...`/`changed...` (a creation time stays).
 */
export function stampServerTimes(ctx: SubApiContext, call: Call, item: Item, body: ParsedBody | undefined, only = /./): void {
  const doc = call.spec.api.doc;
  const writable = resolveSchema(doc, requestSchema(call, body)).properties ?? {};
  const now = new Date(ctx.now()).toISOString();
  for (const [prop, ps] of Object.entries(resolveSchema(doc, call.spec.collection!.item).properties ?? {})) {
    if (only.test(prop) && !(prop in writable) && resolveSchema(doc, ps).format === 'date-time') item[prop] = now;
  }
}

/** The request body's schema for the media type it was sent in (the model's request body), as written. */
export function requestSchema(call: Call, body: ParsedBody | undefined): SchemaObject | undefined {
  return body ? mediaOf(call.spec.api.doc, call.spec.op.body?.content, body.mediaType)?.schema : undefined;
}

/** The sent properties the item schema has (all of them when it lists none): a request property the representation
 *  lacks is accepted but not kept. */
export function knownProps(spec: OpSpec, itemSchema: SchemaObject, sent: Item): Item {
  const props = resolveSchema(spec.api.doc, itemSchema).properties;
  return props ? Object.fromEntries(Object.entries(sent).filter(([k]) => Object.hasOwn(props, k))) : sent;
}

/**
 * 409 when another item of the collection (below the same parent) equals `item` under the criteria the operation
 * refuses duplicates by (the model's: a create's x-unique, and its collection's for a replace that declares 409).
 */
export function checkUnique(call: Call, store: Store, item: Item, parent: string | undefined, self?: string): void {
  const fields = call.spec.op.conventions.unique?.fields;
  if (!fields) return;
  for (const id of store.withCriteria(fields, item)) {
    if (id !== self && (parent === undefined || store.parentOf.get(id) === parent)) {
      throw httpError(409, `a ${singular(call.spec.collection!.path)} with ${describeUnique(fields)} already exists: "${id}"`);
    }
  }
}

/** References the client sends (to expandable references of the item) must name existing resources: 400 otherwise. */
export function checkReferences(ctx: SubApiContext, call: Call, sent: Item): void {
  const problems: { technicalMessage: string; errorCode: string }[] = [];
  for (const [prop, target] of call.spec.collection!.references) {
    const id = referenceId(sent[prop]);
    const store = id === undefined ? undefined : ctx.state.storeOfSchema(call.spec.api, target);
    if (id !== undefined && store && !store.items.has(id) && !store.foreign.has(id)) {
      problems.push({ technicalMessage: `body.${prop} references ${target} "${id}", which does not exist`, errorCode: 'InvalidReference' });
    }
  }
  if (problems.length) throw new HttpError(400, problems);
}
