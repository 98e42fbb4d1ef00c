// Size: one authenticated GET through openapi-fetch alone (no token handling, no error classes).
import createClient from 'openapi-fetch';
import type { paths } from '../../out/items-docex/schema.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { baseUrl: string; token: string } }).DOCEX_CONFIG;

async function main() {
  const client = createClient<paths>({ baseUrl: config.baseUrl, headers: { authorization: `Bearer ${config.token}` } });
  const { data } = await client.GET('/items/{id}', { params: { path: { id: '1' } } });
  console.log(data?.name);
}
void main();
