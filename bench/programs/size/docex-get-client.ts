// Size: docex-get.ts with createTokenClient (every sign-in grant as a method, so none of them tree-shakes).
import { createItemsClient } from '../../out/items-sub/items/v1/index.js';
import { createTokenClient } from '../../out/items-sub/token/index.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { authUrl: string; clientId: string; clientSecret: string; baseUrl: string } }).DOCEX_CONFIG;

async function main() {
  const tokens = createTokenClient({ authUrl: config.authUrl, clientId: config.clientId, clientSecret: config.clientSecret });
  const api = createItemsClient({ baseUrl: config.baseUrl, tokens, etagCache: true });
  const item = await api.getItem({ id: '1' });
  console.log(item.name, item.etag);
}
void main();
