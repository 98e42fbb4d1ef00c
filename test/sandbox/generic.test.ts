import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Page, type TestSandbox, messages } from './helpers.js';

// catalogue/v1 exists only as a fixture document: everything below is served from the document alone.
type Catalogue = { id: string; title: string; validFrom: string; currency: string };
let t: TestSandbox;
let catalogue: Catalogue;
beforeAll(async () => {
  t = await openSandbox();
  catalogue = ((await t.call('GET', '/catalogue/v1/catalogues?limit=1')).json as Page<Catalogue>).items[0]!;
});
afterAll(() => t.close());

describe('a document the server has never seen (allOf items, nested collections, stand-alone resources, actions)', () => {
  it('lists allOf items with patterns satisfied, the documented default limit 25 when none is declared, and the maximum', async () => {
    const page = (await t.call('GET', '/catalogue/v1/catalogues?limit=10')).json as Page<Catalogue>;
    expect(page.items).toHaveLength(10);
    expect(page.items.every((c) => /^[A-Z]{3}$/.test(c.currency) && c.title.length >= 3)).toBe(true);
    expect(((await t.call('GET', '/catalogue/v1/catalogues')).json as Page<Catalogue>).meta.limit).toBe(25);
    expect((await t.call('GET', '/catalogue/v1/catalogues?limit=11')).status).toBe(400);
  });

  it('sorts by the x-sortable default and filters with a ...After range parameter', async () => {
    const titles = ((await t.call('GET', '/catalogue/v1/catalogues?limit=10')).json as Page<Catalogue>).items.map((c) => c.title);
    expect(titles).toEqual([...titles].sort());
    const after = (await t.call('GET', '/catalogue/v1/catalogues?limit=10&validFromAfter=2025-01-01&sort=-validFrom')).json as Page<Catalogue>;
    expect(after.items.length).toBeGreaterThan(0);
    expect(after.items.every((c) => c.validFrom >= '2025-01-01')).toBe(true);
  });

  it('serves a nested collection per parent, creates into it and 404s for a missing parent', async () => {
    const path = `/catalogue/v1/catalogues/${catalogue.id}/lines`;
    const before = (await t.call('GET', path)).json as { id: string }[];
    expect(before.length).toBeGreaterThan(0);
    const created = await t.call('POST', path, { body: { sku: 'ABC-1234', price: 9.5 } });
    expect(created.status).toBe(201);
    expect(((await t.call('GET', path)).json as unknown[]).length).toBe(before.length + 1);
    // x-unique: [sku]: the same sku at another price is still a duplicate.
    expect((await t.call('POST', path, { body: { sku: 'ABC-1234', price: 7 } })).status).toBe(409);
    expect((await t.call('POST', path, { body: { sku: 'abc', price: 1 } })).status).toBe(400);
    expect((await t.call('GET', '/catalogue/v1/catalogues/none/lines')).status).toBe(404);
    const other = ((await t.call('GET', '/catalogue/v1/catalogues?limit=2')).json as Page<Catalogue>).items[1]!;
    const otherLines = (await t.call('GET', `/catalogue/v1/catalogues/${other.id}/lines`)).json as { id: string }[];
    expect(otherLines.some((l) => l.id === (created.json as { id: string }).id)).toBe(false);
  });

  it('a stand-alone resource starts from its example, replaces with If-Match and 412s when stale', async () => {
    const got = await t.call('GET', '/catalogue/v1/settings');
    expect(got.json).toEqual({ currency: 'EUR', showPrices: true });
    const etag = got.headers.get('etag')!;
    const put = await t.call('PUT', '/catalogue/v1/settings', { body: { currency: 'SEK', showPrices: false }, headers: { 'if-match': etag } });
    expect(put.status).toBe(200);
    expect((await t.call('GET', '/catalogue/v1/settings')).json).toEqual({ currency: 'SEK', showPrices: false });
    const stale = await t.call('PUT', '/catalogue/v1/settings', { body: { currency: 'NOK', showPrices: false }, headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    expect(messages(stale.json)[0]!.errorCode).toBe('PreconditionFailed');
  });

  it('an action answers with its documented success status and a body generated from its schema', async () => {
    const r = await t.call('POST', `/catalogue/v1/catalogues/${catalogue.id}/publish`);
    expect(r.status).toBe(202);
    expect(r.json).toEqual({ status: 'Queued' });
    expect((await t.call('POST', '/catalogue/v1/catalogues/none/publish')).status).toBe(404);
  });
});
