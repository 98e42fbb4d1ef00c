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
import { tokenRequest, type TokenResponse } from './token-request.js';
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
  const { clientId, clientSecret } = options;
  for (const [v, name, env] of [[clientId, 'clientId', 'ID'], [clientSecret, 'clientSecret', 'SECRET']] as const) {
    if (!v) throw new TokenError('invalid_config', `${name} is missing: pass it or set DOCEX_CLIENT_${env}.`);
  }
  const store: TokenStore = options.store ?? new MemoryTokenStore();
  const clock = options.clock ?? Date.now;
  const encoding = options.basicAuth ?? 'raw';
  const authorization = basicAuthorization(clientId, clientSecret, encoding);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const storeName = (store as { constructor?: { name?: string } }).constructor?.name || 'TokenStore';
  const fetchFn = (input: string, init: RequestInit) => (options.fetch ?? globalThis.fetch)(input, init);

  let current: StoredTokens | undefined; // what this client last read or wrote
  let unsaved: StoredTokens | undefined; // received, but the store refused it: retried before anything else

  const usable = (t: StoredTokens, now: number) => now < t.expiresAt - refreshMarginMs(t.expiresIn);

  /** POST to {authUrl}/oauth2/{path} with client authentication (Basic) and a form body. */
  const post = (path: string, body: Record<string, string>, token?: boolean): Promise<Response> =>
    fetchFn(`${authUrl}/oauth2/${path}`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', ...(token && { accept: 'application/json' }) },
      body: new URLSearchParams(body).toString(),
      signal: AbortSignal.timeout(timeoutMs),
      ...(token && { redirect: 'error' }),
    });

  function request(params: Record<string, string>, extraSecrets: readonly string[]): Promise<TokenResponse> {
    const secrets = [clientSecret, ...extraSecrets, ...(current ? [current.accessToken, current.refreshToken ?? ''] : [])];
    return tokenRequest(() => post('token', params, true), `${authUrl}/oauth2/token`, timeoutMs, secrets);
  }

  function toStored(r: TokenResponse, sentAt: number, grant: SignInGrant, previousRefresh: string | undefined): StoredTokens {
    const refreshToken = r.refreshToken ?? previousRefresh; // RFC 6749 section 6: keep the old one only if none came back
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
      const detail = err instanceof TokenError ? ` ${err.message}` : '';
      throw new TokenError('store_failed', `Could not save the new tokens to the ${storeName}: kept in memory, saved again on the next call.${detail}`);
    }
    unsaved = undefined;
    return (current = t);
  }

  async function load(): Promise<StoredTokens | undefined> {
    return (await store.load()) ?? undefined;
  }

  /** Clears the store only if it still holds the refresh token that failed: a newer session written meanwhile stays. */
  async function clearIfUnchanged(refreshToken: string | undefined): Promise<void> {
    const now = await load();
    if (!now || now.refreshToken === refreshToken) await store.clear();
    current = undefined;
  }

  /** Resolves once no operation is in flight on the store (checked again after each wait). */
  async function settled(): Promise<void> {
    for (let p = inflight.get(store); p; p = inflight.get(store)) await p.catch(() => undefined);
  }

  /** Runs `task` as the one in-flight operation of the store (under the store's cross-process lock, if it has one);
   *  joiners share its result. */
  function exclusive(task: () => Promise<StoredTokens>): Promise<StoredTokens> {
    const running = inflight.get(store);
    if (running) return running;
    const p = (store.lock ? store.lock(task) : task()).finally(() => {
      if (inflight.get(store) === p) inflight.delete(store);
    });
    inflight.set(store, p);
    return p;
  }

  /** Makes a token available that is not `stale`: retry an unsaved save, adopt a newer stored token, or refresh. */
  async function obtain(stale: string | undefined): Promise<StoredTokens> {
    if (unsaved) await persist(unsaved);
    for (let attempt = 0; ; attempt++) {
      const stored = await load();
      const now = clock();
      if (!stored) {
        current = undefined;
        throw new ReauthRequiredError('not_signed_in', 'No stored tokens: sign in first (exchangeCode or signInWithPassword).');
      }
      if (stored.accessToken !== stale && usable(stored, now)) return (current = stored);
      if (!stored.refreshToken) {
        await clearIfUnchanged(undefined);
        throw new ReauthRequiredError('invalid_grant', `The access token expired and there is no refresh token${SIGN_IN_AGAIN}`);
      }
      if (stored.refreshTokenExpiresAt !== null && stored.refreshTokenExpiresAt <= now) {
        await clearIfUnchanged(stored.refreshToken);
        throw new ReauthRequiredError('refresh_token_expired', `The refresh token has expired (one year after sign-in)${SIGN_IN_AGAIN}`);
      }
      const sentAt = clock();
      let r: TokenResponse;
      try {
        r = await request({ grant_type: 'refresh_token', refresh_token: stored.refreshToken }, [stored.refreshToken, stored.accessToken]);
      } catch (err) {
        if (!(err instanceof TokenError) || err.code !== 'invalid_grant') throw err;
        // Another process may have rotated the token since we read it: adopt its newer one once.
        const again = await load();
        if (attempt === 0 && again && again.refreshToken !== stored.refreshToken) {
          stale = undefined;
          continue;
        }
        await clearIfUnchanged(stored.refreshToken);
        throw new ReauthRequiredError('invalid_grant', `The refresh token was rejected (expired, revoked or used); the stored tokens are cleared${SIGN_IN_AGAIN}`, { status: err.status, description: err.description });
      }
      return persist(toStored(r, sentAt, stored.grant, stored.refreshToken));
    }
  }

  const session: TokenSession = {
    async getAccessToken() {
      const t = current;
      if (t && !unsaved && usable(t, clock())) return t.accessToken;
      return (await exclusive(() => obtain(t?.accessToken))).accessToken;
    },

    async refreshAfterUnauthorized(rejected) {
      // Joining a refresh that started for another reason can still yield the rejected token once: go round again.
      for (let i = 0; i < 2; i++) {
        const t = current;
        if (t && !unsaved && t.accessToken !== rejected && clock() < t.expiresAt) return t.accessToken;
        const next = await exclusive(() => obtain(rejected));
        if (next.accessToken !== rejected) return next.accessToken;
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
      const t = await exclusive(async () => {
        const sentAt = clock();
        const r = await request(params, secrets);
        return persist(toStored(r, sentAt, grant, undefined));
      });
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
