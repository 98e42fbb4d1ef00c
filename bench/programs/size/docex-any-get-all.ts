// Size: docex-get-all.ts with the client of the same document generated alone (`--input FILE`): a client of any API,
// with its codecs for `auth` credentials and the error bodies the document declares (issue 37).
import { createItemsClient } from '../../out/items-docex/index.js';
import { appTokenSource } from './app-token-source.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { baseUrl: string; tokenUrl: string } }).DOCEX_CONFIG;

async function main() {
  const api = createItemsClient({ baseUrl: config.baseUrl, tokens: appTokenSource(config.tokenUrl), etagCache: true });
  const item = await api.getItem({ id: '1' });
  console.log(item.name, item.etag);
  for await (const it of api.listItems.all()) console.log(it.id);
}
void main();
