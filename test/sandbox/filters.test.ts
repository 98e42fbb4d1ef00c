// Query parameters mean what the documents declare (x-filter on a list, x-sets on a create, x-principal on the
// signed-in user's representation), never what their names suggest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, realDir, type Doc, type Page, type TestSandbox } from './helpers.js';

describe('declared filters over HTTP (the real documents)', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await openSandbox({ openapiDir: realDir, documentCount: 300, pagedCollectionSize: 300 });
  });
  afterAll(() => t?.close());

  const list = async (query: string): Promise<Page<Doc>> => {
    const r = await t.call('GET', `/document/v1/documents?limit=100&sort=createdAt&${query}`);
    expect(r.status, query).toBe(200);
    return r.json as Page<Doc>;
  };

  it('createdAfter (x-filter: { property: createdAt, match: after }) keeps what is strictly later, comparing instants', async () => {
    const all = (await list('')).items;
    const pivot = all[40]!.createdAt;
    const later = await list(`createdAfter=${encodeURIComponent(pivot)}`);
    expect(later.items.length).toBeGreaterThan(0);
    expect(later.items.every((d) => Date.parse(d.createdAt) > Date.parse(pivot))).toBe(true);
    expect(later.items.map((d) => d.id)).not.toContain(all[40]!.id);
    // The same instant an hour ahead of UTC is the same bound.
    const shifted = new Date(Date.parse(pivot) + 3_600_000).toISOString().replace('Z', '+01:00');
    expect((await list(`createdAfter=${encodeURIComponent(shifted)}`)).meta.total).toBe(later.meta.total);
  });

  it('documentType on trading partners (match: contains) keeps those whose receivableDocumentTypes include it', async () => {
    const r = await t.call('GET', '/network/v1/trading-partners?limit=100&documentType=Catalogue');
    const page = r.json as Page<{ receivableDocumentTypes?: string[] }>;
    const all = (await t.call('GET', '/network/v1/trading-partners?limit=1')).json as Page<unknown>;
    expect(page.meta.total).toBeLessThan(all.meta.total);
    expect(page.items.every((p) => p.receivableDocumentTypes?.includes('Catalogue'))).toBe(true);
  });

  it('an upload stores its x-sets query parameters, a reference id as the reference', async () => {
    const spec = t.sb.operations.find((o) => o.name === 'uploadFile')!;
    const company = [...t.sb.state.storeOfSchema(spec.api, 'Company')!.items.keys()][0]!;
    const q = `?sendingCompanyId=${company}&senderReference=FILTERS-1&documentType=Order&sendMode=Test`;
    const created = await t.call('POST', `/file/v2/files${q}`, { body: Buffer.from('<Order/>'), headers: { 'content-type': 'application/xml' } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ sendingCompany: { id: company }, senderReference: 'FILTERS-1', documentType: 'Order', sendMode: 'Test' });
  });

  it("the signed-in user's username is the principal's (x-principal), not the document's example", async () => {
    const r = await t.call('GET', '/network/v1/current-user');
    expect(r.json).toMatchObject({ username: 'demo' });
  });
});

describe('an undeclared query parameter (fixture documents)', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await openSandbox();
  });
  afterAll(() => t?.close());

  it('is accepted and ignored, even when named like an item property', async () => {
    const all = (await t.call('GET', '/network/v1/companies')).json as { vatNumber?: string }[];
    const vat = all.find((c) => c.vatNumber)?.vatNumber;
    expect(vat).toBeDefined();
    const r = await t.call('GET', `/network/v1/companies?vatNumber=${encodeURIComponent(vat!)}`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual(all);
  });
});
