// Size: one authenticated GET through a hey-api 0.99 generated SDK function and its inlined fetch client.
import { client } from '../../out/items-hey/client.gen.js';
import { getItem } from '../../out/items-hey/sdk.gen.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { baseUrl: string; token: string } }).DOCEX_CONFIG;

async function main() {
  client.setConfig({ baseUrl: config.baseUrl, auth: () => config.token });
  const { data } = await getItem({ path: { id: '1' } });
  console.log(data?.name);
}
void main();
