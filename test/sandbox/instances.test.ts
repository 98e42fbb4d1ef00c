import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Doc, type Page, type TestSandbox, messages } from './helpers.js';

let t: TestSandbox;
let sender: string;
beforeAll(async () => {
  t = await openSandbox();
  sender = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).items[0]!.sender.id;
});
afterAll(() => t.close());

const firstId = async (): Promise<string> => ((await t.call('GET', '/document/v1/documents?limit=1&sort=-createdAt')).json as Page<Doc>).items[0]!.id;

describe('instances, ETags and preconditions', () => {
  it('GET by id carries a strong ETag; If-None-Match with it gives 304 (also in a list of tags)', async () => {
    const id = await firstId();
    const r = await t.call('GET', `/document/v1/documents/${id}`);
    const etag = r.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await t.call('GET', `/document/v1/documents/${id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.bytes.length).toBe(0);
    expect((await t.call('GET', `/document/v1/documents/${id}`, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await t.call('GET', `/document/v1/documents/${id}`, { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });

  it('PUT with the current ETag replaces; with a stale one gives 412, even with an invalid body', async () => {
    const id = await firstId();
    const etag = (await t.call('GET', `/document/v1/documents/${id}`)).headers.get('etag')!;
    const body = { documentType: 'Order', documentNumber: 'PO-1', sender: { id: sender } };
    const ok = await t.call('PUT', `/document/v1/documents/${id}`, { body, headers: { 'if-match': etag } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ id, documentType: 'Order', documentNumber: 'PO-1' });
    expect(ok.headers.get('etag')).not.toBe(etag);
    const stale = await t.call('PUT', `/document/v1/documents/${id}`, { body, headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    expect(messages(stale.json)[0]!.errorCode).toBe('PreconditionFailed');
    // RFC 9110 13.2.1: the precondition is evaluated before the body is looked at.
    const staleInvalid = await t.call('PUT', `/document/v1/documents/${id}`, { body: { nonsense: true }, headers: { 'if-match': etag } });
    expect(staleInvalid.status).toBe(412);
    const weak = await t.call('PUT', `/document/v1/documents/${id}`, { body, headers: { 'if-match': `W/${ok.headers.get('etag')}` } });
    expect(weak.status).toBe(412);
    const get = await t.call('GET', `/document/v1/documents/${id}`);
    expect(get.headers.get('etag')).toBe(ok.headers.get('etag'));
    expect(get.json).toEqual(ok.json);
  });

  it('PUT with an invalid body gives 400 naming the problem; without If-Match it just replaces', async () => {
    const id = await firstId();
    const bad = await t.call('PUT', `/document/v1/documents/${id}`, { body: { documentType: 'Letter', sender: { id: sender } } });
    expect(bad.status).toBe(400);
    expect(messages(bad.json).map((m) => m.technicalMessage).join(' ')).toMatch(/documentType must be one of/);
    const extra = await t.call('PUT', `/document/v1/documents/${id}`, { body: { documentType: 'Order', sender: { id: sender }, colour: 'red' } });
    expect(extra.status).toBe(400);
    expect(messages(extra.json)[0]!.technicalMessage).toContain('unknown property "colour"');
    const notJson = await t.call('PUT', `/document/v1/documents/${id}`, { body: '{oops', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((await t.call('PUT', `/document/v1/documents/${id}`, { body: { documentType: 'Invoice', sender: { id: sender } } })).status).toBe(200);
  });

  it('POST creates into the collection (201, server id and timestamps), then 409 on the duplicate', async () => {
    const before = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).meta.total;
    const body = { documentType: 'Invoice', documentNumber: 'INV-NEW-1', sender: { id: sender }, totalAmount: 12.5 };
    const created = await t.call('POST', '/document/v1/documents', { body });
    expect(created.status).toBe(201);
    const doc = created.json as Doc;
    expect(doc).toMatchObject(body);
    expect(created.headers.get('etag')).toMatch(/^"/);
    const fetched = await t.call('GET', `/document/v1/documents/${doc.id}`);
    expect(fetched.json).toEqual(doc);
    expect(((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).meta.total).toBe(before + 1);
    const dup = await t.call('POST', '/document/v1/documents', { body });
    expect(dup.status).toBe(409);
    expect(messages(dup.json)[0]!.technicalMessage).toContain(doc.id);
  });

  it("409 is decided by the document's x-unique criteria, not by every property sent", async () => {
    const body = { documentType: 'Invoice', documentNumber: 'INV-UNIQUE-1', sender: { id: sender }, totalAmount: 1 };
    expect((await t.call('POST', '/document/v1/documents', { body })).status).toBe(201);
    // Same sender, documentType and documentNumber, another amount: a duplicate.
    const dup = await t.call('POST', '/document/v1/documents', { body: { ...body, totalAmount: 2 } });
    expect(dup.status).toBe(409);
    expect(messages(dup.json)[0]!.technicalMessage).toContain('the same `sender`, `documentType` and `documentNumber`');
    // Another documentNumber, or another documentType: not a duplicate.
    expect((await t.call('POST', '/document/v1/documents', { body: { ...body, documentNumber: 'INV-UNIQUE-2' } })).status).toBe(201);
    expect((await t.call('POST', '/document/v1/documents', { body: { ...body, documentType: 'Order' } })).status).toBe(201);
  });

  it('POST honours If-Match with the collection ETag: 201 when current, 412 once the collection changed', async () => {
    const etag = (await t.call('GET', '/document/v1/documents?limit=5')).headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const mk = (n: string) => ({ documentType: 'Order', documentNumber: n, sender: { id: sender } });
    expect((await t.call('POST', '/document/v1/documents', { body: mk('A-1'), headers: { 'if-match': etag } })).status).toBe(201);
    const stale = await t.call('POST', '/document/v1/documents', { body: mk('A-2'), headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    const list = await t.call('GET', '/document/v1/documents?limit=5', { headers: { 'if-none-match': etag } });
    expect(list.status).toBe(200);
    expect((await t.call('GET', '/document/v1/documents?limit=5', { headers: { 'if-none-match': list.headers.get('etag')! } })).status).toBe(304);
  });

  it('DELETE gives 204, then the document is gone (404); an unknown id is 404', async () => {
    const id = await firstId();
    const del = await t.call('DELETE', `/document/v1/documents/${id}`);
    expect(del.status).toBe(204);
    expect(del.headers.get('cache-control')).toBeTruthy();
    const gone = await t.call('GET', `/document/v1/documents/${id}`);
    expect(gone.status).toBe(404);
    expect(messages(gone.json)[0]).toMatchObject({ errorCode: 'NotFound' });
    expect((await t.call('DELETE', `/document/v1/documents/${id}`)).status).toBe(404);
  });

  it('a document of another company is 403 (GET, PUT, DELETE) and not listed', async () => {
    const store = t.sb.state.stores.get('Document')!;
    const [foreignId] = [...store.foreign.keys()];
    expect(foreignId).toBeDefined();
    expect((await t.call('GET', `/document/v1/documents/${foreignId}`)).status).toBe(403);
    expect((await t.call('PUT', `/document/v1/documents/${foreignId}`, { body: { documentType: 'Order', sender: { id: sender } } })).status).toBe(403);
    expect((await t.call('DELETE', `/document/v1/documents/${foreignId}`)).status).toBe(403);
  });

  it('serves the stand-alone resource for the signed-in user, with its own Cache-Control', async () => {
    const r = await t.call('GET', '/network/v1/current-user');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ username: 'demo' });
    expect(r.headers.get('cache-control')).toBe('no-store');
  });
});
