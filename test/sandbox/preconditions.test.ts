// Preconditions and duplicates off the well-walked paths (spec 7.2, 8 ETags), against the real documents: a malformed
// If-Match, a collection ETag after many other pages, and a PUT that would make a duplicate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openRealDocuments, type Doc, type Page, type TestSandbox } from './helpers.js';

let t: TestSandbox;
let input: (extra?: Record<string, unknown>) => Record<string, unknown>;
beforeAll(async () => {
  ({ t, input } = await openRealDocuments('PRE'));
});
afterAll(() => t?.close());

const create = async (extra: Record<string, unknown> = {}): Promise<Doc> => {
  const r = await t.call('POST', '/document/v1/documents', { body: input(extra) });
  expect(r.status).toBe(201);
  return r.json as Doc;
};

describe('If-Match that is not a list of entity tags', () => {
  it.each(['stale', 'W/stale', '"unterminated', 'abc, def', ' '])('If-Match: %j never matches: PUT, DELETE and POST answer 412 and change nothing', async (header) => {
    const doc = await create();
    const put = await t.call('PUT', `/document/v1/documents/${doc.id}`, { body: input({ note: 'no' }), headers: { 'if-match': header } });
    expect(put.status).toBe(412);
    expect(messages(put.json)[0]!.errorCode).toBe('PreconditionFailed');
    expect((await t.call('DELETE', `/document/v1/documents/${doc.id}`, { headers: { 'if-match': header } })).status).toBe(412);
    expect((await t.call('GET', `/document/v1/documents/${doc.id}`)).json).toEqual(doc);
    expect((await t.call('POST', '/document/v1/documents', { body: input(), headers: { 'if-match': header } })).status).toBe(412);
  });

  it('"*" and the current tag in a list still match', async () => {
    const doc = await create();
    const etag = (await t.call('GET', `/document/v1/documents/${doc.id}`)).headers.get('etag')!;
    expect((await t.call('PUT', `/document/v1/documents/${doc.id}`, { body: input({ note: 'a' }), headers: { 'if-match': `"x", ${etag}` } })).status).toBe(200);
    expect((await t.call('PUT', `/document/v1/documents/${doc.id}`, { body: input({ note: 'b' }), headers: { 'if-match': '*' } })).status).toBe(200);
  });
});

describe('collection ETags', () => {
  it("a collection's current ETag stays valid for If-Match however many other pages were served since (10,001)", async () => {
    const etag = (await t.call('GET', '/document/v1/documents?limit=5')).headers.get('etag')!;
    // Other pages, each another representation and so another tag: a few over HTTP, then 10,001 more as the list
    // handler asks the store for them (over HTTP they would take the test many seconds).
    for (let i = 1; i <= 20; i++) expect((await t.call('GET', `/document/v1/documents?limit=1&offset=${i}`)).status).toBe(200);
    const store = t.sb.state.stores.get('Document')!;
    for (let i = 0; i <= 10_000; i++) store.collectionEtag(`another page ${i}`);
    const post = await t.call('POST', '/document/v1/documents', { body: input(), headers: { 'if-match': etag } });
    expect(post.status).toBe(201);
    // And once the collection changed, the old tag is stale.
    expect((await t.call('POST', '/document/v1/documents', { body: input(), headers: { 'if-match': etag } })).status).toBe(412);
  });
});

describe('duplicates on PUT', () => {
  it("a PUT that makes a document equal to another under the create's x-unique criteria answers 409 and changes nothing", async () => {
    const a = await create();
    const b = await create();
    const before = await t.call('GET', `/document/v1/documents/${b.id}`);
    const dup = await t.call('PUT', `/document/v1/documents/${b.id}`, { body: input({ documentIdentifier: a.documentIdentifier, note: 'dup' }) });
    expect(dup.status).toBe(409);
    expect(messages(dup.json)[0]!.technicalMessage).toBe(`a document with the same \`sender\`, \`documentType\` and \`documentIdentifier\` already exists: "${a.id}"`);
    expect((await t.call('GET', `/document/v1/documents/${b.id}`)).json).toEqual(before.json);
    // A PUT that keeps the document's own criteria is no duplicate of itself; another documentType is no duplicate.
    expect((await t.call('PUT', `/document/v1/documents/${a.id}`, { body: input({ documentIdentifier: a.documentIdentifier, note: 'same' }) })).status).toBe(200);
    expect((await t.call('PUT', `/document/v1/documents/${b.id}`, { body: input({ documentIdentifier: a.documentIdentifier, documentType: 'Order' }) })).status).toBe(200);
  });
});
