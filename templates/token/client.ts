// The OAuth 2.0 token client: sign-in grants, lazy refresh with single-use rotating refresh tokens.
//
// Rules it keeps (see the reference notes on rotating refresh tokens):
// - One refresh at a time per store, shared by every concurrent caller (and every client of this module using the
//   same store object); before refreshing it re-reads the store and adopts a newer token written by someone else.
// - A rotated refresh token is saved to the store before the new access token is handed out. If saving fails, the
//   new tokens stay in memory, the call fails with 'store_failed', and the next call retries the save first.
// - No timers: refreshing happens inside getAccessToken(), a margin of 10% of expires_in (1..60 s) before expiry.
// - Secrets live only in this closure: never in properties, messages, toString() or JSON.stringify().
import { basicAuthorization, type BasicAuthEncoding } from './basic-auth.js';
import { constantTimeEqual, randomString, s256Challenge } from './encoding.js';
import { readDocexEnv } from './env.js';
import { ReauthRequiredError, TokenError } from './errors.js';
import { MemoryTokenStore, type SignInGrant, type StoredTokens, type TokenStore } from './store.js';
import { tokenRequest, type TokenRequestContext, type TokenResponse } from './token-request.js';
import { checkServiceUrl } from './url.js';
import { PASSWORD_GRANT_WARNING, warnOnce, type WarningHandler } from './warnings.js';

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

export interface AuthorizationRequest {
  /** The login page URL to send the user to. */
  url: string;
  /** Keep it (e.g. in the session) and pass it as expectedState to exchangeCode. */
  state: string;
  /** With pkce: keep it with the state and pass it to exchangeCode. */
  codeVerifier?: string | undefined;
}

export interface TokenClient {
  /** @deprecated The password grant is deprecated after 1 June 2025: use authorizationUrl + exchangeCode.
   *  Without arguments, reads DOCEX_USERNAME and DOCEX_PASSWORD. */
  signInWithPassword(credentials?: { username: string; password: string }): Promise<SignInResult>;
  /** Builds the login page URL (response_type=code, client_id, redirect_uri, state; PKCE S256 when pkce is true). */
  authorizationUrl(options: { redirectUri: string; state?: string | undefined; pkce?: boolean | undefined; scope?: string | undefined }): Promise<AuthorizationRequest>;
  /** Exchanges the code of the login redirect. Rejects a state mismatch before any request. */
  exchangeCode(options: {
    code: string; redirectUri: string; state?: string | undefined; expectedState?: string | undefined; codeVerifier?: string | undefined;
  }): Promise<SignInResult>;
  /** exchangeCode for the URL the login page redirected to: reads code and state from it, and turns an
   *  `error` in it (e.g. access_denied) into a TokenError with that code. */
  exchangeCallback(options: { callbackUrl: string; redirectUri: string; expectedState: string; codeVerifier?: string | undefined }): Promise<SignInResult>;
  /** A valid access token, refreshing lazily ahead of expiry; concurrent callers share one refresh. */
  getAccessToken(): Promise<string>;
  /** After a 401 with `rejected`: a newer token if the store has one, else a refreshed one. Throws ReauthRequiredError
   *  when the session cannot be refreshed. */
  refreshAfterUnauthorized(rejected: string): Promise<string>;
  /** Forgets the stored tokens; with revoke, also asks {authUrl}/oauth2/revoke (RFC 7009) to revoke them first. */
  signOut(options?: { revoke?: boolean | undefined }): Promise<void>;
  toJSON(): { authUrl: string; store: string; basicAuth: BasicAuthEncoding };
  toString(): string;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;

/** Refresh this long before expiry: 10% of expires_in, between 1 and 60 seconds. */
export function refreshMarginMs(expiresInSeconds: number): number {
  return Math.min(60, Math.max(1, expiresInSeconds * 0.1)) * 1000;
}

/** One in-flight refresh (or sign-in) per store object, shared by every client in this module instance. */
const inflight = new WeakMap<TokenStore, Promise<StoredTokens>>();

export function createTokenClient(options: TokenClientOptions): TokenClient {
  const authUrl = checkServiceUrl(options.authUrl, 'authUrl');
  const { clientId, clientSecret } = options;
  if (!clientId) throw new TokenError('invalid_config', 'clientId is missing: pass it or set DOCEX_CLIENT_ID.');
  if (!clientSecret) throw new TokenError('invalid_config', 'clientSecret is missing: pass it or set DOCEX_CLIENT_SECRET.');
  const store: TokenStore = options.store ?? new MemoryTokenStore();
  const clock = options.clock ?? Date.now;
  const encoding = options.basicAuth ?? 'raw';
  const authorization = basicAuthorization(clientId, clientSecret, encoding);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const storeName = (store as { constructor?: { name?: string } }).constructor?.name || 'TokenStore';

  let current: StoredTokens | undefined; // what this client last read or wrote
  let unsaved: StoredTokens | undefined; // received, but the store refused it: retried before anything else

  const usable = (t: StoredTokens, now: number) => now < t.expiresAt - refreshMarginMs(t.expiresIn);

  function request(params: Record<string, string>, extraSecrets: readonly string[]): Promise<TokenResponse> {
    const ctx: TokenRequestContext = {
      endpoint: `${authUrl}/oauth2/token`, authorization, timeoutMs, fetch: options.fetch ?? globalThis.fetch,
      secrets: [clientSecret, ...extraSecrets, ...(current ? [current.accessToken, current.refreshToken ?? ''] : [])],
    };
    return tokenRequest(ctx, params);
  }

  function toStored(r: TokenResponse, sentAt: number, grant: SignInGrant, previousRefresh: string | undefined): StoredTokens {
    const refreshToken = r.refreshToken ?? previousRefresh; // RFC 6749 section 6: keep the old one only if none came back
    return {
      version: 1, accessToken: r.accessToken, expiresAt: sentAt + r.expiresIn * 1000, expiresIn: r.expiresIn, refreshToken,
      // Counted from receipt of each new refresh token: never earlier than the server's own expiry.
      refreshTokenExpiresAt: grant === 'authorization_code' && refreshToken ? sentAt + YEAR_MS : null,
      grant, scope: r.scope,
    };
  }

  async function persist(t: StoredTokens): Promise<StoredTokens> {
    try {
      await store.save(t);
    } catch (err) {
      unsaved = t;
      const detail = err instanceof TokenError ? ` ${err.message}` : '';
      throw new TokenError('store_failed', `Could not save the new tokens to the ${storeName}; they are kept in memory and the save is retried on the next call.${detail}`);
    }
    unsaved = undefined;
    current = t;
    return t;
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
        throw new ReauthRequiredError('not_signed_in', 'No stored tokens: sign in first (authorizationUrl + exchangeCode, or signInWithPassword).');
      }
      if (stored.accessToken !== stale && usable(stored, now)) return (current = stored);
      if (!stored.refreshToken) {
        await clearIfUnchanged(undefined);
        throw new ReauthRequiredError('invalid_grant', 'The access token expired and there is no refresh token: the user must sign in again.');
      }
      if (stored.refreshTokenExpiresAt !== null && stored.refreshTokenExpiresAt <= now) {
        await clearIfUnchanged(stored.refreshToken);
        throw new ReauthRequiredError('refresh_token_expired', 'The refresh token has expired (one year after sign-in): the user must sign in again.');
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
        throw new ReauthRequiredError('invalid_grant', 'The refresh token was rejected (invalid_grant: expired, revoked or already used); the stored tokens are cleared and the user must sign in again.', { status: err.status, description: err.description });
      }
      return persist(toStored(r, sentAt, stored.grant, stored.refreshToken));
    }
  }

  async function signIn(grant: SignInGrant, params: Record<string, string>, secrets: string[]): Promise<SignInResult> {
    // Wait for a running refresh, so it cannot overwrite the new session when it finishes.
    await settled();
    const t = await exclusive(async () => {
      const sentAt = clock();
      const r = await request(params, secrets);
      return persist(toStored(r, sentAt, grant, undefined));
    });
    return { grant: t.grant, scope: t.scope, expiresAt: t.expiresAt, refreshTokenExpiresAt: t.refreshTokenExpiresAt };
  }

  const client: TokenClient = {
    async signInWithPassword(credentials) {
      warnOnce(PASSWORD_GRANT_WARNING, options.onWarning);
      const env = credentials ? undefined : readDocexEnv();
      const username = credentials?.username ?? env?.username;
      const password = credentials?.password ?? env?.password;
      if (!username || !password) {
        throw new TokenError('invalid_config', 'username and password are missing: pass them or set DOCEX_USERNAME and DOCEX_PASSWORD.');
      }
      return signIn('password', { grant_type: 'password', username, password }, [password]);
    },

    async authorizationUrl({ redirectUri, state, pkce, scope }) {
      const chosenState = state ?? randomString(32);
      const url = new URL(`${authUrl}/oauth2/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', chosenState);
      if (scope !== undefined) url.searchParams.set('scope', scope);
      if (!pkce) return { url: url.toString(), state: chosenState };
      const codeVerifier = randomString(32);
      url.searchParams.set('code_challenge', await s256Challenge(codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return { url: url.toString(), state: chosenState, codeVerifier };
    },

    async exchangeCode({ code, redirectUri, state, expectedState, codeVerifier }) {
      if ((state !== undefined || expectedState !== undefined) && !(state !== undefined && expectedState !== undefined && constantTimeEqual(state, expectedState))) {
        throw new TokenError('state_mismatch', 'The state of the login redirect does not match the one sent: the response may be forged (CSRF); start the sign-in again.');
      }
      if (!code) throw new TokenError('invalid_request', 'The login redirect carried no code.');
      const params: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
      if (codeVerifier !== undefined) params['code_verifier'] = codeVerifier;
      return signIn('authorization_code', params, [code, codeVerifier ?? '']);
    },

    async exchangeCallback({ callbackUrl, redirectUri, expectedState, codeVerifier }) {
      const q = new URL(callbackUrl).searchParams;
      const state = q.get('state') ?? undefined;
      const error = q.get('error');
      if (error !== null) {
        // Only after the state check would an error be trusted; a forged one is reported as a mismatch.
        if (state === undefined || !constantTimeEqual(state, expectedState)) {
          throw new TokenError('state_mismatch', 'The state of the login redirect does not match the one sent: the response may be forged (CSRF); start the sign-in again.');
        }
        const code = /^[\x20-\x7e]{1,64}$/.test(error) ? error : 'invalid_response';
        const description = q.get('error_description') ?? undefined;
        throw new TokenError(code, `The login page answered ${code}${description ? `: ${description.slice(0, 300)}` : ''}.`, { description });
      }
      return client.exchangeCode({ code: q.get('code') ?? '', redirectUri, state, expectedState, codeVerifier });
    },

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
      throw new TokenError('invalid_response', 'The token endpoint returned the access token that was just rejected.');
    },

    async signOut(opts) {
      await settled();
      const stored = unsaved ?? (await load()) ?? current;
      current = unsaved = undefined;
      await store.clear();
      if (!opts?.revoke || !stored) return;
      const fetchFn = options.fetch ?? globalThis.fetch;
      for (const [token, hint] of [[stored.refreshToken, 'refresh_token'], [stored.accessToken, 'access_token']] as const) {
        if (!token) continue;
        let res: Response;
        try {
          res = await fetchFn(`${authUrl}/oauth2/revoke`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ token, token_type_hint: hint }).toString(),
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch {
          throw new TokenError('network_error', `Revocation request to ${authUrl}/oauth2/revoke failed; the local tokens are cleared.`);
        }
        if (!res.ok) throw new TokenError('invalid_response', `Revocation answered HTTP ${res.status}; the local tokens are cleared.`, { status: res.status });
      }
    },

    toJSON: () => ({ authUrl, store: storeName, basicAuth: encoding }),
    toString: () => `TokenClient(${authUrl})`,
  };
  return client;
}

/** createTokenClient with authUrl and client credentials defaulting to DOCEX_AUTH_URL, DOCEX_CLIENT_ID and
 *  DOCEX_CLIENT_SECRET. Safe to import in browsers (where there is no environment). */
export function tokenClientFromEnv(options: Partial<TokenClientOptions> = {}): TokenClient {
  const env = readDocexEnv();
  const authUrl = options.authUrl ?? env.authUrl;
  if (!authUrl) throw new TokenError('invalid_config', 'authUrl is missing: pass it or set DOCEX_AUTH_URL.');
  return createTokenClient({ ...options, authUrl, clientId: options.clientId ?? env.clientId ?? '', clientSecret: options.clientSecret ?? env.clientSecret ?? '' });
}
