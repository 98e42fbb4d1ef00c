// A client developer's program: signs in against the sandbox, lists, pages through, expands and updates documents.
import { createTokenClient, MemoryTokenStore } from './generated/token/index.js';
import { createDocumentClient, PreconditionFailedError } from './generated/document/v1/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`set ${name}`);
  return value;
};

const tokens = createTokenClient({
  authUrl: env('DOCEX_AUTH_URL'),
  clientId: env('DOCEX_CLIENT_ID'),
  clientSecret: env('DOCEX_CLIENT_SECRET'),
  store: new MemoryTokenStore(),
  onWarning: () => {},
});
await tokens.signInWithPassword({ username: env('DOCEX_USERNAME'), password: env('DOCEX_PASSWORD') });
const api = createDocumentClient({ baseUrl: env('DOCEX_BASE_URL'), tokens });

const page = await api.listDocuments({ limit: 50, sort: '-createdAt', expand: ['sender'] });
const first = page.items[0];
if (!first) throw new Error('no documents');
const senderName: string = first.sender.name;

let count = 0;
const seen = new Set<string>();
for await (const doc of api.listDocuments.all({ documentType: 'Invoice', limit: 100 })) {
  seen.add(doc.id);
  count++;
}

const doc = await api.getDocument({ documentId: first.id });
const { id: _id, ...rest } = doc;
const updated = await api.updateDocument({ documentId: first.id, ifMatch: doc.etag, body: { ...rest, note: 'client-repo-test' } as never });
let stale = false;
try {
  await api.updateDocument({ documentId: first.id, ifMatch: doc.etag, body: { ...rest } as never });
} catch (err) {
  stale = err instanceof PreconditionFailedError;
}

console.log(JSON.stringify({ total: page.meta.total, pageSize: page.items.length, senderName, invoices: count, unique: seen.size, updated: Boolean(updated), stale }));
