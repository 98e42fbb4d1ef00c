// The token session: lazy refresh of single-use rotating refresh tokens over a TokenStore, and sign-out. The sign-in
// grants are separate functions (sign-in.ts) so that a program that only calls APIs does not ship them.
//
// Rules it keeps (see the reference notes on rotating refresh tokens):
// - One refresh at a time per store, shared by every concurrent caller (and every client of this module using the
//   same store object); before refreshing it re-reads the store and adopts a newer token written by someone else.
// - A rotated refresh token is saved to the store before the new access token is handed out. If saving fails, the
//   new tokens stay in memory, the call fails with 'store_failed', and the next call retries the save first.
// - No timers: refreshing happens inside getAccessToken(), a margin of 10% of expires_in (1..60 s) before expiry.
// - Secrets live only in closures: never in properties, messages, toString() or JSON.stringify().
import { basicAuthorization, type BasicAuthEncoding } from './basic-auth.js';
import { ReauthRequiredError, TokenError } from './errors.js';
import { MemoryTokenStore, type SignInGrant, type StoredTokens, type TokenStore } from './store.js';
import { tokenRequest } from './token-request.js';
import { checkServiceUrl } from './url.js';
import type { WarningHandler } from './warnings.js';

export interface TokenClientOptions {
  /** The service's {auth_url}: token endpoint {authUrl}/oauth2/token, login page {authUrl}/oauth2/authorize. */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  /** Default: a MemoryTokenStore of this client. */
  store?: TokenStore | undefined;
  /** Default: globalThis.fetch, looked up at call time. */
  fetch?: typeof fetch | undefined;
  /** Epoch milliseconds; default Date.now. */
  clock?: (() => number) | undefined;
  /** HTTP Basic encoding of the client credentials: 'raw' (default) or 'rfc6749' (form-url-encoded first). */
  basicAuth?: BasicAuthEncoding | undefined;
  /** Receives deprecation notices (once per process); pass () => {} to silence them. */
  onWarning?: WarningHandler | undefined;
  /** Time limit of one token request; default 30 000 ms. */
  timeoutMs?: number | undefined;
}

export interface SignInResult {
  grant: SignInGrant;
  scope: string | undefined;
  /** Epoch ms. */
  expiresAt: number;
  /** Epoch ms, or null when the refresh token does not expire (password grant). */
  refreshTokenExpiresAt: number | null;
}

/** The TokenSource of the API clients. Sign in and out with the functions of sign-in.ts (or use createTokenClient). */
export interface TokenSession {
  /** A valid access token, refreshing lazily ahead of expiry; concurrent callers share one refresh. */
  getAccessToken(): Promise<string>;
  /** After a 401 with `rejected`: a newer token if the store has one, else a refreshed one. Throws ReauthRequiredError
   *  when the session cannot be refreshed. */
  refreshAfterUnauthorized(rejected: string): Promise<string>;
  toJSON(): { authUrl: string; store: string; basicAuth: BasicAuthEncoding };
  toString(): string;
}

/** What the sign-in functions need of a session; kept off its properties (the secrets stay in closures). */
export interface SessionInternals {
  authUrl: string;
  clientId: string;
  onWarning: WarningHandler | undefined;
  signIn(grant: SignInGrant, params: Record<string, string>, secrets: string[]): Promise<SignInResult>;
  /** Clears the store (after any operation in flight) and returns what it held. */
  forget(): Promise<StoredTokens | undefined>;
  /** POST to {authUrl}/oauth2/{path} with client authentication and a form body. */
  post(path: string, body: Record<string, string>): Promise<Response>;
}
const internals = new WeakMap<object, SessionInternals>();

/** The internals of a session made by createTokenSession or createTokenClient. */
export function sessionInternals(session: object): SessionInternals {
  const i = internals.get(session);
  if (!i) throw new TypeError('Not a docex token session: create it with createTokenSession or createTokenClient.');
  return i;
}

/** Refresh this long before expiry: 10% of expires_in, between 1 and 60 seconds. */
export function refreshMarginMs(expiresInSeconds: number): number {
  return Math.min(60, Math.max(1, expiresInSeconds * 0.1)) * 1000;
}

/** One in-flight refresh (or sign-in) per store object, shared by every client in this module instance. */
const inflight = new WeakMap<TokenStore, Promise<StoredTokens>>();

const SIGN_IN_AGAIN = ': the user must sign in again.';

export function createTokenSession(options: TokenClientOptions): TokenSession {
  const authUrl = checkServiceUrl(options.authUrl, 'authUrl');
  const { clientId, clientSecret, store = new MemoryTokenStore() as TokenStore, clock = Date.now, basicAuth: encoding = 'raw', timeoutMs = 30_000 } = options;
  for (const [v, name] of [[clientId, 'clientId'], [clientSecret, 'clientSecret']]) {
    // clientId -> DOCEX_CLIENT_ID, clientSecret -> DOCEX_CLIENT_SECRET
    if (!v) throw new TokenError('invalid_config', `${name} is missing: pass it or set DOCEX_CLIENT_${name!.slice(6).toUpperCase()}.`);
  }
  const authorization = basicAuthorization(clientId, clientSecret, encoding);
  const storeName = (store as { constructor?: { name?: string } }).constructor?.name || 'TokenStore';

  let current: StoredTokens | undefined; // what this client last read or wrote
  let unsaved: StoredTokens | undefined; // received, but the store refused it: retried before anything else

  const usable = (t: StoredTokens | undefined, not?: string): boolean =>
    !!t && t.accessToken !== not && clock() < t.expiresAt - refreshMarginMs(t.expiresIn);

  /** POST to {authUrl}/oauth2/{path} with client authentication (Basic) and a form body; `token`: a token request. */
  const post = (path: string, body: Record<string, string>, token?: boolean): Promise<Response> =>
    (options.fetch ?? fetch)(`${authUrl}/oauth2/${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', ...(token && { accept: 'application/json' }) },
      body: `${new URLSearchParams(body)}`,
      signal: AbortSignal.timeout(timeoutMs),
      ...(token && { redirect: 'error' }),
    });

  /** A token request; the answer becomes the stored form (RFC 6749 section 6: the old refresh token stays only if
   *  none came back), not yet saved. */
  async function request(params: Record<string, string>, secrets: string[], grant: SignInGrant, previous?: string): Promise<StoredTokens> {
    const sentAt = clock();
    const r = await tokenRequest(() => post('token', params, true), `${authUrl}/oauth2/token`, timeoutMs, [clientSecret, ...secrets, current?.accessToken ?? '', current?.refreshToken ?? '']);
    const refreshToken = r.refreshToken ?? previous;
    return {
      version: 1, accessToken: r.accessToken, expiresAt: sentAt + r.expiresIn * 1000, expiresIn: r.expiresIn, refreshToken,
      // Counted from receipt of each new refresh token: never earlier than the server's own expiry (one year).
      refreshTokenExpiresAt: grant === 'authorization_code' && refreshToken ? sentAt + 31_536_000_000 : null,
      grant, scope: r.scope,
    };
  }

  async function persist(t: StoredTokens): Promise<StoredTokens> {
    try {
      await store.save(t);
    } catch (err) {
      unsaved = t;
      throw new TokenError('store_failed', `Could not save the new tokens to the ${storeName}: kept in memory, saved again on the next call.${err instanceof TokenError ? ` ${err.message}` : ''}`);
    }
    unsaved = undefined;
    return (current = t);
  }

  const load = async (): Promise<StoredTokens | undefined> => (await store.load()) ?? undefined;

  /** Clears the store only if it still holds the refresh token that failed: a newer session written meanwhile stays. */
  async function clearIfUnchanged(refreshToken: string | undefined): Promise<void> {
    const now = await load();
    if (!now || now.refreshToken === refreshToken) await store.clear();
    current = undefined;
  }

  /** Resolves once no operation is in flight on the store (checked again after each wait). */
  async function settled(): Promise<void> {
    for (let p = inflight.get(store); p; p = inflight.get(store)) await p.catch(() => {});
  }

  /** Runs `task` as the one in-flight operation of the store (under the store's cross-process lock, if it has one);
   *  joiners share its result. */
  function exclusive(task: () => Promise<StoredTokens>): Promise<StoredTokens> {
    const running = inflight.get(store);
    if (running) return running;
    const p: Promise<StoredTokens> = (store.lock ? store.lock(task) : task()).finally(() => {
      if (inflight.get(store) === p) inflight.delete(store);
    });
    inflight.set(store, p);
    return p;
  }

  /** Makes a token available that is not `stale`: retry an unsaved save, adopt a newer stored token, or refresh. */
  async function obtain(stale: string | undefined): Promise<StoredTokens> {
    if (unsaved) await persist(unsaved);
    for (let adopted = false; ; ) {
      const t = await load();
      if (!t) {
        current = undefined;
        throw new ReauthRequiredError('not_signed_in', 'No stored tokens: sign in first (exchangeCode or signInWithPassword).');
      }
      if (usable(t, stale)) return (current = t);
      const rt = t.refreshToken;
      if (!rt || (t.refreshTokenExpiresAt !== null && t.refreshTokenExpiresAt <= clock())) {
        await clearIfUnchanged(rt);
        throw new ReauthRequiredError(
          rt ? 'refresh_token_expired' : 'invalid_grant',
          `${rt ? 'The refresh token has expired (one year after sign-in)' : 'The access token expired and there is no refresh token'}${SIGN_IN_AGAIN}`,
        );
      }
      let next: StoredTokens;
      try {
        next = await request({ grant_type: 'refresh_token', refresh_token: rt }, [rt, t.accessToken], t.grant, rt);
      } catch (err) {
        if ((err as TokenError).code !== 'invalid_grant') throw err;
        // Another process may have rotated the token since we read it: adopt its newer one once.
        const again = await load();
        if (!adopted && again && again.refreshToken !== rt) {
          adopted = true;
          stale = undefined;
          continue;
        }
        await clearIfUnchanged(rt);
        throw new ReauthRequiredError('invalid_grant', `The refresh token was rejected (expired, revoked or used); the stored tokens are cleared${SIGN_IN_AGAIN}`, err as TokenError);
      }
      return persist(next);
    }
  }

  const session: TokenSession = {
    async getAccessToken() {
      const t = current;
      return (!unsaved && t && usable(t) ? t : await exclusive(() => obtain(t?.accessToken))).accessToken;
    },

    async refreshAfterUnauthorized(rejected) {
      // Joining a refresh that started for another reason can still yield the rejected token once: go round again.
      for (let i = 0; i < 2; i++) {
        const t = current;
        if (t && !unsaved && t.accessToken !== rejected && clock() < t.expiresAt) return t.accessToken;
        const { accessToken } = await exclusive(() => obtain(rejected));
        if (accessToken !== rejected) return accessToken;
      }
      throw new TokenError('invalid_response', 'The token endpoint returned the rejected access token again.');
    },

    toJSON: () => ({ authUrl, store: storeName, basicAuth: encoding }),
    toString: () => `TokenClient(${authUrl})`,
  };

  internals.set(session, {
    authUrl,
    clientId,
    onWarning: options.onWarning,
    async signIn(grant, params, secrets) {
      // Wait for a running refresh, so it cannot overwrite the new session when it finishes.
      await settled();
      const t = await exclusive(async () => persist(await request(params, secrets, grant)));
      return { grant: t.grant, scope: t.scope, expiresAt: t.expiresAt, refreshTokenExpiresAt: t.refreshTokenExpiresAt };
    },
    async forget() {
      await settled();
      const stored = unsaved ?? (await load()) ?? current;
      current = unsaved = undefined;
      await store.clear();
      return stored;
    },
    post,
  });
  return session;
}
