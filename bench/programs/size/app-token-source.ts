// The token handling of a web page under spec 5.2: the client secret stays on the app's server, which runs the docex
// token session and hands the page short-lived access tokens (here from `tokenUrl`, with the session cookie).
import type { TokenSource } from '../../out/items-sub/items/v1/index.js';

export function appTokenSource(tokenUrl: string): TokenSource {
  let token: Promise<string> | undefined;
  const fetchToken = (): Promise<string> =>
    (token = fetch(tokenUrl, { credentials: 'include' }).then(async (res) => {
      if (!res.ok) throw new Error(`token: HTTP ${res.status}`);
      return ((await res.json()) as { accessToken: string }).accessToken;
    }));
  return {
    getAccessToken: () => token ?? fetchToken(),
    // Another call may have fetched a newer token already: use it rather than asking again.
    refreshAfterUnauthorized: async (rejected) => {
      const t = await token?.catch(() => undefined);
      return t && t !== rejected ? t : fetchToken();
    },
  };
}
