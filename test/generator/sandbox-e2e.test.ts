// The generated document client (generated/document/v1) against the real sandbox over 127.0.0.1:
// expand narrowing at run time, .all() across pages, ETags and If-Match, media types, typed errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../generator/sandbox/index.js';
import { createDocumentClient, NotFoundError, PreconditionFailedError } from '../../generated/document/v1/index.js';
import { createDocumentRawClient } from '../../generated/document/v1/raw.js';
import { createTokenClient } from '../../generated/token/index.js';

let tokens: ReturnType<typeof createTokenClient>;
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let api: ReturnType<typeof createDocumentClient>;
beforeAll(async () => {
  sandbox = await startSandbox({ documentCount: 120 });
  tokens = createTokenClient({ authUrl: sandbox.url, clientId: 'sandbox-client', clientSecret: 'sandbox-secret', onWarning: () => {} });
  await tokens.signInWithPassword({ username: 'demo', password: 'demo-password' });
  api = createDocumentClient({ baseUrl: `${sandbox.url}/`, tokens, retry: false });
});
afterAll(() => sandbox?.close());

describe('generated document client + sandbox', () => {
  it('expands references and pages through the whole collection', async () => {
    const page = await api.listDocuments({ limit: 3, sort: '-createdAt', expand: ['sender'] });
    expect(page.items).toHaveLength(3);
    expect(typeof page.items[0]!.sender.name).toBe('string');
    const created = page.items.map((d) => d.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    let count = 0;
    for await (const doc of api.listDocuments.all({ limit: 7 })) {
      expect(typeof doc.id).toBe('string');
      count++;
    }
    expect(count).toBe(page.meta.total);
    let pages = 0;
    for await (const p of api.listDocuments.pages({ limit: 50 })) pages += p.items.length > 0 ? 1 : 0;
    expect(pages).toBe(Math.ceil(page.meta.total / 50));
  });

  it('keeps the ETag of a GET and sends If-Match on PUT (stale -> PreconditionFailedError)', async () => {
    const [first] = (await api.listDocuments({ limit: 1 })).items;
    const doc = await api.getDocument({ documentId: first!.id });
    expect(doc.etag).toMatch(/^(W\/)?".+"$/);
    const { documentType, documentIdentifier, sender, receiver } = doc;
    const body = { documentType, documentIdentifier: documentIdentifier ?? 'X-1', sender, receiver: receiver!, note: 'updated by the generator e2e test' };
    const updated = await api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body });
    expect(updated.note).toBe('updated by the generator e2e test');
    await expect(api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body })).rejects.toBeInstanceOf(PreconditionFailedError);
  });

  it('an ETag from an expanded GET names the version for If-Match (list with expand, get with expand, update -> 200)', async () => {
    const [first] = (await api.listDocuments({ limit: 1, expand: ['sender', 'receiver'] })).items;
    const doc = await api.getDocument({ documentId: first!.id, expand: ['sender'] });
    const plain = await api.getDocument({ documentId: first!.id });
    expect(doc.etag).not.toBe(plain.etag); // another representation: a GET revalidates each on its own
    const { documentType, documentIdentifier, receiver } = doc;
    const body = { documentType, documentIdentifier: documentIdentifier ?? 'X-2', sender: { id: doc.sender.id }, receiver: receiver!, note: 'updated after an expanded GET' };
    const updated = await api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body });
    expect(updated.note).toBe('updated after an expanded GET');
    await expect(api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body })).rejects.toBeInstanceOf(PreconditionFailedError);
  });

  it('returns the representation chosen by accept, and typed errors', async () => {
    const [first] = (await api.listDocuments({ limit: 1 })).items;
    const pdf = await api.getDocumentPresentation({ documentId: first!.id }, { accept: 'application/pdf' });
    expect(pdf).toBeInstanceOf(Blob);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 4))).toBe('%PDF');
    const xml = await api.getDocumentPresentation({ documentId: first!.id }, { accept: 'application/xml' });
    expect(typeof xml).toBe('string');
    expect(xml).toContain('<');
    const err = await api.getDocument({ documentId: 'does-not-exist' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as NotFoundError).messages[0]?.technicalMessage).toBeTruthy();
  });

  it('makes path-based calls through the raw openapi-fetch client of raw.js, with the same auth', async () => {
    const raw = createDocumentRawClient({ baseUrl: `${sandbox.url}/`, tokens, retry: false });
    const { data, response } = await raw.GET('/documents', { params: { query: { limit: 2 } } });
    expect(response.status).toBe(200);
    expect(data?.items).toHaveLength(2);
    const missing = await raw.GET('/documents/{documentId}', { params: { path: { documentId: 'does-not-exist' } } });
    expect(missing.response.status).toBe(404);
  });
});
