// Size: docex-get-all.ts with the OAuth token session in the bundle (refresh of rotating refresh tokens, client
// authentication with the secret): for programs that may hold the client secret (Node, desktop), not a public web page.
import { createItemsClient } from '../../out/items-sub/items/v1/index.js';
import { createTokenSession, MemoryTokenStore, type StoredTokens } from '../../out/items-sub/token/index.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { authUrl: string; clientId: string; clientSecret: string; baseUrl: string; session: StoredTokens } }).DOCEX_CONFIG;

async function main() {
  const tokens = createTokenSession({ authUrl: config.authUrl, clientId: config.clientId, clientSecret: config.clientSecret, store: new MemoryTokenStore(config.session) });
  const api = createItemsClient({ baseUrl: config.baseUrl, tokens, etagCache: true });
  const item = await api.getItem({ id: '1' });
  console.log(item.name, item.etag);
  for await (const it of api.listItems.all()) console.log(it.id);
}
void main();
