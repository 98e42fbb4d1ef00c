import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaTypeObject } from '../../generator/load/index.js';
import { offered } from '../../generator/model/index.js';
import type { OpSpec } from '../../generator/sandbox/analyse.js';
import { generateValue } from '../../generator/sandbox/generate-data.js';
import { checkPdf, checkPng } from '../../generator/sandbox/validate-response.js';
import { hash32, Prng } from '../../generator/sandbox/prng.js';
import { isJsonMedia, objectAt, paramSchema } from '../../generator/sandbox/schema-tools.js';
import { idProp } from '../../generator/sandbox/state.js';
import { openSandbox, realDir, type Page, type TestSandbox } from './helpers.js';

// The same sandbox code against the real openapi/ tree: every operation answers as its document says.
let t: TestSandbox;
beforeAll(async () => {
  t = await openSandbox({ openapiDir: realDir });
});
afterAll(() => t?.close());

function idOf(spec: OpSpec, collection: NonNullable<OpSpec['collection']>, parent?: string): string {
  const store = t.sb.state.storeFor(spec.api, collection);
  if (parent !== undefined) t.sb.state.ensureChildren(store, parent);
  for (const [id] of store.items) if (parent === undefined || store.parentOf.get(id) === parent) return id;
  throw new Error(`no item in ${store.key}`);
}

/** Required query parameters, generated from their schemas. */
function queryFor(spec: OpSpec): string {
  const q = new URLSearchParams();
  for (const p of spec.op.params) {
    if (p.in !== 'query' || !p.required) continue;
    // A parameter that sets a reference (x-sets: sendingCompany.id) names an existing resource.
    const target = spec.collection?.references.get(spec.sets.get(p.name)?.[0] ?? '');
    const store = target ? t.sb.state.storeOfSchema(spec.api, target) : undefined;
    const v = store ? [...store.items.keys()][0] : generateValue({ doc: spec.api.doc, prng: new Prng(hash32(`${spec.api.entry.id} ${spec.name}`)), index: 1, refId: () => undefined }, paramSchema(spec.api.doc, p), p.name);
    q.set(p.name, Array.isArray(v) ? v.join(',') : String(v));
  }
  return q.size ? `?${q}` : '';
}

/** A concrete URL for an operation, with ids of items that exist. */
function urlFor(spec: OpSpec): string {
  const values: Record<string, string> = {};
  const chain: { idParam: string; collection: NonNullable<OpSpec['collection']> }[] = [];
  for (let p = spec.parent; p; ) {
    chain.unshift(p);
    const up = t.sb.operations.find((o) => o.api === spec.api && o.op.path === p!.path && o.parent);
    p = up?.parent;
  }
  let parentId: string | undefined;
  for (const p of chain) values[p.idParam] = parentId = idOf(spec, p.collection, p.collection.nested ? parentId : undefined);
  const { idParam } = spec.op.conventions.resource;
  if (idParam) values[idParam] = idOf(spec, spec.collection!, spec.collection!.nested ? parentId : undefined);
  return spec.api.prefix + spec.op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent(values[n] ?? 'x'));
}

function bodyFor(spec: OpSpec): { body: unknown; headers: Record<string, string> } | undefined {
  const first = spec.op.body?.content[0];
  if (!first) return undefined;
  const mt = first.mediaType;
  const media = objectAt<MediaTypeObject>(spec.api.doc, first.at);
  if (!isJsonMedia(mt)) return { body: Buffer.from(`<?xml version="1.0"?><Invoice><ID>${spec.api.entry.id}</ID></Invoice>`), headers: { 'content-type': mt } };
  const refId = (name: string) => {
    const store = t.sb.state.storeOfSchema(spec.api, name);
    return store ? [...store.items.keys()][0] : undefined;
  };
  const body = generateValue({ doc: spec.api.doc, prng: new Prng(hash32(`${spec.api.entry.id} ${spec.name}`)), index: 999_999, refId }, media?.schema, 'body') as Record<string, unknown>;
  // References must name resources that exist (the sandbox answers 400 otherwise).
  if (spec.collection) {
    for (const [prop, target] of spec.collection.references) if (prop in body) body[prop] = { id: refId(target) };
  }
  // The resources an x-effect names in the body (`documentIds`) are ones that exist.
  if (spec.effect?.ids) body[spec.effect.ids] = [...t.sb.state.storeFor(spec.api, spec.effect.collection).items.keys()].slice(0, 2);
  return { body, headers: { 'content-type': mt } };
}

describe('the real documents in openapi/', () => {
  it('every operation that returns a representation declares the 406 it answers to an unacceptable Accept, with its Cache-Control', async () => {
    const ops = t.sb.operations.filter((o) => offered(o.op).length > 0 && o.op.method === 'GET');
    expect(ops.length).toBeGreaterThanOrEqual(15);
    for (const spec of ops) {
      // t.call fails the test when the status is not declared or a header differs from the document.
      const r = await t.call('GET', urlFor(spec) + queryFor(spec), { headers: { accept: 'text/csv' } });
      expect(r.status, spec.name).toBe(406);
      expect(r.headers.get('cache-control'), spec.name).toBe('no-store');
    }
  });

  it('serves every operation of every document, each response matching its document', async () => {
    const ops = [...t.sb.operations].sort((a, b) => Number(a.op.method === 'DELETE') - Number(b.op.method === 'DELETE'));
    expect(ops.length).toBeGreaterThanOrEqual(25);
    const served: string[] = [];
    for (const spec of ops) {
      const b = bodyFor(spec);
      const r = await t.call(spec.op.method, urlFor(spec) + queryFor(spec), b ? { body: b.body, headers: b.headers } : {});
      expect(r.status, `${spec.name}: ${r.text.slice(0, 300)} after ${served.join(", ")}`).toBeLessThan(300);
      served.push(`${spec.name} ${r.status}`);
    }
    expect(served).toHaveLength(ops.length);
  });

  it('listDocuments pages, sorts, filters and expands as documented', async () => {
    const page = (await t.call('GET', '/document/v1/documents?limit=100&sort=-createdAt&expand=sender,receiver')).json as Page<{ createdAt: string; sender: { name?: string }; documentType: string }>;
    expect(page.meta.total).toBeGreaterThanOrEqual(1000);
    expect(page.items).toHaveLength(100);
    const dates = page.items.map((d) => d.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.items.every((d) => typeof d.sender.name === 'string')).toBe(true);
    const invoices = (await t.call('GET', '/document/v1/documents?documentType=Invoice&limit=100')).json as Page<{ documentType: string }>;
    expect(invoices.items.every((d) => d.documentType === 'Invoice')).toBe(true);
    expect((await t.call('GET', '/document/v1/documents?limit=101')).status).toBe(400);
    expect((await t.call('GET', '/document/v1/documents?documentTyp=Invoice')).status).toBe(400);
  });

  it('getDocumentPresentation gives a valid PDF, PNG and XML, 406 otherwise', async () => {
    const store = t.sb.state.stores.get('Document')!;
    const id = [...store.items.keys()][0]!;
    const path = `/document/v1/documents/${id}/presentation`;
    expect(checkPdf((await t.call('GET', path, { headers: { accept: 'application/pdf' } })).bytes)).toBeUndefined();
    expect(checkPng((await t.call('GET', path, { headers: { accept: 'image/png' } })).bytes)).toBeUndefined();
    expect((await t.call('GET', path, { headers: { accept: 'application/xml' } })).text).toMatch(/^<\?xml/);
    expect((await t.call('GET', path, { headers: { accept: 'text/html' } })).status).toBe(406);
  });

  it('updateDocument honours If-Match (412 when stale) and getDocument If-None-Match (304)', async () => {
    const store = t.sb.state.stores.get('Document')!;
    const id = [...store.items.keys()][1]!;
    const got = await t.call('GET', `/document/v1/documents/${id}`);
    const etag = got.headers.get('etag')!;
    expect((await t.call('GET', `/document/v1/documents/${id}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const spec = t.sb.operations.find((o) => o.name === 'updateDocument')!;
    const b = bodyFor(spec)!;
    const ok = await t.call('PUT', `/document/v1/documents/${id}`, { body: b.body, headers: { ...b.headers, 'if-match': etag } });
    expect(ok.status).toBe(200);
    expect((await t.call('PUT', `/document/v1/documents/${id}`, { body: b.body, headers: { ...b.headers, 'if-match': etag } })).status).toBe(412);
  });

  it('uploadFile takes its documented media types and 415 for others', async () => {
    const spec = t.sb.operations.find((o) => o.name === 'uploadFile');
    expect(spec).toBeDefined();
    const q = queryFor(t.sb.operations.find((o) => o.name === 'uploadFile')!);
    const bad = await t.call('POST', `/file/v1/files${q}`, { body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(bad.status).toBe(415);
    expect(idProp(t.sb.state.stores.get('File')!)).toBe('id');
  });
});

describe('uploads in the real file API', () => {
  it('stores the uploaded bytes with the query metadata, serves them back, and 409 on the same upload again', async () => {
    const spec = t.sb.operations.find((o) => o.name === 'uploadFile')!;
    const companyStore = t.sb.state.storeOfSchema(spec.api, 'Company');
    const company = companyStore ? [...companyStore.items.keys()][0]! : 'c-1';
    const q = `?sendingCompanyId=${company}&senderReference=ERP-TEST-1&documentType=Invoice&fileName=a.xml`;
    const xml = Buffer.from('<?xml version="1.0"?><Invoice><ID>1</ID></Invoice>');
    const created = await t.call('POST', `/file/v1/files${q}`, { body: xml, headers: { 'content-type': 'application/xml' } });
    expect(created.status).toBe(201);
    const file = created.json as { id: string; senderReference: string; size?: number; mediaType?: string; fileName?: string };
    expect(file).toMatchObject({ senderReference: 'ERP-TEST-1', fileName: 'a.xml' });
    expect(created.headers.get('location')).toBe(`/file/v1/files/${file.id}`);
    const content = await t.call('GET', `/file/v1/files/${file.id}/content`, { headers: { accept: 'application/xml' } });
    expect(content.bytes.equals(xml)).toBe(true);
    const raw = await t.call('GET', `/file/v1/files/${file.id}/content`, { headers: { accept: 'application/octet-stream' } });
    expect(raw.headers.get('content-type')).toBe('application/octet-stream');
    expect(raw.bytes.equals(xml)).toBe(true);
    const again = await t.call('POST', `/file/v1/files${q}`, { body: xml, headers: { 'content-type': 'application/xml' } });
    expect(again.status).toBe(409);
  });
});

describe('creates with an x-effect on resources that exist (spec 4.1: POST creates)', () => {
  it('createDocumentFetch checks the named documents (404 naming a missing one, 403 for another company) and then marks nothing', async () => {
    const ids = [...t.sb.state.stores.get('Document')!.items].filter(([, d]) => d.isFetched !== true).map(([id]) => id);
    const r = await t.call('POST', '/document/v1/document-fetches', { body: { documentIds: [ids[0]!, 'missing-doc'] } });
    expect(r.status).toBe(404);
    expect(r.text).toContain('missing-doc');
    const foreign = [...t.sb.state.stores.get('Document')!.foreign.keys()][0]!;
    expect((await t.call('POST', '/document/v1/document-fetches', { body: { documentIds: [ids[1]!, foreign] } })).status).toBe(403);
    expect(ids.slice(0, 2).map((id) => t.sb.state.stores.get('Document')!.items.get(id)!.isFetched)).not.toContain(true);
  });

  it('a fetch receipt marks its documents, so a client polling isFetched=false no longer sees them; the receipt is at its Location', async () => {
    const unfetched = (await t.call('GET', '/document/v1/documents?isFetched=false&limit=3')).json as Page<{ id: string; isFetched?: boolean }>;
    expect(unfetched.items).toHaveLength(3);
    const ids = unfetched.items.map((d) => d.id);
    const fetchedBefore = ((await t.call('GET', '/document/v1/documents?isFetched=true&limit=1')).json as Page<unknown>).meta.total;
    const before = await t.call('GET', `/document/v1/documents/${ids[0]}`);
    const etag = before.headers.get('etag')!;

    const created = await t.call('POST', '/document/v1/document-fetches', { body: { documentIds: ids } });
    expect(created.status).toBe(201);
    const receipt = created.json as { id: string; documentIds: string[]; createdAt: string };
    expect(receipt.documentIds).toEqual(ids);
    expect(created.headers.get('location')).toBe(`/document/v1/document-fetches/${receipt.id}`);
    const got = await t.call('GET', created.headers.get('location')!);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(receipt);
    expect((await t.call('GET', created.headers.get('location')!, { headers: { 'if-none-match': got.headers.get('etag')! } })).status).toBe(304);

    for (const id of ids) expect(((await t.call('GET', `/document/v1/documents/${id}`)).json as { isFetched: boolean }).isFetched).toBe(true);
    const after = (await t.call('GET', '/document/v1/documents?isFetched=false&limit=100')).json as Page<{ id: string }>;
    expect(after.meta.total).toBe(unfetched.meta.total - 3);
    expect(after.items.map((d) => d.id)).not.toContain(ids[0]);
    expect(((await t.call('GET', '/document/v1/documents?isFetched=true&limit=1')).json as Page<unknown>).meta.total).toBe(fetchedBefore + 3);
    // The document changed: its old ETag no longer gives 304. Fetching again is harmless: a new receipt, no change.
    expect((await t.call('GET', `/document/v1/documents/${ids[0]}`, { headers: { 'if-none-match': etag } })).status).toBe(200);
    expect((await t.call('POST', '/document/v1/document-fetches', { body: { documentIds: ids } })).status).toBe(201);
    expect(((await t.call('GET', '/document/v1/documents?isFetched=false&limit=1')).json as Page<unknown>).meta.total).toBe(after.meta.total);
  });

  it.each(['file/v1', 'file/v2'])('%s: Restart on an AwaitingInteraction part answers 201 with status Processing and changes the part; a second Restart is 409', async (api) => {
    const store = [...t.sb.state.stores.values()].find((s) => s.api.entry.id === api && /FilePart$/.test(s.key))!;
    const [partId, part] = [...store.items].filter(([, p]) => p.status === 'AwaitingInteraction').at(-1)!;
    const handedOut = (await t.call('GET', `/${api}/file-parts/${partId}`)).json as { status: string };

    const created = await t.call('POST', `/${api}/file-parts/${partId}/actions`, { body: { action: 'Restart' } });
    expect(created.status).toBe(201);
    const action = created.json as { id: string; action: string; status: string };
    expect(action).toMatchObject({ action: 'Restart', status: 'Processing' });
    expect(created.headers.get('location')).toBe(`/${api}/file-parts/${partId}/actions/${action.id}`);
    expect((await t.call('GET', created.headers.get('location')!)).json).toEqual(action);
    expect(((await t.call('GET', `/${api}/file-parts/${partId}`)).json as { status: string }).status).toBe('Processing');
    // Copy on write: the item handed out before keeps its old state.
    expect(part.status).toBe('AwaitingInteraction');
    expect(handedOut.status).toBe('AwaitingInteraction');

    const again = await t.call('POST', `/${api}/file-parts/${partId}/actions`, { body: { action: 'Restart' } });
    expect(again.status).toBe(409);
    expect(again.text).toContain('Processing');
    expect((await t.call('POST', `/${api}/file-parts/${partId}/actions`, { body: { action: 'Cancel' } })).status).toBe(409);
    expect((await t.call('POST', `/${api}/file-parts/no-such-part/actions`, { body: { action: 'Cancel' } })).status).toBe(404);
  });
});

describe('bounded plain-array collections (spec 2.4, 8)', () => {
  it('a plain array answers at most its maxItems, however many items there are', async () => {
    const big = await openSandbox({ openapiDir: realDir, smallCollectionSize: 600 });
    try {
      const r = await big.call('GET', '/network/v1/service-providers');
      expect(r.status).toBe(200);
      expect(r.json).toHaveLength(500);
    } finally {
      await big.close();
    }
  });
});
