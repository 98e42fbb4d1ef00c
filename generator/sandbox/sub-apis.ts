import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OpSpec } from './analyse.js';
import { buildFilters, DEFAULT_LIMIT, parseSort, searchFilter, sortItems } from './collection-query.js';
import { generateObject, generateValue } from './generate-data.js';
import { deref, type RequestBodyObject, type SchemaObject } from '../load/index.js';
import { HttpError, httpError } from './http-error.js';
import { render } from './media.js';
import { negotiate } from './negotiate.js';
import { hash32, Prng } from './prng.js';
import { checkHeaders, compileValidators, parseBody, parsePath, parseQuery, requestMediaType, type OpValidators, type ParsedBody } from './request.js';
import { send, sendError } from './respond.js';
import { deepEqual, expandables, isJsonMedia, referenceId, resolveSchema, schemaName, type Item } from './schema-tools.js';
import { examplesOf, idProp, type SandboxState } from './state.js';
import { matchesWeak, parseTags, quoteTag, type Blob, type Store } from './store.js';
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

interface Call {
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

interface RouteConfig {
  spec?: OpSpec;
}

/** Registers every operation of every document at `/{subApi}/{version}{path}`, in its own encapsulated context. */
export async function registerSubApis(app: FastifyInstance, ctx: SubApiContext): Promise<void> {
  await app.register(async (scope) => {
    // Bodies are kept as bytes; each operation parses and validates the media types its document lists.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err, req, reply) => {
      const spec = (req.routeOptions.config as RouteConfig).spec;
      if (err instanceof HttpError) return sendError(reply, ctx.strict, spec, err.status, err.messages, err.headers);
      const status = (err as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) {
        return sendError(reply, ctx.strict, spec, status, [{ technicalMessage: (err as Error).message, errorCode: 'BadRequest' }]);
      }
      return sendError(reply, ctx.strict, spec, 500, [{ technicalMessage: 'internal server error', errorCode: 'InternalServerError' }]);
    });
    for (const spec of ctx.specs) {
      const v = compileValidators(spec, ctx.coercing, ctx.strict);
      const names: string[] = [];
      const url = spec.api.prefix + spec.path.replace(/\{([^}]+)\}/g, (_m, name: string) => `:p${names.push(name) - 1}`);
      scope.route({
        method: spec.method.toUpperCase() as 'GET',
        url,
        config: { spec } as RouteConfig,
        handler: async (req, reply) => {
          const params = req.params as Record<string, string>;
          const rawPath = Object.fromEntries(names.map((n, i) => [n, params[`p${i}`] ?? '']));
          return handle(ctx, spec, v, req, reply, rawPath);
        },
      });
    }
  });
}

async function handle(ctx: SubApiContext, spec: OpSpec, v: OpValidators, req: FastifyRequest, reply: FastifyReply, rawPath: Record<string, string>): Promise<FastifyReply> {
  if (ctx.faults.count > 0) {
    ctx.faults.count--;
    if (ctx.faults.status !== 500) throw httpError(ctx.faults.status, 'injected fault (sandbox test hook)');
    throw new Error('injected fault');
  }
  let principal: Call['principal'];
  if (spec.secured) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    principal = m?.[1] ? ctx.authority.verifyAccessToken(m[1]) : undefined;
    if (!principal) {
      const challenge = m ? 'Bearer error="invalid_token"' : 'Bearer';
      throw new HttpError(401, { technicalMessage: m ? 'the access token is invalid or expired' : 'send Authorization: Bearer <access token>', errorCode: 'Unauthorized' }, { 'www-authenticate': challenge });
    }
  }
  const query = parseQuery(v, req.query as Record<string, string | string[]>);
  const path = parsePath(v, rawPath);
  checkHeaders(v, req);
  const mediaType = spec.produces.length ? negotiate(req.headers.accept, spec.produces) : undefined;
  if (spec.produces.length && !mediaType) throw httpError(406, `none of "${req.headers.accept}" can be provided; available: ${spec.produces.join(', ')}`);
  const call: Call = { spec, v, req, reply, query, path, mediaType, principal };
  switch (spec.kind) {
    case 'list':
      return list(ctx, call);
    case 'create':
      return create(ctx, call);
    case 'read':
      return read(ctx, call);
    case 'replace':
      return replace(ctx, call);
    case 'remove':
      return remove(ctx, call);
    case 'sub-read':
    case 'single-read':
      return readSingle(ctx, call);
    case 'sub-replace':
    case 'single-replace':
      return replaceSingle(ctx, call);
    default:
      return action(ctx, call);
  }
}

// --- lookups -----------------------------------------------------------------------------------------

/** The item a path names in its store: 404 when absent, 403 when it belongs to another company. */
function lookup(ctx: SubApiContext, store: Store, id: string, what: string, parent?: string): Item {
  if (parent !== undefined) ctx.state.ensureChildren(store, parent);
  const item = store.items.get(id);
  if (item && (parent === undefined || store.parentOf.get(id) === parent)) return item;
  if (store.foreign.has(id)) throw httpError(403, `${what} "${id}" belongs to another company`);
  throw httpError(404, `${what} "${id}" does not exist`);
}

/** Checks the parent instance of nested paths (`/documents/{documentId}/...`) and returns its id and item. */
function parentOf(ctx: SubApiContext, call: Call): { id: string; item: Item } | undefined {
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

function storeOf(ctx: SubApiContext, call: Call): Store {
  return ctx.state.storeFor(call.spec.api, call.spec.collection!);
}

function singular(path: string): string {
  const seg = path.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? 'resource';
  return seg.replace(/ies$/, 'y').replace(/s$/, '');
}

function itemEtag(item: Item | Blob, variant = ''): string {
  return quoteTag(isBlob(item) ? item.data : JSON.stringify(item) + variant);
}

function isBlob(v: unknown): v is Blob {
  return !!v && typeof v === 'object' && Buffer.isBuffer((v as Blob).data) && typeof (v as Blob).mediaType === 'string';
}

/** 412 unless an `If-Match` header, when given, names the current tag (RFC 9110 13.1.1). */
function checkIfMatch(call: Call, current: string | undefined, accept: (tag: string) => boolean = (t) => t === current): void {
  const tags = parseTags(call.req.headers['if-match']);
  if (!tags.length) return;
  const ok = current === undefined ? false : tags.some((t) => t === '*' || (!t.startsWith('W/') && accept(t)));
  if (!ok) throw httpError(412, 'the resource has changed since the ETag in If-Match was issued; fetch it again');
}

/** If-None-Match (weak comparison) on operations whose document declares the 304 answer. */
function notModified(call: Call, etag: string): boolean {
  if (!call.spec.operation.responses?.['304']) return false;
  return matchesWeak(parseTags(call.req.headers['if-none-match']), etag);
}

// --- expand ------------------------------------------------------------------------------------------

function expandNames(call: Call, itemSchema: SchemaObject): { names: string[]; targets: Map<string, string> } {
  const raw = call.query.expand;
  const names = raw === undefined ? [] : (Array.isArray(raw) ? raw : String(raw).split(',')).map(String).filter(Boolean);
  const targets = expandables(call.spec.api.doc, itemSchema);
  const unknown = names.filter((n) => !targets.has(n));
  if (unknown.length) {
    const known = [...targets.keys()];
    throw httpError(400, `cannot expand ${unknown.map((n) => `"${n}"`).join(', ')}; expandable: ${known.length ? known.join(', ') : 'nothing'}`, 'InvalidExpand');
  }
  return { names, targets };
}

function expandItem(ctx: SubApiContext, call: Call, item: Item, names: string[], targets: Map<string, string>): Item {
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

// --- collections -------------------------------------------------------------------------------------

const listCache = new WeakMap<Store, { key: string; version: number; items: Item[] }[]>();

function list(ctx: SubApiContext, call: Call): FastifyReply {
  const { spec, query } = call;
  const store = storeOf(ctx, call);
  const parent = parentOf(ctx, call);
  if (parent && call.spec.collection!.nested) ctx.state.ensureChildren(store, parent.id);
  const sortParam = spec.params.find((p) => p.in === 'query' && p.name === 'sort');
  const sortKeys = parseSort(sortParam, query.sort);
  const { names, targets } = expandNames(call, spec.collection!.item);
  const selection = JSON.stringify([parent?.id, sortKeys, Object.entries(query).filter(([k]) => !['offset', 'limit', 'expand'].includes(k))]);
  // Filtering and sorting a large store is cached per store version, so paging stays cheap.
  const cache = listCache.get(store) ?? [];
  listCache.set(store, cache);
  let hit = cache.find((c) => c.key === selection && c.version === store.version);
  if (!hit) {
    const filters = buildFilters(spec.api.doc, spec.collection!.item, spec.params, query);
    if (typeof query.searchTerm === 'string' && query.searchTerm) filters.push(searchFilter(query.searchTerm));
    const items = sortItems(store.list(parent?.id).filter((it) => filters.every((f) => f.test(it))), sortKeys);
    hit = { key: selection, version: store.version, items };
    cache.unshift(hit);
    cache.length = Math.min(cache.length, 8);
  }
  const pages = spec.params.some((p) => p.in === 'query' && (p.name === 'offset' || p.name === 'limit'));
  const offset = typeof query.offset === 'number' ? query.offset : defaultOf(spec, 'offset') ?? 0;
  const limit = typeof query.limit === 'number' ? query.limit : defaultOf(spec, 'limit') ?? DEFAULT_LIMIT;
  const slice = pages ? hit.items.slice(offset, offset + limit) : hit.items;
  const items = slice.map((it) => expandItem(ctx, call, it, names, targets));
  const body = spec.collection!.shape === 'page' ? { meta: { offset, limit, total: hit.items.length }, items } : items;
  const etag = store.collectionEtag(JSON.stringify([selection, offset, limit, names]));
  if (notModified(call, etag)) return send(call.reply, spec, 304, undefined, undefined, { etag });
  return send(call.reply, spec, spec.successStatus, body, call.mediaType, { etag });
}

function defaultOf(spec: OpSpec, name: string): number | undefined {
  const p = spec.params.find((x) => x.in === 'query' && x.name === name);
  const d = p && resolveSchema(spec.api.doc, p.schema).default;
  return typeof d === 'number' ? d : undefined;
}

function create(ctx: SubApiContext, call: Call): FastifyReply {
  const { spec } = call;
  const store = storeOf(ctx, call);
  const parent = parentOf(ctx, call);
  if (parent && call.spec.collection!.nested) ctx.state.ensureChildren(store, parent.id);
  checkIfMatch(call, '', (t) => store.isCurrentCollectionTag(t));
  const body = parseBody(spec, call.v, call.req, requestMediaType(spec, call.req));
  const key = idProp(store);
  const item = ctx.state.generateItem(store, store.items.size);
  stampServerTimes(ctx, call, item, body);
  // What the client sets: the JSON body's properties, and query parameters naming item properties (an upload's metadata).
  const fromBody = body && isJsonMedia(body.mediaType) && body.value && typeof body.value === 'object' && !Array.isArray(body.value) ? (body.value as Item) : {};
  const sent: Item = { ...propsFromQuery(spec, store, call.query), ...fromBody };
  const sentId = sent[key];
  if (typeof sentId === 'string' && (store.items.has(sentId) || store.foreign.has(sentId))) throw httpError(409, `${singular(spec.path)} "${sentId}" already exists`);
  // Creating the same thing twice (every property the client set is equal; for uploads also the bytes) is the spec's 409.
  if (Object.keys(sent).length > 0) {
    const dup = store.list(parent?.id).find((s) => Object.entries(sent).every(([k, val]) => deepEqual(s[k], val)) && sameBlob(store, s, key, body));
    if (dup) throw httpError(409, `an equal ${singular(spec.path)} already exists: "${String(dup[key])}"`);
  }
  checkReferences(ctx, call, sent);
  Object.assign(item, knownProps(spec, store.itemSchema, sent));
  if (body && !isJsonMedia(body.mediaType)) describeUpload(spec, store, item, body);
  const id = String(item[key]);
  store.insert(id, item, parent?.id);
  if (body && !isJsonMedia(body.mediaType)) store.blobs.set(id, { mediaType: body.mediaType, data: body.bytes });
  const location = `${spec.api.prefix}${fillPath(spec.path, call.path)}/${encodeURIComponent(id)}`;
  return send(call.reply, spec, spec.successStatus, item, call.mediaType, { etag: itemEtag(item), location });
}

/**
 * Timestamps the server assigns (date-time properties of the item that the request body cannot set) are now;
 * on PUT only those named `updated...`/`modified...`/`changed...` (a creation time stays).
 */
function stampServerTimes(ctx: SubApiContext, call: Call, item: Item, body: ParsedBody | undefined, only = /./): void {
  const doc = call.spec.api.doc;
  const rb = deref<RequestBodyObject>(doc, call.spec.operation.requestBody);
  const writable = resolveSchema(doc, body ? rb?.content?.[body.mediaType]?.schema : undefined).properties ?? {};
  const now = new Date(ctx.now()).toISOString();
  for (const [prop, ps] of Object.entries(resolveSchema(doc, call.spec.collection!.item).properties ?? {})) {
    if (only.test(prop) && !(prop in writable) && resolveSchema(doc, ps).format === 'date-time') item[prop] = now;
  }
}

/** The sent properties the item schema knows (all of them when it lists none). */
function knownProps(spec: OpSpec, itemSchema: SchemaObject, sent: Item): Item {
  const props = resolveSchema(spec.api.doc, itemSchema).properties;
  return props ? Object.fromEntries(Object.entries(sent).filter(([k]) => k in props)) : sent;
}

/** References the client sends (to `x-expandable` properties of the item) must name existing resources: 400 otherwise. */
function checkReferences(ctx: SubApiContext, call: Call, sent: Item): void {
  const problems: { technicalMessage: string; errorCode: string }[] = [];
  for (const [prop, target] of expandables(call.spec.api.doc, call.spec.collection!.item)) {
    const id = referenceId(sent[prop]);
    const store = id === undefined ? undefined : ctx.state.storeOfSchema(call.spec.api, target);
    if (id !== undefined && store && !store.items.has(id) && !store.foreign.has(id)) {
      problems.push({ technicalMessage: `body.${prop} references ${target} "${id}", which does not exist`, errorCode: 'InvalidReference' });
    }
  }
  if (problems.length) throw new HttpError(400, problems);
}

/** Query parameters of a create that name item properties: `x` -> `x`, `<name>Id` -> `<name>: { id }`. */
function propsFromQuery(spec: OpSpec, store: Store, query: Record<string, unknown>): Item {
  const props = resolveSchema(spec.api.doc, store.itemSchema).properties ?? {};
  const out: Item = {};
  for (const [name, value] of Object.entries(query)) {
    if (name in props) out[name] = value;
    else if (/Id$/.test(name) && name.slice(0, -2) in props) out[name.slice(0, -2)] = { id: value };
  }
  return out;
}

function sameBlob(store: Store, existing: Item, key: string, body: ParsedBody | undefined): boolean {
  if (!body || isJsonMedia(body.mediaType)) return true;
  const blob = store.blobs.get(String(existing[key]));
  return !!blob && blob.data.equals(body.bytes);
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

// --- instances ---------------------------------------------------------------------------------------

function instance(ctx: SubApiContext, call: Call): { store: Store; id: string; item: Item } {
  const store = storeOf(ctx, call);
  const parent = parentOf(ctx, call);
  const id = String(call.path[call.spec.idParam!]);
  return { store, id, item: lookup(ctx, store, id, singular(call.spec.collection!.path), parent?.id) };
}

function read(ctx: SubApiContext, call: Call): FastifyReply {
  const { item } = instance(ctx, call);
  const schema = successSchema(call) ?? call.spec.collection!.item;
  const { names, targets } = expandNames(call, schema);
  const body = expandItem(ctx, call, item, names, targets);
  const etag = itemEtag(item, names.length ? `\u0000${[...names].sort().join(',')}` : '');
  if (notModified(call, etag)) return send(call.reply, call.spec, 304, undefined, undefined, { etag });
  return sendRepresentation(call, body, etag);
}

function replace(ctx: SubApiContext, call: Call): FastifyReply {
  const { store, id, item } = instance(ctx, call);
  checkIfMatch(call, itemEtag(item));
  const body = parseBody(call.spec, call.v, call.req, requestMediaType(call.spec, call.req));
  const key = idProp(store);
  if (body && isJsonMedia(body.mediaType) && body.value && typeof body.value === 'object') checkReferences(ctx, call, body.value as Item);
  const next = mergeReplacement(call, item, body);
  next[key] = item[key];
  stampServerTimes(ctx, call, next, body, /^(updated|modified|changed)/);
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
  const rb = deref<RequestBodyObject>(call.spec.api.doc, call.spec.operation.requestBody);
  const writable = Object.keys(resolveSchema(call.spec.api.doc, rb?.content?.[body.mediaType]?.schema).properties ?? sent);
  const required = new Set(resolveSchema(call.spec.api.doc, call.spec.collection?.item).required ?? []);
  for (const k of writable) if (!(k in sent) && !required.has(k)) delete next[k];
  return Object.assign(next, knownProps(call.spec, call.spec.collection!.item, sent));
}

function remove(ctx: SubApiContext, call: Call): FastifyReply {
  const { store, id, item } = instance(ctx, call);
  checkIfMatch(call, itemEtag(item));
  store.remove(id);
  return send(call.reply, call.spec, call.spec.successStatus, call.mediaType ? item : undefined, call.mediaType);
}

function successSchema(call: Call): SchemaObject | undefined {
  const content = call.spec.success?.content ?? {};
  return (call.mediaType && isJsonMedia(call.mediaType) ? content[call.mediaType]?.schema : undefined) ?? Object.entries(content).find(([m]) => isJsonMedia(m))?.[1].schema;
}

/** JSON as is; other media types rendered from the JSON (PDF, PNG, XML, text), or the uploaded bytes. */
function sendRepresentation(call: Call, value: Item | Blob, etag: string, status = call.spec.successStatus): FastifyReply {
  const mt = call.mediaType;
  if (isBlob(value)) return send(call.reply, call.spec, status, value.data, mt && mt.includes('*') ? value.mediaType : mt, { etag });
  if (!mt || isJsonMedia(mt)) return send(call.reply, call.spec, status, value, mt, { etag });
  const title = schemaName(call.spec.collection?.item) ?? singular(call.spec.path);
  const bytes = render(mt, value, `${title} ${String(value.id ?? '')}`.trim());
  return send(call.reply, call.spec, status, bytes, mt, { etag: quoteTag(bytes) });
}

// --- stand-alone resources and sub-resources ---------------------------------------------------------

function singleKey(call: Call, parentId: string | undefined): string {
  return `${call.spec.api.entry.id} ${call.spec.path} ${parentId ?? ''}`;
}

/** The current value: what a PUT stored, else the document's example, else generated from the schema. */
function currentSingle(ctx: SubApiContext, call: Call, parent: { id: string; item: Item } | undefined, path = call.spec.path): Item | Blob {
  const key = `${call.spec.api.entry.id} ${path} ${parent?.id ?? ''}`;
  const stored = ctx.state.singles.get(key);
  if (stored) return stored;
  const getSpec = ctx.specs.find((s) => s.api === call.spec.api && s.path === path && s.method === 'get') ?? call.spec;
  const [mt, media] = Object.entries(getSpec.success?.content ?? {}).find(([m]) => isJsonMedia(m)) ?? [];
  let value: Item | undefined;
  if (!mt || !media) {
    // Only non-JSON representations: rendered from the parent (a presentation of the document).
    value = parent?.item ?? {};
  } else {
    const example = examplesOf(media).find((e) => e && typeof e === 'object' && !Array.isArray(e)) as Item | undefined;
    const prng = new Prng(hash32(key));
    value = parent || !example ? (generateObject({ doc: getSpec.api.doc, prng, index: 0, refId: () => undefined }, media.schema ?? {}) as Item) : structuredClone(example);
    const props = resolveSchema(getSpec.api.doc, media.schema).properties ?? {};
    if (call.principal && 'username' in props) value.username = call.principal.username;
    ctx.state.singles.set(key, value);
  }
  return value;
}

function readSingle(ctx: SubApiContext, call: Call): FastifyReply {
  const parent = parentOf(ctx, call);
  const uploaded = parent && ctx.state.storeFor(call.spec.api, call.spec.parent!.collection).blobs.get(parent.id);
  if (uploaded && !ctx.state.singles.has(singleKey(call, parent.id))) {
    // The bytes as uploaded: as their own media type or as application/octet-stream, where the document offers them.
    const offered = call.spec.produces.filter((m) => m === uploaded.mediaType || m === 'application/octet-stream');
    const chosen = negotiate(call.req.headers.accept, offered);
    if (!chosen) throw httpError(406, `the uploaded ${uploaded.mediaType} content cannot be given as "${call.req.headers.accept ?? ''}"; available: ${offered.join(', ') || 'none'}`);
    const etag = quoteTag(uploaded.data);
    if (notModified(call, etag)) return send(call.reply, call.spec, 304, undefined, undefined, { etag });
    return send(call.reply, call.spec, call.spec.successStatus, uploaded.data, chosen, { etag });
  }
  const value = currentSingle(ctx, call, parent);
  const etag = itemEtag(value, call.mediaType ?? '');
  if (notModified(call, etag)) return send(call.reply, call.spec, 304, undefined, undefined, { etag });
  return sendRepresentation(call, value, etag);
}

function replaceSingle(ctx: SubApiContext, call: Call): FastifyReply {
  const parent = parentOf(ctx, call);
  const key = singleKey(call, parent?.id);
  const old = currentSingle(ctx, call, parent);
  checkIfMatch(call, itemEtag(old, ''), (t) => t === itemEtag(old, '') || t === itemEtag(old, call.mediaType ?? ''));
  const body = parseBody(call.spec, call.v, call.req, requestMediaType(call.spec, call.req));
  const next: Item | Blob = !body ? old : isJsonMedia(body.mediaType) ? { ...(isBlob(old) ? {} : old), ...(body.value as Item) } : { mediaType: body.mediaType, data: body.bytes };
  ctx.state.singles.set(key, next);
  if (!call.mediaType) return send(call.reply, call.spec, call.spec.successStatus, undefined, undefined);
  return sendRepresentation(call, next, itemEtag(next));
}

/** Anything else: checks the parent and the body, then answers with the documented example or a generated body. */
function action(ctx: SubApiContext, call: Call): FastifyReply {
  const parent = parentOf(ctx, call);
  parseBody(call.spec, call.v, call.req, requestMediaType(call.spec, call.req));
  if (!call.mediaType) return send(call.reply, call.spec, call.spec.successStatus, undefined, undefined);
  const media = call.spec.success?.content?.[call.mediaType];
  if (!isJsonMedia(call.mediaType)) return sendRepresentation(call, parent?.item ?? {}, '');
  const example = media && examplesOf(media)[0];
  const value = example !== undefined ? example : generateObjectOrValue(call, media?.schema, parent?.id);
  return send(call.reply, call.spec, call.spec.successStatus, value, call.mediaType);
}

function generateObjectOrValue(call: Call, schema: SchemaObject | undefined, seed: string | undefined): unknown {
  const prng = new Prng(hash32(`${call.spec.name} ${seed ?? ''}`));
  return generateValue({ doc: call.spec.api.doc, prng, index: 0, refId: () => undefined }, schema ?? {}, 'value');
}

