import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Doc, type Page, type TestSandbox, messages } from './helpers.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await openSandbox({ documentCount: 1200 });
});
afterAll(() => t.close());

describe('collections', () => {
  it('pages through the whole large collection: sum of pages = total, no duplicates', async () => {
    const seen = new Set<string>();
    let total = -1;
    for (let offset = 0, guard = 0; guard < 100; guard++) {
      const r = await t.call('GET', `/document/v1/documents?offset=${offset}&limit=100`);
      const page = r.json as Page<Doc>;
      total = page.meta.total;
      expect(page.meta).toMatchObject({ offset, limit: 100 });
      for (const d of page.items) seen.add(d.id);
      if (page.items.length === 0) break;
      offset += page.items.length;
    }
    expect(total).toBeGreaterThanOrEqual(1200);
    expect(seen.size).toBe(total);
  });

  it('uses the limit default the document declares, and rejects a limit above its maximum', async () => {
    const r = await t.call('GET', '/document/v1/documents');
    expect((r.json as Page<Doc>).meta.limit).toBe(20);
    expect((r.json as Page<Doc>).items).toHaveLength(20);
    const over = await t.call('GET', '/document/v1/documents?limit=101');
    expect(over.status).toBe(400);
    expect(messages(over.json)[0]!.technicalMessage).toContain('limit');
  });

  it('sorts ascending by default (x-sortable default) and descending with -', async () => {
    const asc = ((await t.call('GET', '/document/v1/documents?limit=100')).json as Page<Doc>).items.map((d) => d.createdAt);
    expect(asc).toEqual([...asc].sort());
    const desc = ((await t.call('GET', '/document/v1/documents?limit=100&sort=-createdAt')).json as Page<Doc>).items.map((d) => d.createdAt);
    expect(desc).toEqual([...desc].sort().reverse());
    expect(desc[0]! >= asc[asc.length - 1]!).toBe(true);
    const byNumber = ((await t.call('GET', '/document/v1/documents?limit=50&sort=-documentNumber')).json as Page<Doc>).items.map((d) => String(d.documentNumber));
    expect(byNumber).toEqual([...byNumber].sort().reverse());
  });

  it('rejects sorting by a property that is not x-sortable', async () => {
    const r = await t.call('GET', '/document/v1/documents?sort=status');
    expect(r.status).toBe(400);
    expect(messages(r.json)[0]!.technicalMessage).toMatch(/cannot sort by "status"/);
  });

  it('filters by equality (an enum, and a reference id as x-filter declares it) with a right meta.total', async () => {
    const all = (await t.call('GET', '/document/v1/documents?limit=100&documentType=CreditNote')).json as Page<Doc>;
    expect(all.meta.total).toBeGreaterThan(0);
    expect(all.meta.total).toBeLessThan(1200);
    expect(all.items.every((d) => d.documentType === 'CreditNote')).toBe(true);
    const sender = all.items[0]!.sender.id;
    const bySender = (await t.call('GET', `/document/v1/documents?limit=100&senderId=${sender}`)).json as Page<Doc>;
    expect(bySender.meta.total).toBeGreaterThan(0);
    expect(bySender.items.every((d) => d.sender.id === sender)).toBe(true);
  });

  it('searchTerm matches any string property, case-insensitively', async () => {
    const first = ((await t.call('GET', '/network/v1/companies')).json as { name: string }[])[0]!;
    const word = first.name.split(' ')[0]!;
    const r = (await t.call('GET', `/network/v1/companies?searchTerm=${word.toUpperCase()}`)).json as { name: string; vatNumber?: string }[];
    expect(r.length).toBeGreaterThan(0);
    expect(r.every((c) => JSON.stringify(c).toLowerCase().includes(word.toLowerCase()))).toBe(true);
  });

  it('filters a plain-array collection by any of several values (explode: false)', async () => {
    const r = (await t.call('GET', '/network/v1/companies?country=De,Se')).json as { country: string }[];
    expect(r.length).toBeGreaterThan(0);
    expect(new Set(r.map((c) => c.country))).toEqual(new Set(['De', 'Se']));
  });

  it('expands references with the full resource from the referenced store', async () => {
    const plain = (await t.call('GET', '/document/v1/documents?limit=5')).json as Page<Doc>;
    expect(Object.keys(plain.items[0]!.sender)).toEqual(['id']);
    const exp = (await t.call('GET', '/document/v1/documents?limit=5&expand=sender')).json as Page<Doc>;
    for (const [i, d] of exp.items.entries()) {
      expect(d.sender.id).toBe(plain.items[i]!.sender.id);
      expect(typeof d.sender.name).toBe('string');
      const company = await t.call('GET', `/network/v1/companies/${d.sender.id}`);
      expect(company.json).toEqual(d.sender);
    }
    const one = await t.call('GET', `/document/v1/documents/${plain.items[0]!.id}?expand=sender`);
    expect((one.json as Doc).sender.name).toBeDefined();
  });

  it('rejects expanding an unknown property with 400', async () => {
    const id = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).items[0]!.id;
    const r = await t.call('GET', `/document/v1/documents/${id}?expand=receiver`);
    expect(r.status).toBe(400);
    expect(messages(r.json)[0]!.technicalMessage).toContain('receiver');
    const list = await t.call('GET', '/document/v1/documents?expand=nothing');
    expect(list.status).toBe(400);
  });

  it('seeds the documents\' examples and makes their references resolve', async () => {
    const r = await t.call('GET', '/document/v1/documents/doc-example-1?expand=sender');
    expect(r.status).toBe(200);
    expect((r.json as Doc).sender).toMatchObject({ id: '0b6d7c2e-1111-4a4a-8888-000000000001' });
    expect((r.json as Doc).sender.name).toBeDefined();
  });

  it('generates the same data on every start with the same seed', async () => {
    const other = await openSandbox({ documentCount: 1200 });
    try {
      const a = (await t.call('GET', '/document/v1/documents?limit=30&sort=-createdAt')).json;
      const b = (await other.call('GET', '/document/v1/documents?limit=30&sort=-createdAt')).json;
      expect(b).toEqual(a);
    } finally {
      await other.close();
    }
  });
});
