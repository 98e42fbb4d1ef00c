// Issue 45: clients generated from one document per paging style (read by conventions/pagination.ts) page a local
// server's six styles: every item once, in order, with the default and a small page size; a server repeating its
// cursor, or never ending, stops within the bound; a next page on another origin is not asked for.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { outRoot, typecheckEach } from '../generator/helpers.js';
import { json, startServer, type TestServer } from './server.js';

interface Item { id: string; n: number }
const N = 23;
const ITEMS: Item[] = Array.from({ length: N }, (_, n) => ({ id: `it_${n}`, n }));
/** A cursor as servers make them (base64): `+`, `/` and `=` in it. */
const cursorOf = (n: number) => `c+${n}/x==`;

const item = '{ type: object, required: [id, n], properties: { id: { type: string }, n: { type: integer } } }';
const doc = (title: string, params: string, body: string, headers = '') => `openapi: 3.1.0
info: { title: ${title}, version: '1' }
servers: [{ url: 'https://api.example.com/' }]
paths:
  /items:
    get:
      operationId: listItems
      parameters: [${params}]
      responses:
        '200':
          description: ok${headers}
          content: { application/json: { schema: ${body} } }
`;
const q = (name: string, type = 'string', extra = '') => `{ name: ${name}, in: query, schema: { type: ${type}${extra} } }`;

/** One document per style, as the APIs that use it write it. */
const DOCS = {
  link: doc('GitHub', `${q('page', 'integer')}, ${q('per_page', 'integer', ', maximum: 100')}`, `{ type: array, items: ${item} }`, "\n          headers: { Link: { schema: { type: string } } }"),
  stripe: doc('Stripe', `${q('limit', 'integer', ', maximum: 100')}, ${q('starting_after')}`, `{ type: object, properties: { object: { type: string }, data: { type: array, items: ${item} }, has_more: { type: boolean } } }`),
  slack: doc('Slack', `${q('cursor')}, ${q('limit', 'integer', ', maximum: 1000')}`, `{ type: object, properties: { ok: { type: boolean }, members: { type: array, items: ${item} }, response_metadata: { type: object, properties: { next_cursor: { type: string } } } } }`),
  offset: doc('Offset', `${q('offset', 'integer')}, ${q('limit', 'integer', ', maximum: 50')}`, `{ type: object, properties: { count: { type: integer }, results: { type: array, items: ${item} } } }`),
  page: doc('Pages', `${q('page', 'integer')}, ${q('per_page', 'integer', ', maximum: 50')}`, `{ type: object, properties: { data: { type: array, items: ${item} } } }`),
  next: doc('Next', q('limit', 'integer', ', maximum: 50'), `{ type: object, properties: { items: { type: array, items: ${item} }, next: { type: [string, 'null'], format: uri } } }`),
  forever: doc('Forever', q('cursor'), `{ type: object, properties: { items: { type: array, items: ${item} }, next_cursor: { type: string } } }`),
} as const;
type Style = keyof typeof DOCS;

interface Page { hasNextPage(): boolean; getNextPage(): Promise<Page> }
interface ListItems {
  (params?: object): Promise<unknown>;
  all(params?: object, options?: object): AsyncIterable<Item>;
  pages(params?: object, options?: object): AsyncIterable<Page>;
}
type Factory = (o: object) => { listItems: ListItems };

let server: TestServer;
let other: TestServer;
const dir = join(outRoot, 'pagination-styles');
const factories = new Map<Style, Factory>();
const clientTexts = new Map<Style, string>();

/** Serves the items of `/<style>/items` in that style; `/<style>-away/...` points its next page at `other`. */
function serve(url: URL, base: string, away: string): { status?: number; body: unknown; headers?: Record<string, string> } {
  const [, mode = ''] = url.pathname.split('/');
  // `page-20`: 20 items (a full last page); `forever-endless`: a new cursor each time.
  const [style = '', variant] = mode.split('-');
  const nextBase = variant === 'away' ? away : `${base}${mode}/`;
  const p = url.searchParams;
  const int = (k: string, d: number) => (p.has(k) ? Number(p.get(k)) : d);
  const slice = (from: number, size: number) => ITEMS.slice(from, from + size);
  switch (style) {
    case 'link': {
      const page = int('page', 1), size = int('per_page', 30);
      const items = slice((page - 1) * size, size);
      const last = Math.ceil(N / size);
      const link = (n: number, rel: string) => `<${nextBase}items?page=${n}&per_page=${size}>; rel="${rel}"`;
      const links = [page > 1 ? link(page - 1, 'prev') : '', page < last ? link(page + 1, 'next') : '', link(last, 'last')].filter(Boolean);
      return { body: items, headers: { link: links.join(', ') } };
    }
    case 'stripe': {
      const after = p.get('starting_after');
      const from = after ? ITEMS.findIndex((i) => i.id === after) + 1 : 0;
      const items = slice(from, int('limit', 10));
      return { body: { object: 'list', data: items, has_more: from + items.length < N } };
    }
    case 'slack': {
      const c = p.get('cursor');
      const from = c ? Number(/^c\+(\d+)\/x==$/.exec(c)?.[1] ?? NaN) : 0;
      if (Number.isNaN(from)) return { status: 400, body: { ok: false, error: 'invalid_cursor', got: c } };
      const items = slice(from, int('limit', 10));
      const end = from + items.length;
      return { body: { ok: true, members: items, response_metadata: { next_cursor: end < N ? cursorOf(end) : '' } } };
    }
    case 'offset':
      return { body: { count: N, results: slice(int('offset', 0), int('limit', 10)) } };
    case 'page': {
      // No total: the client ends at a short page, or (20 items) at an empty one.
      const size = int('per_page', 10), page = int('page', 1);
      const all = variant === '20' ? ITEMS.slice(0, 20) : ITEMS;
      return { body: { data: all.slice((page - 1) * size, page * size) } };
    }
    case 'next': {
      const from = int('after', 0), size = int('limit', 10);
      const items = slice(from, size);
      const end = from + items.length;
      return { body: { items, next: end < N ? `${nextBase}items?after=${end}&limit=${size}` : null } };
    }
    case 'forever':
      // `same`: the same cursor on every page; else a new one each time, without end.
      return { body: { items: slice(0, 2), next_cursor: variant === 'endless' ? `k${Math.random()}` : 'same' } };
  }
  return { status: 404, body: {} };
}

beforeAll(async () => {
  other = await startServer((req, res) => json(res, 200, []));
  server = await startServer((req, res) => {
    const r = serve(new URL(req.url, 'http://x'), server.url, other.url);
    json(res, r.status ?? 200, r.body, r.headers);
  });
  for (const [style, text] of Object.entries(DOCS) as [Style, string][]) {
    const at = join(dir, style);
    mkdirSync(at, { recursive: true });
    writeFileSync(join(at, 'openapi.yaml'), text);
    const { tree } = await generateTree(join(at, 'openapi.yaml'), {});
    writeTree(join(at, 'client'), tree);
    clientTexts.set(style, tree.get('client.ts')!);
    const mod = (await import(join(at, 'client', 'index.ts'))) as Record<string, Factory>;
    factories.set(style, Object.entries(mod).find(([k]) => /^create\w+Client$/.test(k) && !/Raw/.test(k))![1]);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
  await other?.close();
});

const client = (style: Style, mode: string = style, options: object = {}) => factories.get(style)!({ baseUrl: `${server.url}${mode}/`, retry: false, ...options }).listItems;
const since = (s: TestServer = server) => {
  const n = s.requests.length;
  return () => s.requests.slice(n).map((r) => new URL(r.url, 'http://x'));
};
async function collect(it: AsyncIterable<Item>): Promise<number[]> {
  const out: number[] = [];
  for await (const i of it) out.push(i.n);
  return out;
}
const every = Array.from({ length: N }, (_, i) => i);

describe('generated clients page each style', () => {
  it.each([
    ['link', { perPage: 5 }, "style: 'link'", 5],
    ['stripe', { limit: 4 }, "style: 'item-cursor'", 6],
    ['slack', { limit: 4 }, "style: 'cursor'", 6],
    ['offset', { limit: 5 }, "style: 'offset'", 5],
    ['page', { perPage: 5 }, "style: 'page'", 5],
    ['next', { limit: 5 }, "style: 'next-url'", 5],
  ] as const)('%s: every item once, in order, with the largest and a small page size', async (style, small, spec, requests) => {
    expect(clientTexts.get(style)).toContain(spec);
    expect(await collect(client(style).all())).toEqual(every);
    const reqs = since();
    expect(await collect(client(style).all(small))).toEqual(every);
    expect(reqs().length).toBe(requests);
  });

  it('sends cursors with + / = percent-encoded: they arrive intact', async () => {
    const reqs = since();
    expect(await collect(client('slack').all({ limit: 10 }))).toEqual(every);
    const raw = server.requests.slice(-2).map((r) => r.url);
    expect(raw.every((u) => u.includes('cursor=c%2B') && u.includes('%2Fx%3D%3D'))).toBe(true);
    expect(reqs().map((u) => u.searchParams.get('cursor'))).toEqual([null, cursorOf(10), cursorOf(20)]);
  });

  it('page style without a total ends at an empty page when the last page is full', async () => {
    const reqs = since();
    expect(await collect(client('page', 'page-20').all({ perPage: 5 }))).toEqual(every.slice(0, 20));
    expect(reqs().map((u) => u.searchParams.get('page'))).toEqual([null, '2', '3', '4', '5']);
  });

  it('pages(): each page says whether there is a next one and fetches it', async () => {
    const seen: boolean[] = [];
    for await (const page of client('stripe').pages({ limit: 10 })) seen.push(page.hasNextPage());
    expect(seen).toEqual([true, true, false]);
    const first = (await client('next').pages({ limit: 20 })[Symbol.asyncIterator]().next()).value as Page & { items: Item[] };
    const second = (await first.getNextPage()) as Page & { items: Item[] };
    expect([first.items.length, second.items.map((i) => i.n), second.hasNextPage()]).toEqual([20, [20, 21, 22], false]);
    await expect(second.getNextPage()).rejects.toMatchObject({ name: 'PaginationError', reason: 'last-page' });
  });
});

describe('bounds', () => {
  it('a server repeating its cursor stops with a PaginationError at the repeat (2 requests)', async () => {
    const reqs = since();
    const err = await collect(client('forever').all()).catch((e: unknown) => e);
    // The generated client's own runtime copy: its class, by name.
    expect(err).toMatchObject({ name: 'PaginationError' });
    expect(err).toMatchObject({ reason: 'repeated', name: 'PaginationError' });
    expect(reqs().length).toBe(2);
  });

  it('a server that never ends stops at maxPages, and by default within 1000 pages', async () => {
    const reqs = since();
    const err = await collect(client('forever', 'forever-endless').all({}, { maxPages: 7 })).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'max-pages' });
    expect(reqs().length).toBe(7);
  });

  it.each(['next', 'link'] as const)('%s: a next page on another origin is not asked for; the error names the host, not the credential', async (style) => {
    const away = since(other);
    const reqs = since();
    const items: number[] = [];
    const err = await (async () => {
      for await (const i of client(style, `${style}-away`, { headers: { authorization: 'Bearer s3cr3t-token' } }).all(style === 'next' ? { limit: 5 } : { perPage: 5 })) items.push(i.n);
    })().catch((e: unknown) => e);
    // The generated client's own runtime copy: its class, by name.
    expect(err).toMatchObject({ name: 'PaginationError' });
    expect(err).toMatchObject({ reason: 'origin' });
    const text = `${String(err)} ${(err as Error).stack} ${JSON.stringify(err)}`;
    expect(text).toContain(new URL(other.url).host);
    expect(text).not.toContain('s3cr3t');
    expect([items, reqs().length, away().length]).toEqual([every.slice(0, 5), 1, 0]);
  });

  it('signal: aborting mid-iteration stops it; no page is asked for after', async () => {
    const ac = new AbortController();
    const reqs = since();
    const got: number[] = [];
    const err = await (async () => {
      for await (const i of client('offset').all({ limit: 5 }, { signal: ac.signal })) {
        got.push(i.n);
        if (i.n === 7) ac.abort();
      }
    })().catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    expect(got).toEqual(every.slice(0, 10));
    expect(reqs().length).toBe(2);
  });
});

describe('types', () => {
  it("all()'s item type is resolved when the client is generated, not walked by ItemsAt on every check of client.ts", () => {
    // ItemsAt was most of the instantiations tsc made checking GitHub's client.ts (bench/editor.md, "What each part costs").
    for (const style of Object.keys(DOCS) as Style[]) {
      const text = clientTexts.get(style)!;
      expect(text, style).toMatch(/all\([^)]*\): AsyncIterableIterator<NonNullable<[^>]+>(\['\w+'\]>)?\[number\]>;/);
      expect(text, style).not.toMatch(/ItemsAt<|PageItem</);
    }
  });

  it('all() yields the item type at the items path of every style, never unknown; pages() the page with its next', async () => {
    const dirs: string[] = [];
    for (const style of Object.keys(DOCS) as Style[]) {
      const at = join(dir, style, 'client');
      const factory = /export function (create\w+Client)\(/.exec(clientTexts.get(style)!)![1]!;
      writeFileSync(
        join(at, 'uses.ts'),
        `import { ${factory} } from './index.js';
const c = ${factory}({ baseUrl: 'https://api.example.com/' });
export async function use(): Promise<void> {
  for await (const item of c.listItems.all()) {
    const exact: { id: string; n: number } = item;
    const n: number = item.n;
    // @ts-expect-error an item is not a string (as it would be were it any)
    const wrong: string = item;
    void [exact, n, wrong];
  }
  for await (const page of c.listItems.pages({}, { maxPages: 3 })) {
    const more: boolean = page.hasNextPage();
    const next: typeof page = await page.getNextPage();
    void [more, next];
  }
}
`,
      );
      dirs.push(at);
    }
    const out = await typecheckEach('pagination-styles', dirs);
    expect([...out].filter(([, d]) => d)).toEqual([]);
  }, 300_000);
});
