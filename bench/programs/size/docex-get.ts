// Size: one authenticated GET through docex's generated client (errors, ETags, retries, 401 refresh-once), with the
// token handling a browser app has under spec 5.2: the client secret stays on the app's server, which runs the docex
// token session and hands the page short-lived access tokens (here from config.tokenUrl, with the session cookie).
import { createItemsClient, type TokenSource } from '../../out/items-docex/index.js';

const config = (globalThis as unknown as { DOCEX_CONFIG: { baseUrl: string; tokenUrl: string } }).DOCEX_CONFIG;

let token: Promise<string> | undefined;
const fetchToken = (): Promise<string> =>
  (token = fetch(config.tokenUrl, { credentials: 'include' }).then(async (res) => {
    if (!res.ok) throw new Error(`token: HTTP ${res.status}`);
    return ((await res.json()) as { accessToken: string }).accessToken;
  }));
const tokens: TokenSource = {
  getAccessToken: () => token ?? fetchToken(),
  // Another call may have fetched a newer token already: use it rather than asking again.
  refreshAfterUnauthorized: async (rejected) => {
    const t = await token?.catch(() => undefined);
    return t && t !== rejected ? t : fetchToken();
  },
};

async function main() {
  const api = createItemsClient({ baseUrl: config.baseUrl, tokens, etagCache: true });
  const item = await api.getItem({ id: '1' });
  console.log(item.name, item.etag);
}
void main();
