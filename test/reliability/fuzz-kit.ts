/**
 * Fuzzing the sandbox from its own documents: fast-check draws sequences of requests (valid ones from the schemas,
 * mutations of them, and for writes bodies no schema describes: fuzz-hostile.ts) for every operation of every sub API,
 * sends them over HTTP and checks every answer: no 5xx, a declared status, a body valid for its status and media type,
 * Cache-Control and the declared ETag, state that stays consistent (a read after a write shows it, a deleted resource
 * answers 404), hostile bodies refused or their server-owned properties not stored, and every stored resource within
 * the stated bound. After the runs, every GET and list is read once more. Used by the test and the bench.
 */
import fc from 'fast-check';
import { deref, type OpenApiDocument, type OperationObject, type ParameterObject, type RequestBodyObject, type ResponseObject, type SchemaObject } from '../../generator/load/index.js';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox } from '../../generator/sandbox/index.js';
import { MAX_STORED_BYTES, MAX_UPLOAD_BYTES } from '../../generator/sandbox/body-bounds.js';
import { resolveSchema } from '../../generator/sandbox/schema-tools.js';
import { createResponseValidator } from '../../generator/sandbox/validate-response.js';
import { passwordGrant } from '../helpers/password-grant.js';
import { hostileArb, hostileBody, storedAsSent, type Hostile } from './fuzz-hostile.js';
import { ID_MARK, schemaArb } from './fuzz-schema.js';

interface Op {
  prefix: string;
  doc: OpenApiDocument;
  method: string;
  path: string;
  op: OperationObject;
  params: ParameterObject[];
  /** Media type and schema of the request body. */
  bodies: [string, SchemaObject | undefined][];
}

/** What can be wrong with a request; `reject` ones must not succeed (spec 7.2: 400, 406, 415). */
const MUTATIONS = ['unknown-param', 'wrong-type', 'missing-required', 'bad-accept', 'bad-content-type', 'oversized', 'duplicate-param', 'bad-etag', 'no-token', 'bad-encoding'] as const;
type Mutation = (typeof MUTATIONS)[number];
const REJECTED: ReadonlySet<Mutation> = new Set(['unknown-param', 'wrong-type', 'missing-required', 'bad-accept', 'bad-content-type', 'no-token', 'bad-encoding']);

/** A request before the fuzzer's state (ids seen, ETags) fills it in. */
export interface Draft {
  op: number;
  /** Per path parameter: where its id comes from and which one. */
  ids: { from: 'own' | 'any' | 'random'; n: number; random: string }[];
  query: Record<string, unknown>;
  body: unknown;
  /** Send the last ETag seen for the URL in If-Match / If-None-Match. */
  conditional: boolean;
  mutation: { kind: Mutation; n: number } | null;
  /** For an operation with a JSON body, one time in two: a body no schema describes. */
  hostile: Hostile | null;
}

export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  status: number;
  mutation: Mutation | null;
}

export class FuzzFailure extends Error {}

/** Every operation of every sub API document the sandbox serves. */
export function operationsOf(sb: Sandbox): Op[] {
  const ops: Op[] = [];
  for (const api of sb.apis) {
    for (const [path, item] of Object.entries(api.doc.paths ?? {})) {
      for (const method of ['get', 'put', 'post', 'delete'] as const) {
        const op = item[method];
        if (!op) continue;
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref<ParameterObject>(api.doc, p)!);
        const rb = deref<RequestBodyObject>(api.doc, op.requestBody);
        const bodies = Object.entries(rb?.content ?? {}).map(([m, c]) => [m, c.schema] as [string, SchemaObject | undefined]);
        ops.push({ prefix: api.prefix, doc: api.doc, method: method.toUpperCase(), path, op, params, bodies });
      }
    }
  }
  return ops;
}

/** Drafts of requests to the operations, mutated one time in four. */
export function draftArb(ops: Op[]): fc.Arbitrary<Draft> {
  return fc.integer({ min: 0, max: ops.length - 1 }).chain((i) => {
    const o = ops[i]!;
    const query: Record<string, fc.Arbitrary<unknown>> = {};
    // Optional parameters are left out two times in three, so that requests are not all narrowed to nothing.
    for (const p of o.params.filter((x) => x.in === 'query')) {
      const a = schemaArb(o.doc, p.schema, p.name);
      query[p.name] = p.required ? a : fc.option(a, { nil: undefined, freq: 2 });
    }
    const pathCount = o.params.filter((p) => p.in === 'path').length;
    const body = o.bodies.length ? bodyArb(o.doc, o.bodies[0]!) : fc.constant(undefined);
    return fc.record({
      op: fc.constant(i),
      ids: fc.array(
        fc.record({ from: fc.constantFrom<'own' | 'any' | 'random'>('own', 'own', 'own', 'own', 'any', 'random'), n: fc.nat(10_000), random: fc.string({ minLength: 1, maxLength: 12 }) }),
        { minLength: pathCount, maxLength: pathCount },
      ),
      query: fc.record(query),
      body,
      conditional: fc.boolean(),
      mutation: fc.option(fc.record({ kind: fc.constantFrom(...MUTATIONS), n: fc.nat(1000) }), { freq: 3 }),
      hostile: o.bodies[0] && /json/.test(o.bodies[0][0]) ? fc.option(hostileArb, { nil: null, freq: 2 }) : fc.constant(null),
    });
  });
}

function bodyArb(doc: OpenApiDocument, [mediaType, schema]: Op['bodies'][number]): fc.Arbitrary<unknown> {
  if (/json/.test(mediaType)) return schemaArb(doc, schema);
  if (/xml/.test(mediaType)) return fc.string({ maxLength: 20 }).map((t) => `<Invoice><Note>${t.replace(/[<&>]/g, '')}</Note></Invoice>`);
  return fc.uint8Array({ minLength: 1, maxLength: 64 }).map((b) => Buffer.from(b).toString('base64'));
}

/** The fuzzer's memory of the sandbox: ids per collection URL, ETags per URL, what was deleted. */
export class Fuzzer {
  readonly ops: Op[];
  private readonly validate: ReturnType<typeof createResponseValidator>;
  private readonly idsAt = new Map<string, string[]>();
  private readonly allIds: string[] = [];
  /** Ids seen as the `id` of a property, by the property's name (`sender` -> ids of senders). */
  private readonly idsByName = new Map<string, string[]>();
  private readonly etags = new Map<string, string>();
  private readonly deleted = new Set<string>();
  private readonly measured = new WeakSet<object>();
  requests = 0;
  /** The largest stored JSON resource seen, serialized (bytes). */
  largestStored = 0;
  /** Requests sent with a body no schema describes, by operation. */
  readonly hostileSent = new Map<string, number>();
  /** Answers by operation and status, e.g. `PUT /document/v1/documents/{documentId} 412` -> 7. */
  readonly statuses = new Map<string, number>();

  constructor(
    readonly sb: Sandbox,
    readonly token: string,
  ) {
    this.ops = operationsOf(sb);
    this.validate = createResponseValidator(sb.apis, sb.operations);
  }

  /** Fills the id pools before fuzzing: every collection without path parameters, then those below their first item. */
  async warmUp(): Promise<void> {
    for (const depth of [0, 1, 2]) {
      for (const o of this.ops.filter((x) => x.method === 'GET' && x.params.filter((p) => p.in === 'path').length === depth)) {
        await this.run({ op: this.ops.indexOf(o), ids: Array.from({ length: depth }, () => ({ from: 'own', n: 0, random: 'x' })), query: {}, body: undefined, conditional: false, mutation: null, hostile: null });
      }
    }
  }

  /** Sends one draft and checks the answer (and, after a successful write, a read of what was written). */
  async run(d: Draft): Promise<void> {
    const o = this.ops[d.op]!;
    // A hostile body is the draft's one fault (no mutation, no stale ETag, an id of the collection), so that what it
    // makes the sandbox store is seen.
    const m = d.hostile ? null : (d.mutation?.kind ?? null);
    const n = d.mutation?.n ?? 0;
    let url = o.prefix;
    let k = 0;
    let parentId: string | undefined;
    for (const seg of o.path.split('/').slice(1)) {
      const p = /^\{(.+)\}$/.exec(seg);
      if (p) parentId = this.pickId(url, d.hostile ? { ...d.ids[k]!, from: 'own' } : d.ids[k]!, () => this.storedIds(o, p[1]!, parentId));
      k += p ? 1 : 0;
      url += '/' + (p ? encodeURIComponent(parentId!) : seg);
    }
    // A path segment that is not valid percent-encoding: fastify's own 400, which must carry Cache-Control as any answer.
    if (m === 'bad-encoding') url = k ? url.slice(0, url.lastIndexOf('/') + 1) + '%ZZ' + url.slice(url.lastIndexOf('/') + 1) : url;
    const path = url;
    const query = new URLSearchParams();
    for (const [name, v] of Object.entries(d.query)) {
      // An empty array is left out, as the generated client does.
      if (v === undefined || v === null || (Array.isArray(v) && !v.length)) continue;
      const p = o.params.find((x) => x.in === 'query' && x.name === name)!;
      const values = Array.isArray(v) ? (p.explode === false ? [v.map(String).join(',')] : v.map((x) => String(this.fill(x)))) : [String(this.fill(v))];
      for (const x of values) query.append(name, x);
    }
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    const produces = Object.keys(success(o)?.content ?? {});
    if (produces.length) headers.accept = produces.join(', ');
    let body: string | Buffer | undefined;
    const [mediaType] = o.bodies[0] ?? [];
    let value = this.fill(d.body);
    let rejected = m !== null && REJECTED.has(m) && (m !== 'bad-encoding' || k > 0);
    if (m === 'wrong-type' || m === 'missing-required' || m === 'oversized') {
      const done = mutateValue(o, query, m, n, value);
      if (!done) rejected = false;
      else value = done.value;
      if (done && m === 'oversized' && !done.bounded) rejected = false;
    }
    const hostile = d.hostile && mediaType && /json/.test(mediaType) ? hostileBody(o.doc, o.bodies[0]![1], jsonSchemaOf(success(o)), value, d.hostile) : undefined;
    if (hostile?.refused) rejected = true;
    if (mediaType) {
      headers['content-type'] = mediaType;
      body = hostile ? hostile.text : /json/.test(mediaType) ? JSON.stringify(value) : /xml/.test(mediaType) ? String(value) : Buffer.from(String(value), 'base64');
    } else if (m === 'missing-required' || m === 'bad-content-type') rejected = false;
    if (m === 'unknown-param') query.append(`zz${n}`, 'x');
    if (m === 'duplicate-param') {
      const first = [...query.keys()][0];
      if (first) query.append(first, query.get(first)!);
    }
    if (m === 'bad-accept') {
      // Refused (406) only where the document declares 406; elsewhere the sandbox may ignore Accept.
      if (produces.length) headers.accept = 'application/x-docex-nothing';
      if (!produces.length || !o.op.responses?.['406']) rejected = false;
    }
    if (m === 'bad-content-type') headers['content-type'] = 'text/x-docex-nothing';
    if (m === 'no-token') delete headers.authorization;
    const tag = this.etags.get(path);
    const cond = o.params.find((p) => p.in === 'header' && /^if-(none-)?match$/i.test(p.name));
    if (cond && ((d.conditional && !d.hostile) || m === 'bad-etag')) {
      const bad = ['garbage', '"unterminated', 'W/"weak"', '"a","b"', '""', '*'][n % 6]!;
      const v = m === 'bad-etag' ? bad : tag;
      if (v) headers[cond.name.toLowerCase()] = v;
    }
    const qs = query.toString();
    const getOp = this.ops.find((x) => x.method === 'GET' && x.prefix === o.prefix && x.path === o.path);
    // What a replace's server-owned properties held before it, to tell the server's own values from sent ones.
    const before = hostile && Object.keys(hostile.unstored).length && o.method === 'PUT' && getOp ? await this.send('GET', path, { authorization: headers.authorization ?? '', accept: 'application/json' }) : undefined;
    const res = await this.send(o.method, path + (qs ? `?${qs}` : ''), headers, body);
    const opKey = `${o.method} ${o.prefix}${o.path}`;
    const key = `${opKey} ${res.status}${m ? ` (${m})` : ''}${hostile ? ` [${d.hostile!.kind}]` : ''}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    const sent: Sent = { method: o.method, url: path + (qs ? `?${qs}` : ''), headers, status: res.status, mutation: m };
    if (body !== undefined) sent.body = typeof body === 'string' ? body.slice(0, 500) : body;
    const fail = (what: string): never => {
      throw new FuzzFailure(`${what}\n  request: ${JSON.stringify({ ...sent, headers: { ...headers, authorization: headers.authorization && 'Bearer <token>' } })}`);
    };
    this.check(o, res, fail);
    if (hostile) this.hostileSent.set(opKey, (this.hostileSent.get(opKey) ?? 0) + 1);
    if (rejected && res.status < 300) fail(`a request with ${hostile?.refused ? `a ${d.hostile!.kind} body` : m} succeeded (${res.status})`);
    if (res.status >= 300) return;
    if (o.method !== 'GET') this.checkStoredSizes(fail);
    for (const k of isJson(res) ? storedAsSent(hostile?.unstored ?? {}, res.json, before?.status === 200 ? before.json : undefined) : []) {
      fail(`the server-owned ${k} was stored as sent: ${JSON.stringify(hostile!.unstored[k])}`);
    }
    await this.learn(o, path, res);
    // State: a read after a write shows it; a deleted resource answers 404.
    if (o.method === 'PUT' && getOp && isJson(res)) {
      const read = await this.send('GET', path, { authorization: headers.authorization ?? '', accept: 'application/json' });
      this.check(getOp, read, fail);
      if (read.status !== 200 || JSON.stringify(read.json) !== JSON.stringify(res.json)) fail(`GET after PUT gave ${read.status} ${read.text.slice(0, 300)}, the PUT answered ${res.text.slice(0, 300)}`);
    }
    // Only where the document lets a client read what it created (a GET on `<collection>/{id}`).
    const instanceGet = this.ops.some((x) => x.method === 'GET' && x.prefix === o.prefix && x.path.startsWith(`${o.path}/{`) && /^\/\{[^}/]+\}$/.test(x.path.slice(o.path.length)));
    if (o.method === 'POST' && res.status === 201 && instanceGet && res.headers.get('location') && isJson(res)) {
      const loc = res.headers.get('location')!;
      const read = await this.send('GET', loc, { authorization: headers.authorization ?? '', accept: 'application/json' });
      if (read.status !== 200 || (read.json as { id?: unknown }).id !== (res.json as { id?: unknown }).id) fail(`GET ${loc} after POST gave ${read.status} ${read.text.slice(0, 300)}`);
    }
    if (o.method === 'DELETE') {
      this.deleted.add(path);
      if (getOp) {
        const read = await this.send('GET', path, { authorization: headers.authorization ?? '' });
        if (read.status !== 404) fail(`GET after DELETE gave ${read.status}, not 404`);
      }
    }
    if (o.method === 'GET' && this.deleted.has(path)) fail(`GET of the deleted ${path} gave ${res.status}, not 404`);
  }

  /** Every stored resource within the stated bound: JSON resources serialized, uploads as bytes (each checked once). */
  private checkStoredSizes(fail: (what: string) => never): void {
    const measure = (what: string, value: object) => {
      if (this.measured.has(value)) return;
      this.measured.add(value);
      const blob = Buffer.isBuffer((value as { data?: unknown }).data) ? (value as { data: Buffer }).data : undefined;
      const size = blob ? blob.length : Buffer.byteLength(JSON.stringify(value));
      if (size > (blob ? MAX_UPLOAD_BYTES : MAX_STORED_BYTES)) fail(`${what} is stored at ${size} bytes, past its bound`);
      if (!blob) this.largestStored = Math.max(this.largestStored, size);
    };
    for (const store of this.sb.state.stores.values()) {
      for (const [id, item] of store.items) measure(`${store.key} ${id}`, item);
      for (const [id, blob] of store.blobs) measure(`the upload of ${store.key} ${id}`, blob);
    }
    for (const [key, value] of this.sb.state.singles) measure(key, value);
  }

  /** Every GET operation once more, at up to three ids of each collection seen: what the runs stored still answers as documented. */
  async sweep(): Promise<void> {
    for (const o of this.ops.filter((x) => x.method === 'GET')) {
      const depth = o.params.filter((p) => p.in === 'path').length;
      for (let n = 0; n < (depth ? 3 : 1); n++) {
        await this.run({ op: this.ops.indexOf(o), ids: Array.from({ length: depth }, () => ({ from: 'own', n, random: 'x' })), query: {}, body: undefined, conditional: false, mutation: null, hostile: null });
      }
    }
  }

  private check(o: Op, res: Answer, fail: (what: string) => never): void {
    if (res.status >= 500) fail(`${res.status} ${res.text.slice(0, 300)}`);
    const problems = this.validate({ method: o.method, path: res.path, status: res.status, headers: res.headers, body: res.bytes });
    if (problems.length) fail(`the answer does not match the document:\n  ${problems.join('\n  ')}`);
    const declared = deref<ResponseObject>(o.doc, o.op.responses?.[String(res.status)]);
    const etagHeader = Object.keys(declared?.headers ?? {}).find((h) => h.toLowerCase() === 'etag');
    if (etagHeader && res.status < 300 && !res.headers.get('etag')) fail(`${res.status} without the ETag its document declares`);
  }

  /** Remembers ids (from list and item bodies, Location), ETags and deletions. */
  private async learn(o: Op, path: string, res: Answer): Promise<void> {
    const tag = res.headers.get('etag');
    if (tag && o.method !== 'POST') this.etags.set(path, tag);
    if (o.method === 'DELETE') {
      this.etags.delete(path);
      const at = path.slice(0, path.lastIndexOf('/'));
      this.idsAt.set(at, (this.idsAt.get(at) ?? []).filter((id) => `${at}/${encodeURIComponent(id)}` !== path));
    }
    if (!isJson(res)) return;
    const v = res.json as { items?: unknown[]; id?: unknown } | unknown[];
    const items = Array.isArray(v) ? v : Array.isArray(v?.items) ? v.items : undefined;
    const found = o.method === 'GET' && items ? items.map((x) => (x as { id?: unknown })?.id) : o.method === 'POST' && res.status === 201 ? [(v as { id?: unknown }).id] : [];
    const known = this.idsAt.get(path) ?? [];
    for (const id of found) if (typeof id === 'string' && !known.includes(id)) known.push(id);
    this.idsAt.set(path, known.slice(-200));
    collectIds(v, this.allIds, this.idsByName);
  }

  /** An id for a path parameter: `own`, one seen in the collection's list, else one the sandbox holds there (for
   *  collections no list shows, such as /file-parts); `any`, any id seen; `random`, a made-up one. */
  private pickId(collectionUrl: string, pick: Draft['ids'][number], stored: () => string[]): string {
    const own = pick.from === 'own' ? (this.idsAt.get(collectionUrl) ?? []) : [];
    const pool = own.length ? own : pick.from === 'own' ? stored() : [];
    if (pool.length) return pool[pick.n % pool.length]!;
    if (pick.from !== 'random' && this.allIds.length) return this.allIds[pick.n % this.allIds.length]!;
    return pick.random;
  }

  /** The ids the sandbox holds in the collection a path parameter names (below `parentId` in a nested one). */
  private storedIds(o: Op, param: string, parentId: string | undefined): string[] {
    const spec = this.sb.operations.find((s) => s.api.prefix === o.prefix && s.op.path === o.path && s.op.method === o.method.toUpperCase());
    let collection = spec?.op.conventions.resource.idParam === param ? spec.collection : undefined;
    for (let p = spec?.parent; p && !collection; p = this.sb.operations.find((s) => s.api === spec!.api && s.op.path === p!.path && s.parent)?.parent) {
      if (p.idParam === param) collection = p.collection;
    }
    if (!spec || !collection) return [];
    const store = this.sb.state.storeFor(spec.api, collection);
    if (!collection.nested) return [...store.items.keys()].slice(0, 200);
    if (parentId === undefined) return [];
    this.sb.state.ensureChildren(store, parentId);
    return [...store.items.keys()].filter((id) => store.parentOf.get(id) === parentId);
  }

  /** Replaces `@id:<n>:<hint>` markers by ids seen (under that property name when there are such; one time in
   *  eight any id, an id of another kind of resource). */
  private fill(v: unknown): unknown {
    if (typeof v === 'string') {
      const m = ID_MARK.exec(v);
      if (!m) return v;
      const n = Number(m[1]);
      const named = this.idsByName.get(m[2]!);
      const pool = named?.length && n % 8 ? named : this.allIds;
      return pool[n % Math.max(1, pool.length)] ?? 'unknown-id';
    }
    if (Array.isArray(v)) return v.map((x) => this.fill(x));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.fill(x)]));
    return v;
  }

  private async send(method: string, url: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
    this.requests++;
    const r = await fetch(this.sb.url + url, { method, headers, ...(body !== undefined && { body: body as BodyInit }) });
    const bytes = Buffer.from(await r.arrayBuffer());
    const text = bytes.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: r.status, headers: r.headers, bytes, text, json, path: url };
  }
}

interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  json: unknown;
  path: string;
}

const isJson = (r: Answer) => /json/.test(r.headers.get('content-type') ?? '') && r.json !== undefined;

function jsonSchemaOf(response: ResponseObject | undefined): SchemaObject | undefined {
  return Object.entries(response?.content ?? {}).find(([m]) => /json/.test(m))?.[1].schema;
}

function success(o: Op): ResponseObject | undefined {
  const code = Object.keys(o.op.responses ?? {}).find((c) => /^2/.test(c));
  return code ? deref<ResponseObject>(o.doc, o.op.responses![code]) : undefined;
}

function collectIds(v: unknown, into: string[], byName: Map<string, string[]>, name = '', depth = 0): void {
  if (depth > 4 || !v || typeof v !== 'object') return;
  if (Array.isArray(v)) return v.slice(0, 20).forEach((x) => collectIds(x, into, byName, name, depth + 1));
  for (const [k, x] of Object.entries(v)) {
    if (k === 'id' && typeof x === 'string') {
      remember(into, x);
      if (name) byName.set(name, remember(byName.get(name) ?? [], x));
    } else collectIds(x, into, byName, k, depth + 1);
  }
}

/** Adds `id` to a bounded list of distinct ids. */
function remember(list: string[], id: string): string[] {
  if (!list.includes(id)) list.push(id);
  if (list.length > 500) list.shift();
  return list;
}

/**
 * Applies a body or query mutation. Returns undefined when the operation has nothing to mutate; `bounded`: the
 * oversized value broke a declared maxLength / maxItems / maximum (so the request must be refused).
 */
function mutateValue(o: Op, query: URLSearchParams, m: Mutation, n: number, value: unknown): { value: unknown; bounded: boolean } | undefined {
  const schema = o.bodies[0] && /json/.test(o.bodies[0][0]) ? resolveSchema(o.doc, o.bodies[0][1]) : undefined;
  const props = Object.entries(schema?.properties ?? {});
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  if (m === 'missing-required') {
    const req = schema?.required ?? [];
    if (!obj || !req.length) return undefined;
    const { [req[n % req.length]!]: _, ...rest } = obj;
    return { value: rest, bounded: true };
  }
  if (m === 'wrong-type') {
    // A typed query parameter given a word, or a body property given a value of another JSON type.
    const typed = o.params.filter((p) => p.in === 'query' && ['integer', 'number', 'boolean'].includes(String(resolveSchema(o.doc, p.schema).type)));
    if (typed.length && (n % 2 || !obj || !props.length)) {
      query.set(typed[n % typed.length]!.name, 'not-a-number');
      return { value, bounded: true };
    }
    if (!obj || !props.length) return undefined;
    const [k, p] = props[n % props.length]!;
    const t = resolveSchema(o.doc, p).type;
    const wrong = t === 'string' ? 12345 : t === 'object' || t === 'array' ? 'text' : t ? { x: [1] } : undefined;
    if (wrong === undefined) return undefined;
    return { value: { ...obj, [k]: wrong }, bounded: true };
  }
  // oversized: a string of 100,000 characters or an array of 10,000 items, or a query limit past its maximum.
  const limit = o.params.find((p) => p.in === 'query' && resolveSchema(o.doc, p.schema).maximum !== undefined);
  if (limit && (n % 2 || !obj)) {
    query.set(limit.name, String(resolveSchema(o.doc, limit.schema).maximum! * 1000 + 1));
    return { value, bounded: true };
  }
  if (!obj || !props.length) return undefined;
  const [k, p] = props[n % props.length]!;
  const s = resolveSchema(o.doc, p);
  if (s.type === 'array') return { value: { ...obj, [k]: Array.from({ length: 10_000 }, () => obj[k] ?? 'x') }, bounded: s.maxItems !== undefined };
  return { value: { ...obj, [k]: 'x'.repeat(100_000) }, bounded: s.maxLength !== undefined || (s.type !== undefined && s.type !== 'string') };
}

/** Small collections: the fuzzer's reads and writes meet each other's resources. */
const FUZZ_SANDBOX = { documentCount: 40, pagedCollectionSize: 40, smallCollectionSize: 10 };

/**
 * A fresh sandbox of the documents in `openapiDir`, configured for fuzzing, and a warmed-up fuzzer signed in to it: the
 * one setup of the test and the bench, so that a seed the bench reports replays in the test.
 */
export async function openFuzzer(openapiDir: string): Promise<{ fuzzer: Fuzzer; close: () => Promise<void> }> {
  const sb = await startSandbox({ openapiDir, ...FUZZ_SANDBOX });
  const fuzzer = new Fuzzer(sb, (await passwordGrant(sb.url, DEFAULT_CREDENTIALS)).access_token);
  await fuzzer.warmUp();
  return { fuzzer, close: () => sb.close() };
}

/** One fast-check run: `runs` sequences of up to 12 requests, from `seed`, then the sweep of every GET (a failure of
 *  the sweep is thrown). Returns the run's details. */
export async function fuzz(fuzzer: Fuzzer, seed: number, runs: number): Promise<fc.RunDetails<[Draft[]]>> {
  const details = await fc.check(
    fc.asyncProperty(fc.array(draftArb(fuzzer.ops), { minLength: 1, maxLength: 12 }), async (drafts) => {
      for (const d of drafts) await fuzzer.run(d);
    }),
    { seed, numRuns: runs, endOnFailure: true },
  );
  if (!details.failed) await fuzzer.sweep();
  return details;
}
