// The generated document client tells the truth, against the real sandbox over 127.0.0.1: a 304 is the cached data or
// NotModified (never `undefined` typed as the document), creates and updates return the new ETag, and a conditional
// write or a DELETE whose response is lost after the server applied it ends in OutcomeUnknownError, not in a retry
// that reports 412 or 404 for the caller's own write. The runtime is imported as a namespace so that this file loads
// (and fails case by case) on a runtime without these classes.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../generator/sandbox/index.js';
import * as client from '../../generated/document/v1/index.js';
import type { ClientOptions, DocumentClient, GetDocumentResult, UpdateDocumentParams } from '../../generated/document/v1/index.js';
import { createTokenClient } from '../../generated/token/index.js';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let tokens: ReturnType<typeof createTokenClient>;
beforeAll(async () => {
  sandbox = await startSandbox({ documentCount: 30 });
  tokens = createTokenClient({ authUrl: sandbox.url, clientId: 'sandbox-client', clientSecret: 'sandbox-secret', onWarning: () => {} });
  await tokens.signInWithPassword({ username: 'demo', password: 'demo-password' });
});
afterAll(() => sandbox?.close());

/** What went over the wire: method, path, the conditional headers sent and the status the sandbox answered. */
interface Exchange {
  method: string;
  path: string;
  ifMatch: string | null;
  ifNoneMatch: string | null;
  status: number | 'refused' | 'not sent';
}

/** A way to meddle with one attempt, decided per request: pass it on, or a fault. */
type Fault = 'drop after the server acted' | '502 after the server acted' | '503 Retry-After, not sent' | '429, not sent' | 'connection refused';

/** A client whose fetch goes to the sandbox and records every exchange; `faults` are used up one per write attempt. */
function clientWith(faults: Fault[] = [], options: Partial<ClientOptions> = {}): { api: DocumentClient; log: Exchange[] } {
  const log: Exchange[] = [];
  const meddling: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const h = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    const entry: Exchange = { method, path: url.pathname, ifMatch: h.get('if-match'), ifNoneMatch: h.get('if-none-match'), status: 'not sent' };
    log.push(entry);
    const fault = method === 'GET' ? undefined : faults.shift();
    if (fault === '503 Retry-After, not sent') return new Response('{"technicalMessage":"busy"}', { status: 503, headers: { 'retry-after': '0', 'content-type': 'application/json' } });
    if (fault === '429, not sent') return new Response('{"technicalMessage":"slow down"}', { status: 429, headers: { 'retry-after': '0', 'content-type': 'application/json' } });
    if (fault === 'connection refused') {
      entry.status = 'refused';
      url.port = String(await closedPort());
      return fetch(url, init); // a real ECONNREFUSED from the platform's fetch
    }
    const res = await fetch(input, init);
    entry.status = res.status;
    if (fault === 'drop after the server acted') {
      await res.body?.cancel();
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    }
    if (fault === '502 after the server acted') {
      await res.body?.cancel();
      return new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
    }
    return res;
  };
  const api = client.createDocumentClient({ baseUrl: `${sandbox.url}/`, tokens, fetch: meddling, retry: { baseDelayMs: 1 }, ...options });
  return { api, log };
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Input = UpdateDocumentParams['body'];
function toInput(d: GetDocumentResult, note: string): Input {
  const { documentType, documentIdentifier, sendMode, issueDate, dueDate, sender, receiver, amounts } = d;
  return { documentType, documentIdentifier: documentIdentifier ?? 'X', sendMode, issueDate, dueDate, sender, receiver: receiver!, amounts, note };
}

/** A document of its own for one test, created through a plain client. */
async function freshDocument(tag: string): Promise<GetDocumentResult> {
  const { api } = clientWith();
  const [first] = (await api.listDocuments({ limit: 1 })).items;
  const template = await api.getDocument({ documentId: first!.id });
  const created = await api.createDocument({ body: { ...toInput(template, tag), documentIdentifier: `TRUTH-${tag}` } });
  return api.getDocument({ documentId: created.id });
}

const writes = (log: Exchange[]) => log.filter((e) => e.method !== 'GET');

describe('a 304 is data or NotModified, never undefined typed as the document', () => {
  it("gives NotModified for the caller's own ifNoneMatch when the client does not hold that version", async () => {
    const doc = await freshDocument('304-own');
    const { api, log } = clientWith();
    const result = await api.getDocument({ documentId: doc.id, ifNoneMatch: doc.etag });
    expect(log.at(-1)).toMatchObject({ ifNoneMatch: doc.etag, status: 304 });
    expect(result).toBeInstanceOf(client.NotModified);
    expect(result).toMatchObject({ notModified: true, etag: doc.etag });
    // A changed document: the caller's tag no longer matches, and the call gives the document.
    await api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body: toInput(doc, 'changed') });
    const changed = await api.getDocument({ documentId: doc.id, ifNoneMatch: doc.etag });
    expect(changed).toMatchObject({ id: doc.id, note: 'changed' });
  });

  it('gives the cached document, with its etag, on a 304 when the client holds it (etagCache), also for a matching ifNoneMatch', async () => {
    const doc = await freshDocument('304-cache');
    const { api, log } = clientWith([], { etagCache: true });
    const first = await api.getDocument({ documentId: doc.id });
    const again = await api.getDocument({ documentId: doc.id });
    const own = await api.getDocument({ documentId: doc.id, ifNoneMatch: first.etag });
    expect(log.map((e) => [e.ifNoneMatch, e.status])).toEqual([
      [null, 200],
      [first.etag, 304],
      [first.etag, 304],
    ]);
    expect([again, again.etag, own]).toEqual([first, first.etag, first]);
  });

  it('raises ApiError 304 for an If-None-Match given in options.headers (not the typed parameter), instead of undefined', async () => {
    const doc = await freshDocument('304-header');
    const { api } = clientWith();
    const err = await api.getDocument({ documentId: doc.id }, { headers: { 'If-None-Match': doc.etag! } }).then(
      (value) => ({ value }),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(client.ApiError);
    expect(err).toMatchObject({ status: 304 });
  });

  it('pages() and all() give data: with etagCache a second walk revalidates each page (304) and yields the same items', async () => {
    const { api, log } = clientWith([], { etagCache: true });
    const walk = async () => {
      const ids: string[] = [];
      for await (const d of api.listDocuments.all({ limit: 10 })) ids.push(d.id);
      return ids;
    };
    const first = await walk();
    const n = log.length;
    const second = await walk();
    expect(second).toEqual(first);
    expect(n).toBeGreaterThan(1);
    expect(log.slice(n).map((e) => e.status)).toEqual(log.slice(0, n).map(() => 304));
  });

  it('pages() and all() take no ifNoneMatch (a type error); one passed anyway from JavaScript meets a TypeError on a 304, never a page of undefined', async () => {
    const { api } = clientWith();
    const page = await api.listDocuments({ limit: 5 });
    // @ts-expect-error an ETag names one page, and a 304 has no items to yield
    const pages = api.listDocuments.pages({ limit: 5, ifNoneMatch: page.etag });
    await expect(pages.next()).rejects.toThrow(/did not return a page/);
  });
});

describe('writes return the new ETag', () => {
  it('create and update give the etag that the next conditional write takes, without a GET in between', async () => {
    const doc = await freshDocument('etag-writes');
    const { api, log } = clientWith();
    const created = await api.createDocument({ body: { ...toInput(doc, 'created'), documentIdentifier: 'TRUTH-etag-created' } });
    expect(created.etag).toMatch(/^(W\/)?".+"$/);
    const updated = await api.updateDocument({ documentId: created.id, ifMatch: created.etag, body: { ...toInput(doc, 'updated once'), documentIdentifier: 'TRUTH-etag-created' } });
    expect(updated.etag).toMatch(/^(W\/)?".+"$/);
    expect(updated.etag).not.toBe(created.etag);
    const twice = await api.updateDocument({ documentId: created.id, ifMatch: updated.etag, body: { ...toInput(doc, 'updated twice'), documentIdentifier: 'TRUTH-etag-created' } });
    await api.deleteDocument({ documentId: created.id, ifMatch: twice.etag });
    expect(log.map((e) => `${e.method} ${e.status}`)).toEqual(['POST 201', 'PUT 200', 'PUT 200', 'DELETE 204']);
    // The etag is the one a GET gives (non-enumerable, as on GET results).
    const again = await api.createDocument({ body: { ...toInput(doc, 'created'), documentIdentifier: 'TRUTH-etag-again' } });
    expect((await api.getDocument({ documentId: again.id })).etag).toBe(again.etag);
    expect(Object.keys(again)).not.toContain('etag');
  });
});

describe('a write whose outcome is unknown is not retried into a misreport', () => {
  it('a conditional PUT whose response is lost after the sandbox applied it: OutcomeUnknownError (cause NetworkError), applied once', async () => {
    const doc = await freshDocument('lost-put');
    const { api, log } = clientWith(['drop after the server acted']);
    const err = await api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body: toInput(doc, 'applied once') }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'OutcomeUnknownError', attempts: 1 });
    expect(err).toBeInstanceOf(client.OutcomeUnknownError);
    expect((err as Error).cause).toBeInstanceOf(client.NetworkError);
    expect(writes(log).map((e) => e.status)).toEqual([200]);
    const now = await api.getDocument({ documentId: doc.id });
    expect([now.note, now.etag === doc.etag]).toEqual(['applied once', false]);
  });

  it('a conditional PUT answered 502 by a gateway after the sandbox applied it: OutcomeUnknownError (cause ApiError 502)', async () => {
    const doc = await freshDocument('502-put');
    const { api, log } = clientWith(['502 after the server acted']);
    const err = await api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body: toInput(doc, 'applied behind a gateway') }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'OutcomeUnknownError', attempts: 1 });
    expect(err).toBeInstanceOf(client.OutcomeUnknownError);
    expect((err as Error).cause).toMatchObject({ status: 502 });
    expect((err as Error).cause).toBeInstanceOf(client.ApiError);
    expect(writes(log)).toHaveLength(1);
    expect((await api.getDocument({ documentId: doc.id })).note).toBe('applied behind a gateway');
  });

  it('a DELETE whose response is lost after the sandbox deleted: OutcomeUnknownError, not NotFoundError', async () => {
    const doc = await freshDocument('lost-delete');
    const { api, log } = clientWith(['drop after the server acted']);
    const err = await api.deleteDocument({ documentId: doc.id }).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'OutcomeUnknownError', attempts: 1 });
    expect(err).toBeInstanceOf(client.OutcomeUnknownError);
    expect(writes(log).map((e) => e.status)).toEqual([204]);
    await expect(api.getDocument({ documentId: doc.id })).rejects.toBeInstanceOf(client.NotFoundError);
  });

  it('still retries a conditional write after 429 and 503 with Retry-After (not applied), and after a refused connection (never sent)', async () => {
    const doc = await freshDocument('retryable');
    const { api, log } = clientWith(['429, not sent', '503 Retry-After, not sent']);
    const updated = await api.updateDocument({ documentId: doc.id, ifMatch: doc.etag, body: toInput(doc, 'after 429 and 503') });
    expect(writes(log).map((e) => e.status)).toEqual(['not sent', 'not sent', 200]);
    expect(updated.note).toBe('after 429 and 503');

    const refused = clientWith(['connection refused']);
    const again = await refused.api.updateDocument({ documentId: doc.id, ifMatch: updated.etag, body: toInput(doc, 'after a refused connection') });
    expect(writes(refused.log).map((e) => e.status)).toEqual(['refused', 200]);
    expect(again.note).toBe('after a refused connection');
  });
});
