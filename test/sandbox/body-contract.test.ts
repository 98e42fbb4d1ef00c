// What the sandbox stores from a request body (Reliability guide, "What a body may hold"), against the real
// documents, whose request schemas leave their objects open: declared properties are validated at every depth and only
// they are stored; properties of the representation that the request lacks (server-owned, expanded references) are
// ignored; anything else, at any depth, is a 400 naming it, as is a name given twice. And the bounds: body size,
// nesting depth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestBodyObject } from '../../generator/load/index.js';
import { accepted } from '../../generator/model/index.js';
import { bodyLimitOf, MAX_BODY_DEPTH, MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES, mib } from '../../generator/sandbox/body-bounds.js';
import { isJsonMedia, objectAt } from '../../generator/sandbox/schema-tools.js';
import { messages, openRealDocuments, type Doc, type Page, type TestSandbox } from './helpers.js';

let t: TestSandbox;
let sender: string;
let input: (extra?: Record<string, unknown>) => Record<string, unknown>;
beforeAll(async () => {
  ({ t, input, sender } = await openRealDocuments('BODY'));
});
afterAll(() => t?.close());

const texts = (json: unknown) => messages(json).map((m) => m.technicalMessage);
const codes = (json: unknown) => messages(json).map((m) => m.errorCode);

describe('what is stored from a body', () => {
  it('a property the request schema does not declare is a 400 naming it, at any depth, and nothing is stored', async () => {
    const before = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).meta.total;
    const top = await t.call('POST', '/document/v1/documents', { body: input({ colour: 'red' }) });
    expect(top.status).toBe(400);
    expect(texts(top.json)).toEqual(['body has an unknown property "colour"']);
    expect(codes(top.json)).toEqual(['UnknownProperty']);
    const nested = await t.call('POST', '/document/v1/documents', { body: input({ amounts: { currency: 'NOK', totalAmount: '1.00', payload: 'x'.repeat(1000) }, sender: { id: sender, extra: { deep: true } } }) });
    expect(nested.status).toBe(400);
    expect(texts(nested.json).sort()).toEqual(['body.amounts has an unknown property "payload"', 'body.sender has an unknown property "extra"']);
    expect(((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).meta.total).toBe(before);
  });

  it("names inherited from Object.prototype are properties like any other: unknown, so 400", async () => {
    const raw = JSON.stringify(input()).slice(0, -1) + ',"__proto__":{"polluted":true},"constructor":1,"hasOwnProperty":"x","toString":2}';
    const r = await t.call('POST', '/document/v1/documents', { body: raw, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(texts(r.json).sort()).toEqual(['__proto__', 'constructor', 'hasOwnProperty', 'toString'].map((k) => `body has an unknown property "${k}"`));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('server-owned properties are ignored, never stored: the server keeps its id, timestamps and state', async () => {
    const owned = { id: 'mine', createdAt: 'yesterday', updatedAt: 12345, status: 'Done', direction: 'Received', isFetched: true };
    const created = await t.call('POST', '/document/v1/documents', { body: input(owned) });
    expect(created.status).toBe(201);
    const doc = created.json as Doc;
    expect(doc.id).not.toBe('mine');
    expect(doc.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(doc.updatedAt === undefined || typeof doc.updatedAt === 'string').toBe(true);
    expect(doc.isFetched).not.toBe(true);
    const read = await t.call('GET', `/document/v1/documents/${doc.id}`);
    expect(read.json).toEqual(doc);
    // The sorted list (by createdAt) still answers as documented, with this document in it.
    const list = await t.call('GET', '/document/v1/documents?sort=-createdAt&limit=100');
    expect((list.json as Page<Doc>).items.map((d) => d.id)).toContain(doc.id);
  });

  it('a GET representation sent back with a change ({...doc, note}) replaces: expanded references keep only their id', async () => {
    const id = ((await t.call('POST', '/document/v1/documents', { body: input() })).json as Doc).id;
    const got = await t.call('GET', `/document/v1/documents/${id}?expand=sender,receiver`);
    const doc = got.json as Doc;
    expect(Object.keys(doc.sender).length).toBeGreaterThan(1);
    const put = await t.call('PUT', `/document/v1/documents/${id}`, { body: { ...doc, note: 'changed' }, headers: { 'if-match': got.headers.get('etag')! } });
    expect(put.status).toBe(200);
    const stored = put.json as Doc;
    expect(stored.note).toBe('changed');
    expect(stored.sender).toEqual({ id: doc.sender.id });
    expect(stored.createdAt).toBe(doc.createdAt);
  });

  it('declared properties are still validated at every depth', async () => {
    const r = await t.call('POST', '/document/v1/documents', { body: input({ amounts: { currency: 'nok', totalAmount: 5 } }) });
    expect(r.status).toBe(400);
    expect(texts(r.json).join(' ')).toMatch(/body\.amounts\.currency must match pattern/);
    expect(texts(r.json).join(' ')).toMatch(/body\.amounts\.totalAmount must be string/);
  });
});

describe('a name given twice in one object', () => {
  const total = async () => ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).meta.total;
  /** A body as text, `dup` put where "@dup":0 is. */
  const withDuplicate = (body: Record<string, unknown>, dup: string) => JSON.stringify({ ...body, '@dup': 0 }).replace('"@dup":0', dup);

  it('is a 400 DuplicateKey naming the object and the name, at any depth, for POST and PUT, and nothing is stored', async () => {
    const before = await total();
    const cases: [string, string][] = [
      [withDuplicate(input(), '"documentType":"Order"'), 'body has the property "documentType" twice: send each name once'],
      [JSON.stringify(input({ amounts: { currency: 'NOK', '@dup': 0 } })).replace('"@dup":0', '"currency":"EUR"'), 'body.amounts has the property "currency" twice: send each name once'],
      // The same name written two ways is one name.
      [withDuplicate(input({ note: 'a' }), '"n\\u006fte":"b"'), 'body has the property "note" twice: send each name once'],
      [withDuplicate(input(), '"__proto__":1,"__proto__":2'), 'body has the property "__proto__" twice: send each name once'],
    ];
    for (const [body, message] of cases) {
      const r = await t.call('POST', '/document/v1/documents', { body, headers: { 'content-type': 'application/json' } });
      expect(r.status, body).toBe(400);
      expect(messages(r.json), body).toEqual([{ technicalMessage: message, errorCode: 'DuplicateKey' }]);
    }
    expect(await total()).toBe(before);
    const created = (await t.call('POST', '/document/v1/documents', { body: input({ note: 'kept' }) })).json as Doc;
    const put = await t.call('PUT', `/document/v1/documents/${created.id}`, { body: withDuplicate(input({ note: 'first' }), '"note":"last"'), headers: { 'content-type': 'application/json' } });
    expect(put.status).toBe(400);
    expect(codes(put.json)).toEqual(['DuplicateKey']);
    expect(((await t.call('GET', `/document/v1/documents/${created.id}`)).json as Doc).note).toBe('kept');
  });

  it('the same name in different objects is no duplicate (sender.id and receiver.id)', async () => {
    const body = JSON.stringify(input({ note: 'twice "id"', amounts: { currency: 'NOK', totalAmount: '1.00' } }));
    expect(body.match(/"id":/g)?.length).toBe(2);
    expect((await t.call('POST', '/document/v1/documents', { body, headers: { 'content-type': 'application/json' } })).status).toBe(201);
  });
});

describe('bounds on a body', () => {
  const nest = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it(`a value nested deeper than ${MAX_BODY_DEPTH} levels is a 400, so nothing breaks a later read (PUT, POST)`, async () => {
    const id = ((await t.call('POST', '/document/v1/documents', { body: input() })).json as Doc).id;
    // Inside a reference, where the item schema (open) would have kept it.
    const deep = (depth: number) => JSON.stringify(input({ sender: { id: sender, x: '@nest' } })).replace('"@nest"', nest(depth));
    for (const [method, path] of [['PUT', `/document/v1/documents/${id}`], ['POST', '/document/v1/documents']] as const) {
      const r = await t.call(method, path, { body: deep(100_000), headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
      expect(messages(r.json)[0]).toEqual({ technicalMessage: `the request body is nested deeper than ${MAX_BODY_DEPTH} levels`, errorCode: 'BodyTooDeep' });
    }
    expect((await t.call('GET', `/document/v1/documents/${id}`)).status).toBe(200);
    expect((await t.call('GET', '/document/v1/documents?limit=100&sort=-createdAt')).status).toBe(200);
    // At the bound, a body is read (and refused here only for its unknown property).
    const atBound = await t.call('POST', '/document/v1/documents', { body: deep(MAX_BODY_DEPTH - 2), headers: { 'content-type': 'application/json' } });
    expect(atBound.status).toBe(400);
    expect(codes(atBound.json)).toEqual(['UnknownProperty']);
  });

  it(`a JSON body over ${MAX_JSON_BODY_BYTES / 1024 / 1024} MiB is a 400 BodyTooLarge, a status the document declares`, async () => {
    const big = JSON.stringify(input({ note: 'x'.repeat(MAX_JSON_BODY_BYTES) }));
    const r = await t.call('POST', '/document/v1/documents', { body: big, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(messages(r.json)[0]).toMatchObject({ errorCode: 'BodyTooLarge' });
    expect(messages(r.json)[0]!.technicalMessage).toContain('1 MiB');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('a body within the limit whose resource would be stored at over 1 MiB (with the server\'s own properties) is a 400 ResourceTooLarge, and nothing is stored', async () => {
    const before = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).meta.total;
    const body = (digits: number) => JSON.stringify(input({ amounts: { currency: 'NOK', totalAmount: '1'.repeat(digits) } }));
    const text = body(MAX_JSON_BODY_BYTES - 16 - body(0).length);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES);
    const r = await t.call('POST', '/document/v1/documents', { body: text, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(messages(r.json)[0]).toMatchObject({ errorCode: 'ResourceTooLarge' });
    expect(((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).meta.total).toBe(before);
  });

  it(`an upload over ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB is a 400 BodyTooLarge too`, async () => {
    const r = await t.call('POST', '/file/v1/files', { body: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20), headers: { 'content-type': 'application/xml' } });
    expect(r.status).toBe(400);
    expect(messages(r.json)[0]).toEqual({ technicalMessage: 'the request body is larger than 10 MiB, the most this operation takes', errorCode: 'BodyTooLarge' });
  });

  it('each request body of the documents states the bounds the sandbox holds it to', () => {
    const withBody = t.sb.operations.filter((spec) => spec.op.body);
    expect(withBody.length).toBeGreaterThanOrEqual(9);
    for (const spec of withBody) {
      const text = (objectAt<RequestBodyObject>(spec.api.doc, spec.op.body!.at)?.description ?? '').replace(/\s+/g, ' ');
      expect(text, spec.name).toContain(`At most ${mib(bodyLimitOf(spec))}`);
      if (accepted(spec.op).every(isJsonMedia)) expect(text, spec.name).toContain(`nested at most ${MAX_BODY_DEPTH} levels deep`);
    }
  });
});
