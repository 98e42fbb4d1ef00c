// Hostile pages (issue 45): whatever a server answers (items that are not an array, missing or mistyped fields, huge or
// negative totals, repeated cursors and URLs, other origins), every style's pager ends within its bound, sends nothing
// to another origin, and fails only with the runtime's own errors.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, PaginationError, type OperationSpec, type PagingSpec } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
let other: TestServer;
/** The pages the server answers with, in turn (the last again once they run out), and their Link headers. */
let script: { body: unknown; link?: string }[] = [];
let served = 0;
beforeAll(async () => {
  other = await startServer((req, res) => json(res, 200, {}));
  server = await startServer((req, res) => {
    const page = script[Math.min(served++, script.length - 1)] ?? { body: {} };
    json(res, 200, page.body, page.link === undefined ? {} : { link: page.link });
  });
});
afterAll(async () => {
  await server.close();
  await other.close();
});

const STYLES: PagingSpec[] = [
  { style: 'offset', offset: 'offset', limit: 'limit', items: ['items'], total: ['meta', 'total'], limitMax: 3 },
  { style: 'page', page: 'page', size: 'size', first: 1, items: ['data'] },
  { style: 'cursor', cursor: 'cursor', next: ['meta', 'next'], hasMore: ['more'], items: ['items'] },
  { style: 'item-cursor', cursor: 'after', itemId: ['id'], hasMore: ['more'], items: ['data'] },
  { style: 'next-url', next: ['next'], items: ['items'] },
  { style: 'link', items: [] },
];
const spec = (paging: PagingSpec): OperationSpec => ({
  method: 'GET',
  path: '/list',
  params: ['offset', 'limit', 'page', 'size', 'cursor', 'after'].map((k) => ({ key: k, name: k, in: 'query' as const })),
  accept: ['application/json'],
  paging,
});

const MAX_PAGES = 3;
const word = fc.constantFrom('same', 'a+b/c=', '', 'x');
/** A value where a paging field is expected: the right type or not, huge, negative, or absent. */
const field = fc.oneof(word, fc.integer({ min: -5, max: 5 }), fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER), fc.boolean(), fc.constant(null), fc.constant(undefined));
const items = fc.oneof(
  fc.array(fc.record({ id: fc.oneof(word, fc.integer()), n: fc.integer() }), { maxLength: 4 }),
  field,
  fc.constant({ length: 3 }),
);
const url = (s: TestServer) => fc.constantFrom(`${s.url}list?p=1`, `${s.url}list?p=2`, '/list?p=3', 'not a url at all', 'javascript:alert(1)');
const page = () =>
  fc.record({
    items,
    data: items,
    more: field,
    meta: fc.oneof(fc.record({ next: field, total: field }), field),
    next: fc.oneof(url(server), url(other), field),
  });
const link = () => fc.oneof(fc.constant(undefined), url(server).map((u) => `<${u}>; rel="next"`), url(other).map((u) => `<${u}>; rel="next"`), fc.constant('garbage'));

describe('hostile pages', () => {
  it('every style ends within maxPages, never asks another origin, and throws only its own errors', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...STYLES), fc.array(fc.record({ body: fc.oneof(page(), fc.array(fc.record({ id: word }), { maxLength: 3 })), link: link() }), { minLength: 1, maxLength: 6 }), async (paging, pages) => {
        script = pages.map((p) => ({ body: paging.style === 'link' && !Array.isArray(p.body) ? p.body.items : p.body, ...(p.link ? { link: p.link } : {}) }));
        served = 0;
        const away = other.requests.length;
        const api = createApi({ baseUrl: server.url, retry: false }, '');
        let count = 0;
        try {
          for await (const _ of api.all(spec(paging), {}, { maxPages: MAX_PAGES })) if (++count > 10_000) throw new Error('runaway');
        } catch (e) {
          // A page without an items array is a TypeError naming the operation; a bound, a PaginationError.
          expect(e instanceof PaginationError || (e instanceof TypeError && /did not return a page/.test(e.message)), String(e)).toBe(true);
        }
        expect(served).toBeLessThanOrEqual(MAX_PAGES);
        expect(other.requests.length).toBe(away);
      }),
      { seed: 45, numRuns: 150, interruptAfterTimeLimit: 60_000 },
    );
  }, 90_000);
});
