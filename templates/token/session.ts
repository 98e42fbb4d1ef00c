// The token session: lazy refresh of single-use rotating refresh tokens over a TokenStore. The sign-in grants and
// sign-out are separate functions (sign-in.ts) so that a program that only calls APIs does not ship them.
//
// Rules it keeps (see the reference notes on rotating refresh tokens):
// - One refresh at a time per store, shared by every concurrent caller (and every client of this module using the
//   same store object); before refreshing it re-reads the store and adopts a newer token written by someone else.
// - A rotated refresh token is saved to the store before the new access token is handed out. If saving fails, the
//   new tokens stay in memory, the call fails with 'store_failed', and the next call retries the save first.
// - No timers: refreshing happens inside getAccessToken(), a margin of 10% of expires_in (1..60 s) before expiry.
// - Secrets live only in closures: never in the session's properties, messages, toString() or JSON.stringify().
// - Nothing retries a token request: a refresh token is single-use, so re-sending a refresh after a lost answer
//   would only burn it. Errors carry the code, status and the server's description with known secrets masked.
import { basicAuthorization, type BasicAuthEncoding } from './basic-auth.js';
import { ReauthRequiredError, TokenError } from './errors.js';
import { MemoryTokenStore, type SignInGrant, type StoredTokens, type TokenStore } from './store.js';
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

/** What the sign-in functions need of a session; kept off its properties (the secrets stay in closures). The
 *  sign-in and sign-out logic itself lives in sign-in.ts, so that it tree-shakes with them. */
export interface SessionInternals {
  authUrl: string;
  clientId: string;
  onWarning: WarningHandler | undefined;
  store: TokenStore;
  /** A token request answered with usable tokens, in the stored form, not yet saved. */
  request(params: Record<string, string>, secrets: string[], grant: SignInGrant): Promise<StoredTokens>;
  /** Saves tokens (keeping them in memory if the store fails) and makes them the session's current ones. */
  persist(tokens: StoredTokens): Promise<StoredTokens>;
  /** Runs a task as the one in-flight operation of the store. */
  exclusive(task: () => Promise<StoredTokens>): Promise<StoredTokens>;
  /** Forgets the tokens held in memory and returns them: [unsaved, current]. */
  drop(): [StoredTokens | undefined, StoredTokens | undefined];
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
export const inflight = new WeakMap<TokenStore, Promise<StoredTokens>>();

const SIGN_IN_AGAIN = ': sign in again.';

type Answer = Record<string, unknown>;

/** The first field of a success answer that cannot be used (refresh_token may be absent, not empty), or ''. */
function unusableField(answer: Answer, expiresIn: number): string {
  const { access_token: accessToken, refresh_token: refreshToken } = answer;
  return typeof accessToken !== 'string' || !accessToken ? 'access_token'
    : !/^bearer$/i.test(answer['token_type'] as string) ? 'token_type'
    : !(expiresIn > 0 && expiresIn < Infinity) ? 'expires_in'
    : refreshToken !== undefined && (typeof refreshToken !== 'string' || !refreshToken) ? 'refresh_token'
    : '';
}

/** The error of a token answer: an error answer, or a success answer whose field `bad` cannot be used. The server's
 *  description is kept with the `masked` secrets hidden. */
function answerError({ status, ok }: Response, answer: Answer, bad: string, masked: (string | undefined)[]): TokenError {
  const { error, error_description: text } = answer;
  // The server's error code if it is a plain token; a success answer is only ever unusable (bad).
  const code = !ok && typeof error === 'string' && /^[\x20-\x7e]{1,64}$/.test(error) ? error : status > 499 ? 'server_error' : 'invalid_response';
  let description: string | undefined;
  if (!bad && typeof text === 'string') {
    description = text;
    for (const s of masked) if (s && s.length > 3) description = description.replaceAll(s, '[redacted]');
    if (description.length > 300) description = `${description.slice(0, 300)}...`;
  }
  const detail = bad ? `: no valid ${bad}` : description ? `: ${description}` : '';
  return new TokenError(code, `Token endpoint answered HTTP ${status} ${code}${detail}.${code === 'invalid_client' ? ' Check the client id and secret.' : ''}`, { status, description });
}

/** A usable token answer in the stored form. `previous`: the tokens a refresh renews. */
function storedTokens(answer: Answer, at: { sentAt: number; expiresIn: number; grant: SignInGrant; previous: StoredTokens | undefined }): StoredTokens {
  // No refresh_token in a refresh answer: the used one is not kept (refresh tokens are single use), RFC 6749 section 6's
  // "keep the old one" notwithstanding; the next refresh then asks for a new sign-in.
  const { access_token: accessToken, refresh_token: refreshToken, scope } = answer;
  const { sentAt, expiresIn, grant, previous } = at;
  return {
    version: 1, accessToken: accessToken as string, expiresAt: sentAt + expiresIn * 1000, expiresIn, refreshToken: refreshToken as string | undefined,
    // One year from sign-in: a refresh does not extend it. Counted from
    // when the sign-in request was sent, so never later than the server's own expiry.
    refreshTokenExpiresAt: grant === 'authorization_code' && refreshToken ? (previous ? previous.refreshTokenExpiresAt : sentAt + 31_536_000_000) : null,
    grant, scope: typeof scope === 'string' ? scope : undefined,
  };
}

/** Runs `task` as the one in-flight operation of `store` (under the store's cross-process lock, if it has one);
 *  joiners share its result. */
function exclusive(store: TokenStore, task: () => Promise<StoredTokens>): Promise<StoredTokens> {
  const running = inflight.get(store);
  if (running) return running;
  const p: Promise<StoredTokens> = (store.lock ? store.lock(task) : task()).finally(() => {
    if (inflight.get(store) === p) inflight.delete(store);
  });
  inflight.set(store, p);
  return p;
}

/** The options checked, with their defaults. */
function sessionSettings(options: TokenClientOptions) {
  const authUrl = checkServiceUrl(options.authUrl, 'authUrl');
  const { clientId, clientSecret, store = new MemoryTokenStore() as TokenStore, clock = Date.now, basicAuth = 'raw', timeoutMs = 30_000 } = options;
  for (const [v, name] of [[clientId, 'Id'], [clientSecret, 'Secret']]) {
    if (!v) throw new TokenError('invalid_config', `client${name} is missing: pass it or set DOCEX_CLIENT_${name!.toUpperCase()}.`);
  }
  return { authUrl, clientId, clientSecret, store, clock, basicAuth, timeoutMs };
}

/** The tokens a session holds in memory, kept in its closures only (never on the session's properties). */
interface Held {
  /** What this client last read or wrote. */
  current?: StoredTokens | undefined;
  /** Received, but the store refused it: retried before anything else. */
  unsaved?: StoredTokens | undefined;
}

/** What a session's steps share: its store and clock, the tokens it holds, and its token request. */
interface Core {
  store: TokenStore;
  storeName: string;
  clock: () => number;
  held: Held;
  request(params: Record<string, string>, secrets: string[], grant: SignInGrant, previous?: StoredTokens): Promise<StoredTokens>;
}

const usable = (core: Core, t: StoredTokens | undefined, not?: string): boolean =>
  !!t && t.accessToken !== not && core.clock() < t.expiresAt - refreshMarginMs(t.expiresIn);

/** Saves tokens (keeping them in memory if the store fails) and makes them the session's current ones. */
async function persist(core: Core, t: StoredTokens): Promise<StoredTokens> {
  try {
    await core.store.save(t);
  } catch (err) {
    core.held.unsaved = t;
    // A TokenError of the store (e.g. FileTokenStore naming its file) says what to fix; other errors are not shown.
    throw new TokenError('store_failed', `Saving tokens to the ${core.storeName} failed; kept in memory, retried on the next call.${err instanceof TokenError ? ` ${err.message}` : ''}`);
  }
  core.held.unsaved = undefined;
  return (core.held.current = t);
}

/** Clears the store only if it still holds the refresh token that failed (a newer session written meanwhile stays),
 *  then throws ReauthRequiredError. */
async function reauth(core: Core, refreshToken: string | undefined, code: string, why: string, details?: TokenError): Promise<never> {
  const now = await core.store.load();
  if (!now || now.refreshToken === refreshToken) await core.store.clear();
  core.held.current = undefined;
  throw new ReauthRequiredError(code, why + SIGN_IN_AGAIN, details);
}

/** Makes a token available that is not `stale`: retry an unsaved save, adopt a newer stored token, or refresh. */
async function obtain(core: Core, stale: string | undefined, adopted?: boolean): Promise<StoredTokens> {
  if (core.held.unsaved) await persist(core, core.held.unsaved);
  const t = await core.store.load();
  if (!t) {
    core.held.current = undefined;
    throw new ReauthRequiredError('not_signed_in', 'No stored tokens: sign in first.');
  }
  if (usable(core, t, stale)) return (core.held.current = t);
  const rt = t.refreshToken;
  if (!rt) return reauth(core, rt, 'invalid_grant', 'Access token expired and no refresh token is kept (the sign-in or the last refresh returned none, and a used one is single-use)');
  if (t.refreshTokenExpiresAt !== null && t.refreshTokenExpiresAt <= core.clock()) return reauth(core, rt, 'refresh_token_expired', 'Refresh token expired (one year after sign-in)');
  try {
    return persist(core, await core.request({ grant_type: 'refresh_token', refresh_token: rt }, [rt, t.accessToken], t.grant, t));
  } catch (err) {
    if ((err as TokenError).code !== 'invalid_grant') throw err;
    // Another process may have rotated the token since we read it: adopt its newer one, once.
    const again = await core.store.load();
    if (!adopted && again && again.refreshToken !== rt) return obtain(core, undefined, true);
    return reauth(core, rt, 'invalid_grant', 'Refresh token rejected (expired, revoked or used); stored tokens cleared', err as TokenError);
  }
}

/** The session's two token methods over its core. */
function tokenMethods(core: Core): Pick<TokenSession, 'getAccessToken' | 'refreshAfterUnauthorized'> {
  const { held, store } = core;
  return {
    async getAccessToken() {
      const t = held.current;
      return (!held.unsaved && usable(core, t) ? t! : await exclusive(store, () => obtain(core, t?.accessToken))).accessToken;
    },
    async refreshAfterUnauthorized(rejected) {
      // Joining a refresh that started for another reason can still yield the rejected token once: go round again.
      for (let i = 0; i < 2; i++) {
        const t = held.current;
        if (t && !held.unsaved && t.accessToken !== rejected && core.clock() < t.expiresAt) return t.accessToken;
        const { accessToken } = await exclusive(store, () => obtain(core, rejected));
        if (accessToken !== rejected) return accessToken;
      }
      throw new TokenError('invalid_response', 'Token endpoint re-issued the rejected access token.');
    },
  };
}

export function createTokenSession(options: TokenClientOptions): TokenSession {
  const { authUrl, clientId, clientSecret, store, clock, basicAuth, timeoutMs } = sessionSettings(options);
  const authorization = basicAuthorization(clientId, clientSecret, basicAuth);
  const storeName = (store as { constructor?: { name?: string } }).constructor?.name || 'TokenStore';
  const endpoint = `${authUrl}/oauth2/`;
  const held: Held = {};

  /** POST to {authUrl}/oauth2/{path} (token or revoke) with client authentication (Basic) and a form body. */
  const post = (path: string, body: Record<string, string>): Promise<Response> =>
    (options.fetch ?? fetch)(endpoint + path, {
      method: 'POST',
      headers: { authorization, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: `${new URLSearchParams(body)}`,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });

  /** A token request; the answer becomes the stored form, not yet saved. `secrets` are masked if the server echoes
   *  them in error_description. `previous`: the tokens a refresh renews. */
  async function request(params: Record<string, string>, secrets: string[], grant: SignInGrant, previous?: StoredTokens): Promise<StoredTokens> {
    const sentAt = clock();
    let res: Response;
    try {
      res = await post('token', params);
    } catch (err) {
      const why = (err as Error)?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'no response';
      throw new TokenError('network_error', `Token request to ${endpoint}token failed (${why}); stored tokens unchanged, try again.`);
    }
    // Any JSON value (or none) as an object, so that absent fields read as undefined.
    const answer = Object(await res.json().catch(() => {})) as Answer;
    // expires_in is RECOMMENDED: without it, the access token lifetime the spec documents (300 s).
    const expiresIn = Number(answer['expires_in'] ?? 300);
    const bad = res.ok ? unusableField(answer, expiresIn) : '';
    // The client authentication is masked as sent too (a service may echo its header), base64 and all.
    if (!res.ok || bad) throw answerError(res, answer, bad, [clientSecret, authorization.slice(6), ...secrets, held.current?.accessToken, held.current?.refreshToken]);
    return storedTokens(answer, { sentAt, expiresIn, grant, previous });
  }

  const core: Core = { store, storeName, clock, held, request };
  const session: TokenSession = {
    ...tokenMethods(core),
    toJSON: () => ({ authUrl, store: storeName, basicAuth }),
    toString: () => `TokenClient(${authUrl})`,
  };
  internals.set(session, {
    authUrl,
    clientId,
    onWarning: options.onWarning,
    store,
    request,
    persist: (t) => persist(core, t),
    exclusive: (task) => exclusive(store, task),
    drop() {
      const t: [StoredTokens | undefined, StoredTokens | undefined] = [held.unsaved, held.current];
      held.current = held.unsaved = undefined;
      return t;
    },
    post,
  });
  return session;
}
