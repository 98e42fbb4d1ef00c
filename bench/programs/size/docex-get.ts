// Size: one authenticated GET through docex's generated client (errors, ETags, retries, 401 refresh-once), with the
// access token from the app's own server (app-token-source.ts), as a web page must get it under spec 5.2.
import { createItemsClient } from '../../out/items-sub/items/v1/index.js';
import { appTokenSource } from './app-token-source.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { baseUrl: string; tokenUrl: string } }).DOCEX_CONFIG;

async function main() {
  const api = createItemsClient({ baseUrl: config.baseUrl, tokens: appTokenSource(config.tokenUrl), etagCache: true });
  const item = await api.getItem({ id: '1' });
  console.log(item.name, item.etag);
}
void main();
