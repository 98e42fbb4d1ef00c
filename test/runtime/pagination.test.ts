// Pagination over offset/limit: every item once, limit clamped to its maximum, stops at total, bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, type CollectionPage, type OperationSpec } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

interface Item { id: string; n: number }
const TOTAL = 10_000;
const MAX = 100;
let server: TestServer;
let served = 0; // items served so far, to check that iteration is lazy
beforeAll(async () => {
  server = await startServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    const q = (k: string, d: number) => Number(u.searchParams.get(k) ?? d);
    const size = u.pathname === '/small' ? 25 : TOTAL;
    const offset = q('offset', 0);
    const limit = Math.min(q('limit', 20), MAX); // the server clamps too
    const ignoreOffset = u.pathname === '/stuck';
    const start = ignoreOffset ? 0 : offset;
    const items = Array.from({ length: Math.max(0, Math.min(limit, size - start)) }, (_, i) => ({ id: `i${start + i}`, n: start + i }));
    served += items.length;
    const meta = u.pathname === '/no-total' ? { offset: start, limit } : { offset: start, limit, total: size };
    json(res, 200, { meta, items, filter: u.searchParams.get('documentType') });
  });
});
afterAll(() => server.close());

const list = (path: string, limitMax?: number): OperationSpec => ({
  method: 'GET',
  path,
  params: [
    { key: 'offset', name: 'offset', in: 'query' },
    { key: 'limit', name: 'limit', in: 'query' },
    { key: 'documentType', name: 'documentType', in: 'query' },
  ],
  accept: ['application/json'],
  paging: { style: 'offset', offset: 'offset', limit: 'limit', items: ['items'], total: ['meta', 'total'], ...(limitMax === undefined ? {} : { limitMax }) },
});
const api = () => createApi({ baseUrl: server.url }, '');
const since = () => {
  const n = server.requests.length;
  return () => server.requests.slice(n).map((r) => new URL(r.url, 'http://x').searchParams);
};

describe('all()', () => {
  it('iterates a 10,000-item collection in pages of limitMax: every item once, in order, 100 requests', async () => {
    const reqs = since();
    let count = 0;
    let expected = 0;
    let maxAhead = 0;
    served = 0;
    const seen = new Set<string>();
    for await (const item of api().all<Item>(list('/docs', MAX), { documentType: 'Invoice' })) {
      expect(item.n).toBe(expected++);
      seen.add(item.id);
      count++;
      // Lazy: the server is never more than one page ahead of the consumer, so memory is one page.
      maxAhead = Math.max(maxAhead, served - count);
    }
    expect([count, seen.size]).toEqual([TOTAL, TOTAL]);
    expect(maxAhead).toBeLessThan(MAX);
    const params = reqs();
    expect(params.length).toBe(TOTAL / MAX);
    expect(params.every((p) => p.get('limit') === '100' && p.get('documentType') === 'Invoice')).toBe(true);
    expect(params.map((p) => Number(p.get('offset')))).toEqual(Array.from({ length: 100 }, (_, i) => i * 100));
  });

  it('clamps a requested limit to limitMax and keeps a smaller one; starts at a given offset', async () => {
    const reqs = since();
    let n = 0;
    for await (const _ of api().all(list('/small', MAX), { limit: 500 })) n++;
    expect([n, reqs().map((p) => p.get('limit'))]).toEqual([25, ['100']]);
    const reqs2 = since();
    const ids: string[] = [];
    for await (const item of api().all<Item>(list('/small', MAX), { limit: 10, offset: 5 })) ids.push(item.id);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => `i${i + 5}`));
    expect(reqs2().map((p) => `${p.get('offset')}/${p.get('limit')}`)).toEqual(['5/10', '15/10']);
  });

  it('stops at a short page when the server sends no total', async () => {
    const reqs = since();
    let n = 0;
    for await (const _ of api().all(list('/no-total', 30), {})) n++;
    expect(n).toBe(TOTAL);
    expect(reqs().length).toBe(Math.ceil(TOTAL / 30) + (TOTAL % 30 === 0 ? 1 : 0));
  });

  it('uses the page size the server applied (meta.limit) when it clamps a limit without limitMax', async () => {
    const reqs = since();
    let n = 0;
    for await (const _ of api().all(list('/small'), { limit: 1000 })) n++;
    expect(n).toBe(25);
    expect(reqs().length).toBe(1);
  });

  it('stops when the server makes no progress (ignores offset)', async () => {
    const reqs = since();
    let n = 0;
    for await (const _ of api().all(list('/stuck', MAX), {})) n++;
    expect(n).toBe(MAX);
    expect(reqs().length).toBe(2);
  });

  it('can stop early: breaking out sends no further request', async () => {
    const reqs = since();
    for await (const item of api().all<Item>(list('/docs', MAX), {})) if (item.n === 150) break;
    expect(reqs().length).toBe(2);
  });
});

describe('pages()', () => {
  it('yields the meta+items pages', async () => {
    const sizes: number[] = [];
    for await (const page of api().pages<CollectionPage<Item>>(list('/small', MAX), { limit: 10 })) sizes.push(page.items.length, page.meta.total ?? -1);
    expect(sizes).toEqual([10, 25, 10, 25, 5, 25]);
  });

  it('yields one empty first page of an empty collection', async () => {
    const pages: CollectionPage<Item>[] = [];
    for await (const page of api().pages<CollectionPage<Item>>(list('/small', MAX), { offset: 100 })) pages.push(page);
    expect(pages).toEqual([{ meta: { offset: 100, limit: 100, total: 25 }, items: [], filter: null }]);
  });
});
