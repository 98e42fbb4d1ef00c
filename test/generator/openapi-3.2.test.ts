// Issue 46: an OpenAPI 3.2 document generates a method for every operation (QUERY and additionalOperations included),
// its client compiles under tsc --strict with every operation typed, and each request goes out as the document
// describes: request line (method, path, query string), the headers the document names and the body, compared byte for
// byte on a recorder that keeps the bytes that arrived (test/helpers/raw-recorder.ts). Fixtures written by hand from
// the specification: fixtures/openapi-3.2/openapi.yaml (one whole API) and one per feature in features/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { startRawRecorder, type RawRecorder, type RawRequest } from '../helpers/raw-recorder.js';
import { fixtures, outRoot, typecheck } from './helpers.js';

const dir = join(fixtures, 'openapi-3.2');
const CASES = {
  library: 'openapi.yaml',
  query: 'features/query.yaml',
  additional: 'features/additional-operations.yaml',
  form: 'features/querystring-form.yaml',
  json: 'features/querystring-json.yaml',
  json31: 'json31.yaml',
} as const;
type Case = keyof typeof CASES;
const out = join(outRoot, 'openapi-3.2');

// Each client is imported at run time; its types are checked by tsc in the types test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Client = any;
const factories = new Map<Case, (options: object) => Client>();
let recorder: RawRecorder;

/** Headers fetch itself sends (or may): every other header of a request is one the client set. */
const FETCH_OWN = new Set(['host', 'connection', 'accept', 'accept-language', 'sec-fetch-mode', 'user-agent', 'accept-encoding', 'content-length', 'transfer-encoding']);

function client(name: Case, options: object = {}): Client {
  return factories.get(name)!({ baseUrl: `${recorder.origin}/v1`, retry: false, ...options });
}

/** The one request the call sent: its request line, the headers it set, its body. */
async function sent(call: Promise<unknown>): Promise<{ line: string; headers: Record<string, string>; body: string; result: unknown }> {
  const before = recorder.requests.length;
  const result = await call;
  expect(recorder.requests.length).toBe(before + 1);
  const r: RawRequest = recorder.requests.at(-1)!;
  const own = r.headers.filter(([k]) => !FETCH_OWN.has(k) || k === 'accept');
  // Sent once each: no header the client sets is repeated.
  expect(new Set(own.map(([k]) => k)).size).toBe(own.length);
  return { line: r.line, headers: Object.fromEntries(own), body: r.body.toString('latin1'), result };
}

const json = (body: unknown) => ({ status: 200, type: 'application/json', body: JSON.stringify(body) });

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  // `in: querystring` in a 3.1 document, where it is no location: sent and typed as 3.2 says (`silent` warns of it).
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'json31.yaml'), readFileSync(join(dir, CASES.json), 'utf8').replace('openapi: 3.2.0', 'openapi: 3.1.0'));
  for (const [name, file] of Object.entries(CASES) as [Case, string][]) {
    const { tree } = await generateTree(name === 'json31' ? join(out, file) : join(dir, file));
    writeTree(join(out, name), tree);
    const mod = (await import(join(out, name, 'index.ts'))) as Record<string, unknown>;
    factories.set(name, Object.entries(mod).find(([k]) => /^create.*Client$/.test(k) && !k.endsWith('RawClient'))![1] as (o: object) => Client);
  }
  recorder = await startRawRecorder();
}, 180_000);

afterAll(async () => {
  await recorder?.close();
});

describe('OpenAPI 3.2: every operation a method, typed, sent as the document describes', () => {
  it('generates a method for every operation, QUERY and each additional method included', () => {
    const methods = (name: Case) => Object.keys(client(name)).sort();
    expect(methods('library')).toEqual(['exportBooks', 'findBooks', 'getBook', 'linkBook', 'listBooks', 'searchBooks', 'unlinkBook']);
    expect(methods('query')).toEqual(['queryReports']);
    expect(methods('additional')).toEqual(['getPage', 'linkPage', 'mSearchPagesByPageId', 'purgePagesByPageId']);
    expect(methods('form')).toEqual(['getFoo', 'queryBar']);
    expect(methods('json')).toEqual(['getFoo', 'select']);
    expect(methods('json31')).toEqual(['getFoo', 'select']);
  });

  it('types every operation from the document (tsc --strict): no operation unknown or left out', () => {
    writeFileSync(
      join(out, 'types.ts'),
      `import { createLibraryClient, type SearchBooksResult } from './library/index.js';
import { createPagesClient } from './additional/index.js';
import { createFormQueryClient } from './form/index.js';
import { createJSONQueryClient } from './json/index.js';
import { createJSONQueryClient as create31 } from './json31/index.js';
import { createReportsClient } from './query/index.js';

const lib = createLibraryClient({ auth: { legacyKey: 'k' } });
export async function calls(): Promise<void> {
  const page: SearchBooksResult = await lib.searchBooks({ body: { text: 'dune', years: { from: 1965 } } });
  const title: string | undefined = page.items[0]?.title;
  void title;
  // @ts-expect-error: the QUERY body is typed by the document
  await lib.searchBooks({ body: { text: 1 } });
  // @ts-expect-error: the QUERY body is required
  await lib.searchBooks({});
  await lib.linkBook({ bookId: 'b1', link: '</authors/a1>; rel="author"' });
  // @ts-expect-error: the LINK operation's Link header is required
  await lib.unlinkBook({ bookId: 'b1' });
  await lib.findBooks({ filter: { title: 't', year: 1965, tags: ['x'], author: { name: 'n' } } });
  // @ts-expect-error: the querystring is one object, typed by its schema
  await lib.findBooks({ filter: { year: 'nineteen' } });
  // @ts-expect-error: a required querystring
  await lib.findBooks({});
  const csv: string = await lib.exportBooks({ selector: { numbers: [1], flag: null } });
  void csv;
  // @ts-expect-error: numbers are integers
  await lib.exportBooks({ selector: { numbers: ['1'] } });
  const reports: { id: string }[] = await createReportsClient().queryReports({ body: { from: '2026-01-01', kinds: ['daily'] } });
  void reports;
  // @ts-expect-error: kinds is an enum
  await createReportsClient().queryReports({ body: { from: '2026-01-01', kinds: ['hourly'] } });
  const pages = createPagesClient();
  const purged: number | undefined = (await pages.purgePagesByPageId({ pageId: 'p', scope: 'edge' })).purged;
  void purged;
  // @ts-expect-error: scope is an enum
  await pages.purgePagesByPageId({ pageId: 'p', scope: 'nowhere' });
  await pages.linkPage({ pageId: 'p', link: '<x>' });
  const searched: undefined = await pages.mSearchPagesByPageId({ pageId: 'p' });
  void searched;
  await createFormQueryClient().getFoo({ form: { foo: 'a', bar: true } });
  const names: string[] = await createFormQueryClient().queryBar({ filter: { name: 'n', tags: ['t'] } });
  void names;
  // @ts-expect-error: a querystring by reference is typed by its component
  await createFormQueryClient().queryBar({ filter: { name: 1 } });
  // @ts-expect-error: bar is a boolean
  await createFormQueryClient().getFoo({ form: { bar: 'yes' } });
  await createJSONQueryClient().getFoo({ json: { numbers: [1, 2], flag: null } });
  await createJSONQueryClient().select({ selector: '$.a' });
  await create31().getFoo({ json: { numbers: [1], flag: true } });
  // @ts-expect-error: typed in a 3.1 document too
  await create31().getFoo({ json: { numbers: ['1'] } });
}
`,
    );
    expect(typecheck('openapi-3.2')).toBe('');
  }, 180_000);

  describe('the whole API (fixtures/openapi-3.2/openapi.yaml)', () => {
    const lib = () => client('library', { auth: { legacyKey: 'k-1' } });

    it('GET with query parameters', async () => {
      recorder.answers.push(json([]));
      expect(await sent(lib().listBooks({ limit: 2, tag: ['a b', 'c'] }))).toEqual({
        line: 'GET /v1/books?limit=2&tag=a%20b&tag=c HTTP/1.1',
        headers: { accept: 'application/json', 'x-api-key': 'k-1' },
        body: '',
        result: [],
      });
    });

    it('QUERY with a JSON body', async () => {
      recorder.answers.push(json({ items: [{ id: 'b1', title: 'Dune' }] }));
      expect(await sent(lib().searchBooks({ body: { text: 'dune', years: { from: 1965 } } }))).toEqual({
        line: 'QUERY /v1/books HTTP/1.1',
        headers: { accept: 'application/json', 'x-api-key': 'k-1', 'content-type': 'application/json' },
        body: '{"text":"dune","years":{"from":1965}}',
        result: { items: [{ id: 'b1', title: 'Dune' }] },
      });
    });

    it('GET with a path parameter', async () => {
      recorder.answers.push(json({ id: 'b 1', title: 'Dune' }));
      expect((await sent(lib().getBook({ bookId: 'b 1' }))).line).toBe('GET /v1/books/b%201 HTTP/1.1');
    });

    it('LINK and UNLINK (additionalOperations) with the Link header', async () => {
      expect(await sent(lib().linkBook({ bookId: 'b1', link: '</authors/a1>; rel="author"' }))).toEqual({
        line: 'LINK /v1/books/b1 HTTP/1.1',
        headers: { accept: '*/*', link: '</authors/a1>; rel="author"', 'x-api-key': 'k-1' },
        body: '',
        result: undefined,
      });
      expect((await sent(lib().unlinkBook({ bookId: 'b1', link: '</authors/a1>; rel="author"' }))).line).toBe('UNLINK /v1/books/b1 HTTP/1.1');
    });

    it('a form querystring: the whole query as a form, its encoding applied (JSON for author)', async () => {
      recorder.answers.push(json([]));
      const { line } = await sent(lib().findBooks({ filter: { title: 'a + b', year: 1965, tags: ['x', 'y'], author: { name: 'Frank Herbert' } } }));
      expect(line).toBe('GET /v1/books/search?title=a+%2B+b&year=1965&tags=x&tags=y&author=%7B%22name%22%3A%22Frank+Herbert%22%7D HTTP/1.1');
    });

    it('a JSON querystring: the JSON text percent-encoded as the whole query (the example serializedValue); none without a value', async () => {
      recorder.answers.push({ status: 200, type: 'text/csv', body: 'id\nb1' });
      expect(await sent(lib().exportBooks({ selector: { numbers: [1, 2], flag: null } }))).toEqual({
        line: 'GET /v1/books/export?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D HTTP/1.1',
        headers: { accept: 'text/csv', 'x-api-key': 'k-1' },
        body: '',
        result: 'id\nb1',
      });
      recorder.answers.push({ status: 200, type: 'text/csv', body: 'id' });
      expect((await sent(lib().exportBooks())).line).toBe('GET /v1/books/export HTTP/1.1');
    });
  });

  describe('one feature each (fixtures/openapi-3.2/features/)', () => {
    it('QUERY', async () => {
      recorder.answers.push(json([{ id: 'r1' }]));
      expect(await sent(client('query').queryReports({ body: { from: '2026-01-01', kinds: ['daily'] } }))).toEqual({
        line: 'QUERY /v1/reports HTTP/1.1',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: '{"from":"2026-01-01","kinds":["daily"]}',
        result: [{ id: 'r1' }],
      });
    });

    it('additionalOperations: LINK with an operationId, PURGE and M-SEARCH without one', async () => {
      expect((await sent(client('additional').mSearchPagesByPageId({ pageId: 'p1' }))).line).toBe('M-SEARCH /v1/pages/p1 HTTP/1.1');
      expect((await sent(client('additional').linkPage({ pageId: 'p1', link: '<https://x.example/a>; rel="next"' }))).headers.link).toBe('<https://x.example/a>; rel="next"');
      expect(recorder.requests.at(-1)!.line).toBe('LINK /v1/pages/p1 HTTP/1.1');
      recorder.answers.push(json({ purged: 3 }));
      expect(await sent(client('additional').purgePagesByPageId({ pageId: 'p1', scope: 'edge' }))).toEqual({
        line: 'PURGE /v1/pages/p1?scope=edge HTTP/1.1',
        headers: { accept: 'application/json' },
        body: '',
        result: { purged: 3 },
      });
    });

    it("querystring in application/x-www-form-urlencoded: the specification's example, byte for byte", async () => {
      expect((await sent(client('form').getFoo({ form: { foo: 'a + b', bar: true } }))).line).toBe('GET /v1/foo?foo=a+%2B+b&bar=true HTTP/1.1');
      // A path item and a querystring parameter by reference; a QUERY without a body.
      recorder.answers.push(json(['x']));
      expect(await sent(client('form').queryBar({ filter: { name: 'é & co', tags: ['a', 'b'] } }))).toEqual({
        line: 'QUERY /v1/bar?name=%C3%A9+%26+co&tags=a&tags=b HTTP/1.1',
        headers: { accept: 'application/json' },
        body: '',
        result: ['x'],
      });
    });

    it("querystring in application/json and application/jsonpath: the specification's examples, byte for byte", async () => {
      expect((await sent(client('json').getFoo({ json: { numbers: [1, 2], flag: null } }))).line).toBe('GET /v1/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D HTTP/1.1');
      expect((await sent(client('json').select({ selector: '$.a.b[1:1]' }))).line).toBe('GET /v1/select?%24.a.b%5B1%3A1%5D HTTP/1.1');
      expect((await sent(client('json31').getFoo({ json: { numbers: [1, 2], flag: null } }))).line).toBe('GET /v1/foo?%7B%22numbers%22%3A%5B1%2C2%5D%2C%22flag%22%3Anull%7D HTTP/1.1');
    });
  });
});
