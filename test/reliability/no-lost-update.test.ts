// No lost update under contention: 50 clients of the generated document client each read -> modify -> write with
// If-Match against `docex sandbox` over real HTTP, retrying on 412. Every change lands exactly once.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDocumentClient, type DocumentClient, type GetDocumentResult, type UpdateDocumentParams } from '../../generated/document/v1/index.js';
import { PreconditionFailedError } from '../../generated/runtime/index.js';
import { createTokenClient, MemoryTokenStore, type TokenClient } from '../../generated/token/index.js';
import { spawnSandbox, type SpawnedSandbox } from '../helpers/spawn-sandbox.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CLIENTS = 50;
/** Bound on attempts per client: with 50 writers one needs at most 50 rounds; more means a livelock. */
const MAX_ATTEMPTS = 200;

let sandbox: SpawnedSandbox;
let tokens: TokenClient;
beforeAll(async () => {
  sandbox = await spawnSandbox(process.execPath, [fileURLToPath(new URL('bin/docex.js', `file://${root}`)), 'sandbox', '--port', '0'], root);
  tokens = createTokenClient({ authUrl: sandbox.url, clientId: 'sandbox-client', clientSecret: 'sandbox-secret', store: new MemoryTokenStore(), onWarning: () => {} });
  await tokens.signInWithPassword({ username: 'demo', password: 'demo-password' });
});
afterAll(() => sandbox?.stop());

/** Every exchange of the clients, seen through the `fetch` option (the requests still go over the network). */
interface Exchange {
  method: string;
  ifMatch: string | null;
  status: number;
  etag: string | null;
}
function client(log: Exchange[]): DocumentClient {
  const recording: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const h = new Headers(init?.headers);
    log.push({ method: init?.method ?? 'GET', ifMatch: h.get('if-match'), status: res.status, etag: res.headers.get('etag') });
    return res;
  };
  // Each its own ETag cache: under contention its GETs revalidate (304) or fetch the new version.
  return createDocumentClient({ baseUrl: `${sandbox.url}/`, tokens, fetch: recording, etagCache: true });
}

/** Runs `write` until it does not fail with 412; returns the attempts it took. */
async function withRetryOn412(write: () => Promise<unknown>): Promise<number> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    try {
      await write();
      return attempt;
    } catch (err) {
      if (!(err instanceof PreconditionFailedError)) throw err;
    }
  }
  throw new Error(`still 412 after ${MAX_ATTEMPTS} attempts`);
}

/** The successful writes chain the versions: each one's If-Match is the ETag the previous one produced. */
function expectOneWinnerPerVersion(log: Exchange[], method: string, success: number) {
  const writes = log.filter((e) => e.method === method);
  expect(writes.filter((e) => e.status >= 500)).toEqual([]);
  expect(new Set(writes.map((e) => e.status))).toEqual(new Set([success, 412]));
  const wins = writes.filter((e) => e.status === success);
  expect(wins).toHaveLength(CLIENTS);
  expect(new Set(wins.map((e) => e.ifMatch)).size).toBe(CLIENTS);
  expect(log.filter((e) => e.status >= 500)).toEqual([]);
}

describe('no lost update', () => {
  it('50 concurrent PUTs with If-Match on one document: all 50 changes applied, one winner per version', async () => {
    const log: Exchange[] = [];
    const first = client([]);
    const page = await first.listDocuments({ limit: 1 });
    const id = page.items[0]!.id;
    await first.updateDocument({ documentId: id, body: { ...(await inputOf(first, id)), note: '' } });

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const api = client(log);
        return withRetryOn412(async () => {
          const doc = await api.getDocument({ documentId: id });
          const body = { ...toInput(doc), note: `${doc.note ?? ''}[${i}]` };
          await api.updateDocument({ documentId: id, ifMatch: doc.etag!, body });
        });
      }),
    );

    const final = await first.getDocument({ documentId: id });
    const marks = final.note!.match(/\[\d+\]/g)!;
    expect(marks.slice().sort()).toEqual(Array.from({ length: CLIENTS }, (_, i) => `[${i}]`).sort());
    expectOneWinnerPerVersion(log, 'PUT', 200);
  });

  it("50 concurrent POSTs into the collection with the collection's ETag in If-Match: 50 documents, one winner per version", async () => {
    const log: Exchange[] = [];
    const first = client([]);
    const before = await first.listDocuments({ limit: 1 });
    const template = toInput(await first.getDocument({ documentId: before.items[0]!.id }));

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const api = client(log);
        return withRetryOn412(async () => {
          const page = await api.listDocuments({ limit: 1 });
          await api.createDocument({ ifMatch: page.etag!, body: { ...template, documentIdentifier: `CONTENDED-${i}` } });
        });
      }),
    );

    const after = await first.listDocuments({ limit: 1 });
    expect(after.meta.total).toBe(before.meta.total! + CLIENTS);
    const created = [];
    for await (const d of first.listDocuments.all({ limit: 100 })) if (d.documentIdentifier?.startsWith('CONTENDED-')) created.push(d.documentIdentifier);
    expect(created.sort()).toEqual(Array.from({ length: CLIENTS }, (_, i) => `CONTENDED-${i}`).sort());
    expectOneWinnerPerVersion(log, 'POST', 201);
  });
});

type Doc = GetDocumentResult;
type Input = UpdateDocumentParams['body'];
/** The writable fields of a document, as GET gave them. */
function toInput(d: Doc): Input {
  const { documentType, documentIdentifier, sendMode, issueDate, dueDate, sender, receiver, amounts, note } = d;
  return { documentType, documentIdentifier: documentIdentifier ?? 'X', sendMode, issueDate, dueDate, sender, receiver: receiver!, amounts, note };
}
async function inputOf(api: DocumentClient, id: string): Promise<Input> {
  return toInput(await api.getDocument({ documentId: id }));
}
