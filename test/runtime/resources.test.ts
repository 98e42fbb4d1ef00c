// Resources (`client.repos.get`) as bindOperations builds them from dotted spec keys, over real HTTP on 127.0.0.1:
// every method, and its all(), pages(), withResponse() and asResponse(), is a closure that works taken off its object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOperations } from '../../templates/runtime/factory.js';
import { offsetPaging } from '../../templates/runtime/paging.js';
import type { ApiPromise, CallOptions, MethodPath, OperationSpec } from '../../templates/runtime/index.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const u = new URL(req.url, 'http://x');
    if (u.pathname === '/repos') {
      const offset = Number(u.searchParams.get('offset') ?? 0);
      const items = [0, 1, 2].slice(offset, offset + 2).map((n) => ({ n }));
      return json(res, 200, { meta: { offset, limit: 2, total: 3 }, items });
    }
    json(res, 200, { path: u.pathname }, { 'x-github-request-id': 'gh-1' });
  });
});
afterAll(() => server.close());

type Page = { meta: { offset: number; limit: number; total: number }; items: { n: number }[] };
interface ListCall {
  (params?: { offset?: number }, options?: CallOptions): ApiPromise<Page>;
  all(params?: { offset?: number }, options?: CallOptions): AsyncIterableIterator<{ n: number }>;
  pages(params?: { offset?: number }, options?: CallOptions): AsyncIterableIterator<Page>;
}
interface Client {
  meta: (params?: object, options?: CallOptions) => ApiPromise<{ path: string }>;
  repos: { get: (params?: object, options?: CallOptions) => ApiPromise<{ path: string }>; list: ListCall; actions: { secrets: { get: (params?: object, options?: CallOptions) => ApiPromise<{ path: string }> } } };
}
const spec = (path: string, paginated = false): OperationSpec => ({
  method: 'GET',
  path,
  params: [{ key: 'offset', name: 'offset', in: 'query' }],
  accept: ['application/json'],
  ...(paginated ? { paging: { style: 'offset', offset: 'offset', items: ['items'] } as const } : {}),
});
const specs = {
  meta: spec('/meta'),
  'repos.get': spec('/repo'),
  'repos.list': spec('/repos', true),
  'repos.actions.secrets.get': spec('/secret'),
} satisfies Record<MethodPath<Client>, OperationSpec>;

describe('resources', () => {
  it('nests methods by their dotted keys, top-level methods beside resources', () => {
    const client = bindOperations<Client>({ baseUrl: server.url }, '', specs);
    expect(Object.keys(client)).toEqual(['meta', 'repos']);
    expect(Object.keys(client.repos)).toEqual(['get', 'list', 'actions']);
    expect(Object.keys(client.repos.actions.secrets)).toEqual(['get']);
  });

  it('every method and its all(), pages(), withResponse() and asResponse() work taken off their objects', async () => {
    // The loader of the specs' pagination style, as a generated client passes it.
    const { repos, meta } = bindOperations<Client>({ baseUrl: server.url }, '', specs, { paging: { offset: offsetPaging } });
    const { get, list } = repos;
    const secret = repos.actions.secrets.get;
    const all = list.all;
    const pages = list.pages;
    expect(await meta()).toEqual({ path: '/meta' });
    expect(await secret()).toEqual({ path: '/secret' });
    const { data, requestId } = await get().withResponse();
    expect([data, requestId]).toEqual([{ path: '/repo' }, 'gh-1']);
    expect((await get().asResponse()).status).toBe(200);
    const items: number[] = [];
    for await (const item of all()) items.push(item.n);
    expect(items).toEqual([0, 1, 2]);
    let count = 0;
    for await (const page of pages()) count += page.items.length;
    expect(count).toBe(3);
  });
});
