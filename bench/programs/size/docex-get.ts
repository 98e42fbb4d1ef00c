// Size: one authenticated GET through docex's generated client and a token session restored from a store (lazy
// refresh of rotating refresh tokens, errors, ETags, retry included; the sign-in grants, which it does not use, tree-shake).
import { createItemsClient } from '../../out/items-docex/index.js';
import { createTokenSession, MemoryTokenStore, type StoredTokens } from '../../out/items-docex/token/index.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { authUrl: string; clientId: string; clientSecret: string; baseUrl: string; session: StoredTokens } }).DOCEX_CONFIG;

async function main() {
  const tokens = createTokenSession({ authUrl: config.authUrl, clientId: config.clientId, clientSecret: config.clientSecret, store: new MemoryTokenStore(config.session) });
  const api = createItemsClient({ baseUrl: config.baseUrl, tokens, etagCache: true });
  const item = await api.getItem({ id: '1' });
  console.log(item.name, item.etag);
}
void main();
