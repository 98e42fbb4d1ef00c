// Size: docex-get.ts plus every item of a collection with .all() (pagination, loaded on first use).
import { createItemsClient } from '../../out/items-sub/items/v1/index.js';
import { appTokenSource } from './app-token-source.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { baseUrl: string; tokenUrl: string } }).DOCEX_CONFIG;

async function main() {
  const api = createItemsClient({ baseUrl: config.baseUrl, tokens: appTokenSource(config.tokenUrl), etagCache: true });
  const item = await api.getItem({ id: '1' });
  console.log(item.name, item.etag);
  for await (const it of api.listItems.all()) console.log(it.id);
}
void main();
