// Response validation (issue 48): a client generated from shop.yaml, with no setting, calls a real server on 127.0.0.1 whose
// answers are bad in one way each; 'throw' rejects naming the property, a report function is called once and the call
// resolves, 'off' loads no validators. And each `schemas.X['~standard']` as a Standard Schema of its own.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { outRoot, typecheck } from '../generator/helpers.js';
import { json, startServer, type TestServer } from '../runtime/server.js';

const out = join(outRoot, 'validation-shop');
const fixture = join(import.meta.dirname, 'shop.yaml');

type Json = Record<string, unknown>;
interface Issue {
  message: string;
  path: PropertyKey[];
}
interface Standard {
  '~standard': { version: 1; vendor: string; validate(v: unknown): { value?: unknown; issues?: Issue[] } };
}
type Call = (params?: object, options?: object) => Promise<unknown>;
interface Shop {
  listItems: Call;
  getItem: Call;
  getStats: Call;
  getPet: Call;
}

const good: Json = {
  id: 'i1',
  name: 'Chair',
  price: 12.5,
  createdAt: '2025-03-20T08:28:42.747Z',
  releasedOn: null,
  status: 'active',
  owner: { name: 'Ada', age: 36 },
  tags: ['a', 'b'],
  extra: { kept: true },
};

/** What the server answers next, by path. */
const answers = new Map<string, [number, unknown]>();
let server: TestServer;
let createShopClient: (o: object) => Shop;
let mod: { ValidationError: new (...a: never[]) => Error; ApiError: new (...a: never[]) => Error };
const loaded = () => (globalThis as { __shopValidators?: number }).__shopValidators ?? 0;

beforeAll(async () => {
  rmSync(out, { recursive: true, force: true });
  const { tree, apis } = await generateTree(fixture);
  expect(apis.flatMap((a) => a.warnings)).toEqual([]);
  writeTree(out, tree);
  // Marks the module's evaluation, so that a test can tell whether a call loaded the validators.
  appendFileSync(join(out, 'validators.js'), '\nglobalThis.__shopValidators = 1;\n');
  server = await startServer((req, res) => {
    const [status, body] = answers.get(req.url.split('?')[0]!) ?? [404, { code: 404, message: 'none' }];
    json(res, status, body);
  });
  mod = (await import(join(out, 'index.ts'))) as typeof mod;
  createShopClient = (mod as unknown as { createShopClient: typeof createShopClient }).createShopClient;
});

afterAll(async () => {
  await server?.close();
});

const client = (o: object = {}) => createShopClient({ baseUrl: server.url, retry: false, ...o });

/** Bad answers of GET /items/i1, and the path each one's issue names. */
const BAD: [string, Json, PropertyKey[]][] = [
  ['a wrong type', { ...good, price: 'cheap' }, ['price']],
  ['a missing required property', (({ name: _, ...rest }) => rest)(good), ['name']],
  ['a bad date-time', { ...good, createdAt: 'yesterday' }, ['createdAt']],
  ['a wrong enum value', { ...good, status: 'deleted' }, ['status']],
  ['a nested wrong type', { ...good, owner: { name: 'Ada', age: 'old' } }, ['owner', 'age']],
];

describe("validate: 'off' (first: nothing has loaded the validators yet)", () => {
  it('resolves with a bad body and never imports validators.js', async () => {
    answers.set('/items/i1', [200, { ...good, price: 'cheap' }]);
    await expect(client().getItem({ itemId: 'i1' })).resolves.toMatchObject({ price: 'cheap' });
    await expect(client({ validate: 'off' }).getItem({ itemId: 'i1' })).resolves.toMatchObject({ price: 'cheap' });
    await expect(client({ validate: 'throw' }).getItem({ itemId: 'i1' }, { validate: 'off' })).resolves.toMatchObject({ price: 'cheap' });
    expect(loaded()).toBe(0);
  });
});

describe("validate: 'throw'", () => {
  it.each(BAD)('rejects %s with a ValidationError naming the property', async (_, body, path) => {
    answers.set('/items/i1', [200, body]);
    const err = (await client({ validate: 'throw' })
      .getItem({ itemId: 'i1' })
      .then(
        () => undefined,
        (e: unknown) => e,
      )) as { issues: Issue[]; body: unknown; status: number; message: string };
    expect(err).toBeInstanceOf(mod.ValidationError);
    expect(err.issues.map((i) => i.path)).toContainEqual(path);
    expect(err.body).toEqual(body);
    expect(err.status).toBe(200);
    expect(err.message).toMatch(/^getItem \(GET \/items\/\{itemId\}\) 200: /);
    expect(loaded()).toBe(1);
  });

  it('rejects one bad item of an array, naming its index', async () => {
    answers.set('/items', [200, [good, { ...good, tags: ['a', 7] }, good]]);
    const err = await client({ validate: 'throw' }).listItems().catch((e: { issues: Issue[] }) => e);
    expect((err as { issues: Issue[] }).issues).toEqual([{ message: 'expected string', path: [1, 'tags', 1] }]);
  });

  it('rejects a mistyped error body with a ValidationError carrying its status', async () => {
    answers.set('/items/i1', [404, { code: 'not-found', message: 'no such item' }]);
    const err = (await client({ validate: 'throw' }).getItem({ itemId: 'i1' }).catch((e: unknown) => e)) as { status: number; issues: Issue[] };
    expect(err).toBeInstanceOf(mod.ValidationError);
    expect(err.status).toBe(404);
    expect(err.issues).toEqual([{ message: 'expected integer', path: ['code'] }]);
  });

  it('rejects the usual status error for an error body of the declared shape', async () => {
    answers.set('/items/i1', [404, { code: 404, message: 'no such item' }]);
    const err = await client({ validate: 'throw' }).getItem({ itemId: 'i1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(mod.ApiError);
    expect((err as { status: number }).status).toBe(404);
  });

  it('validates an inline (non-component) response schema', async () => {
    answers.set('/stats', [200, { count: -1 }]);
    const err = await client({ validate: 'throw' }).getStats().catch((e: { issues: Issue[] }) => e);
    expect((err as { issues: Issue[] }).issues).toEqual([{ message: 'expected at least 0', path: ['count'] }]);
  });

  it('follows the discriminator of a oneOf', async () => {
    answers.set('/pets/p1', [200, { petType: 'dog', bark: 'woof' }]);
    const err = await client({ validate: 'throw' }).getPet({ petId: 'p1' }).catch((e: { issues: Issue[] }) => e);
    expect((err as { issues: Issue[] }).issues).toEqual([{ message: 'expected boolean', path: ['bark'] }]);
    answers.set('/pets/p1', [200, { petType: 'cat', lives: 9 }]);
    await expect(client({ validate: 'throw' }).getPet({ petId: 'p1' })).resolves.toEqual({ petType: 'cat', lives: 9 });
  });

  it('resolves valid bodies as sent: unknown properties kept, writeOnly properties not required', async () => {
    answers.set('/items/i1', [200, good]);
    await expect(client({ validate: 'throw' }).getItem({ itemId: 'i1' })).resolves.toEqual(good);
    answers.set('/items', [200, [good]]);
    await expect(client().listItems({}, { validate: 'throw' })).resolves.toEqual([good]);
  });
});

describe('validate: a report function', () => {
  it('is called once per bad response, and the call resolves with the data', async () => {
    const reports: { issues: Issue[] }[] = [];
    const report = (e: { issues: Issue[] }) => reports.push(e);
    for (const [, body] of BAD) {
      answers.set('/items/i1', [200, body]);
      await expect(client({ validate: report }).getItem({ itemId: 'i1' })).resolves.toEqual(body);
    }
    expect(reports).toHaveLength(BAD.length);
    expect(reports.every((r) => r instanceof mod.ValidationError)).toBe(true);
    answers.set('/items/i1', [200, good]);
    await client({ validate: report }).getItem({ itemId: 'i1' });
    expect(reports).toHaveLength(BAD.length);
  });

  it('is called for a mistyped error body, and the call rejects with its status error', async () => {
    const reports: { status: number }[] = [];
    answers.set('/items/i1', [404, { code: 'x', message: 'gone' }]);
    const err = await client({ validate: (e: { status: number }) => reports.push(e) })
      .getItem({ itemId: 'i1' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(mod.ApiError);
    expect(reports.map((r) => r.status)).toEqual([404]);
  });
});

describe("schemas.X['~standard']", () => {
  let schemas: Record<string, Standard>;
  beforeAll(async () => {
    schemas = ((await import(join(out, 'validators.js'))) as { schemas: Record<string, Standard> }).schemas;
  });

  it('is a Standard Schema v1 of vendor docex that validates good and bad values', () => {
    const s = schemas.Item!['~standard'];
    expect(s.version).toBe(1);
    expect(s.vendor).toBe('docex');
    const r = s.validate(good);
    expect(r).toEqual({ value: good });
    expect(r.value).toBe(good);
    expect(s.validate({ ...good, releasedOn: '2025-02-30' }).issues).toEqual([{ message: 'expected a date', path: ['releasedOn'] }]);
    expect(schemas.Status!['~standard'].validate('gone').issues).toEqual([{ message: 'expected one of "active", "archived"', path: [] }]);
    expect(s.validate({ ...good, kind: 'thing' }).issues).toEqual([{ message: 'expected "item"', path: ['kind'] }]);
  });

  it('follows $ref cycles and additionalProperties: false', () => {
    const tree = schemas.Tree!['~standard'];
    expect(tree.validate({ label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] }).issues).toBeUndefined();
    expect(tree.validate({ label: 'a', children: [{ label: 'b', children: [{ label: 3 }] }] }).issues).toEqual([
      { message: 'expected string', path: ['children', 0, 'children', 0, 'label'] },
    ]);
    expect(tree.validate({ label: 'a', colour: 'red' }).issues).toEqual([{ message: 'unknown property', path: ['colour'] }]);
  });

  it('passes every valid Item generated from its schema, and the call returns it deep-equal (property, seeded)', async () => {
    const date = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
    const item = fc.record(
      {
        id: fc.string(),
        name: fc.string({ minLength: 1 }),
        price: fc.double({ min: 0, max: 1e9, noNaN: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
        createdAt: date.map((d) => d.toISOString()),
        releasedOn: fc.option(date.map((d) => d.toISOString().slice(0, 10)), { nil: null }),
        status: fc.constantFrom('active', 'archived'),
        kind: fc.constant('item'),
        owner: fc.record({ name: fc.string(), age: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) }, { requiredKeys: ['name'] }),
        tags: fc.array(fc.string(), { maxLength: 5 }),
        unknownProperty: fc.jsonValue({ maxDepth: 2 }),
      },
      { requiredKeys: ['id', 'name', 'price', 'createdAt', 'status', 'owner'] },
    );
    const api = client({ validate: 'throw' });
    await fc.assert(
      fc.asyncProperty(item, async (value) => {
        const sent = JSON.parse(JSON.stringify(value)) as unknown;
        expect(schemas.Item!['~standard'].validate(sent).issues).toBeUndefined();
        answers.set('/items/i1', [200, sent]);
        expect(await api.getItem({ itemId: 'i1' })).toEqual(sent);
      }),
      { seed: Number(process.env.DOCEX_PROPERTY_SEED ?? 48), numRuns: 40 },
    );
  });

  it('types schemas.X as StandardSchemaV1 of the schema through validators.d.ts, under tsc --strict', () => {
    appendFileSync(
      join(out, 'consumer.ts'),
      [
        "import type { Item, StandardSchemaV1 } from './index.js';",
        "import { schemas } from './validators.js';",
        'const item: StandardSchemaV1<Item> = schemas.Item;',
        '// @ts-expect-error: an Item schema is not a Standard Schema of a number',
        'const wrong: StandardSchemaV1<number> = schemas.Item;',
        'export { item, wrong };',
        '',
      ].join('\n'),
    );
    expect(typecheck('validation-shop')).toBe('');
  });
});

describe('validators.js missing next to the client (a tsc build to an outDir copies no .js)', () => {
  const bare = join(out, '..', 'shop-without-validators-js');
  it('rejects a validating call with an error naming validators.js and the fix; calls without validate still work', async () => {
    rmSync(bare, { recursive: true, force: true });
    writeTree(bare, (await generateTree(fixture)).tree);
    rmSync(join(bare, 'validators.js'));
    const { createShopClient: create } = (await import(join(bare, 'index.ts'))) as { createShopClient: typeof createShopClient };
    answers.set('/items/i1', [200, good]);
    const api = create({ baseUrl: server.url, retry: false });
    const err = (await api.getItem({ itemId: 'i1' }, { validate: 'throw' }).catch((e: unknown) => e)) as Error;
    expect(err.message).toBe('validate: validators.js did not load; copy it next to client.js (tsc copies no .js files)');
    expect(err).not.toBeInstanceOf(TypeError);
    await expect(create({ baseUrl: server.url, retry: false, validate: () => undefined }).getItem({ itemId: 'i1' })).rejects.toThrow(/validators\.js did not load/);
    answers.set('/items/i1', [404, { code: 404, message: 'none' }]);
    await expect(api.getItem({ itemId: 'i1' }, { validate: 'throw' })).rejects.toThrow(/validators\.js did not load/);
    answers.set('/items/i1', [200, good]);
    await expect(api.getItem({ itemId: 'i1' })).resolves.toEqual(good);
  });
});
