// The sign-in grants and sign-out of a token session, as separate functions: a program that only calls APIs with a
// stored session does not ship them (createTokenClient binds them all as methods).
import { constantTimeEqual, randomString, s256Challenge } from './encoding.js';
import { readDocexEnv } from './env.js';
import { TokenError } from './errors.js';
import { inflight, sessionInternals, type SessionInternals, type SignInResult, type TokenSession } from './session.js';
import type { SignInGrant } from './store.js';
import { isLoopbackHost } from './url.js';
import { PASSWORD_GRANT_WARNING, warnOnce } from './warnings.js';

export interface AuthorizationRequest {
  /** The login page URL to send the user to. */
  url: string;
  /** Keep it (e.g. in the session) and pass it as expectedState to exchangeCode. */
  state: string;
  /** With pkce: keep it with the state and pass it to exchangeCode. */
  codeVerifier?: string | undefined;
}

export interface AuthorizationUrlOptions { redirectUri: string; state?: string | undefined; pkce?: boolean | undefined; scope?: string | undefined }
export interface ExchangeCodeOptions {
  code: string; redirectUri: string; state?: string | undefined; expectedState?: string | undefined; codeVerifier?: string | undefined;
}
export interface ExchangeCallbackOptions { callbackUrl: string; redirectUri: string; expectedState: string; codeVerifier?: string | undefined }

/** Resolves once no operation is in flight on the store (checked again after each wait). */
async function settled(s: SessionInternals): Promise<void> {
  for (let p = inflight.get(s.store); p; p = inflight.get(s.store)) await p.catch(() => {});
}

/** A token request of a grant, saved as the session's tokens. */
async function signIn(s: SessionInternals, grant: SignInGrant, params: Record<string, string>, secrets: string[]): Promise<SignInResult> {
  // Wait for a running refresh, so it cannot overwrite the new session when it finishes.
  await settled(s);
  const t = await s.exclusive(async () => s.persist(await s.request(params, secrets, grant)));
  return { grant: t.grant, scope: t.scope, expiresAt: t.expiresAt, refreshTokenExpiresAt: t.refreshTokenExpiresAt };
}

const STATE_MISMATCH = 'The state of the login redirect does not match the one sent: the response may be forged (CSRF); start the sign-in again.';

/** @deprecated The password grant is deprecated after 1 June 2025: use authorizationUrl + exchangeCode.
 *  Warns once per process, except against a loopback authUrl (the sandbox). Without credentials, reads
 *  DOCEX_USERNAME and DOCEX_PASSWORD. */
export async function signInWithPassword(session: TokenSession, credentials?: { username: string; password: string }): Promise<SignInResult> {
  const s = sessionInternals(session);
  // The deprecation is the real service's: a token service on this machine (the sandbox) is not warned about.
  if (!isLoopbackHost(new URL(s.authUrl).hostname)) warnOnce(PASSWORD_GRANT_WARNING, s.onWarning);
  const env = credentials ? undefined : readDocexEnv();
  const username = credentials?.username ?? env?.username;
  const password = credentials?.password ?? env?.password;
  if (!username || !password) {
    throw new TokenError('invalid_config', 'username and password are missing: pass them or set DOCEX_USERNAME and DOCEX_PASSWORD.');
  }
  return signIn(s, 'password', { grant_type: 'password', username, password }, [password]);
}

/** Builds the login page URL (response_type=code, client_id, redirect_uri, state; PKCE S256 when pkce is true). */
export async function authorizationUrl(session: TokenSession, { redirectUri, state, pkce, scope }: AuthorizationUrlOptions): Promise<AuthorizationRequest> {
  const s = sessionInternals(session);
  const chosenState = state ?? randomString(32);
  const url = new URL(`${s.authUrl}/oauth2/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', s.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', chosenState);
  if (scope !== undefined) url.searchParams.set('scope', scope);
  if (!pkce) return { url: url.toString(), state: chosenState };
  const codeVerifier = randomString(32);
  url.searchParams.set('code_challenge', await s256Challenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.toString(), state: chosenState, codeVerifier };
}

/** Exchanges the code of the login redirect. Rejects a state mismatch before any request. */
export async function exchangeCode(session: TokenSession, { code, redirectUri, state, expectedState, codeVerifier }: ExchangeCodeOptions): Promise<SignInResult> {
  const s = sessionInternals(session);
  if ((state !== undefined || expectedState !== undefined) && !(state !== undefined && expectedState !== undefined && constantTimeEqual(state, expectedState))) {
    throw new TokenError('state_mismatch', STATE_MISMATCH);
  }
  if (!code) throw new TokenError('invalid_request', 'The login redirect carried no code.');
  const params: Record<string, string> = { grant_type: 'authorization_code', code, redirect_uri: redirectUri };
  if (codeVerifier !== undefined) params['code_verifier'] = codeVerifier;
  return signIn(s, 'authorization_code', params, [code, codeVerifier ?? '']);
}

/** exchangeCode for the URL the login page redirected to: reads code and state from it, and turns an `error` in it
 *  (e.g. access_denied) into a TokenError with that code. */
export async function exchangeCallback(session: TokenSession, { callbackUrl, redirectUri, expectedState, codeVerifier }: ExchangeCallbackOptions): Promise<SignInResult> {
  const q = new URL(callbackUrl).searchParams;
  const state = q.get('state') ?? undefined;
  const error = q.get('error');
  if (error !== null) {
    // Only after the state check would an error be trusted; a forged one is reported as a mismatch.
    if (state === undefined || !constantTimeEqual(state, expectedState)) throw new TokenError('state_mismatch', STATE_MISMATCH);
    const code = /^[\x20-\x7e]{1,64}$/.test(error) ? error : 'invalid_response';
    const description = q.get('error_description') ?? undefined;
    throw new TokenError(code, `The login page answered ${code}${description ? `: ${description.slice(0, 300)}` : ''}.`, { description });
  }
  return exchangeCode(session, { code: q.get('code') ?? '', redirectUri, state, expectedState, codeVerifier });
}

/** Forgets the stored tokens; with revoke, also asks {authUrl}/oauth2/revoke (RFC 7009) to revoke them first. */
export async function signOut(session: TokenSession, options?: { revoke?: boolean | undefined }): Promise<void> {
  const s = sessionInternals(session);
  // After any operation in flight: the tokens not yet saved, else the stored ones, else the last in memory.
  await settled(s);
  const [unsaved, current] = s.drop();
  const stored = unsaved ?? (await s.store.load()) ?? current;
  await s.store.clear();
  if (!options?.revoke || !stored) return;
  for (const [token, hint] of [[stored.refreshToken, 'refresh_token'], [stored.accessToken, 'access_token']] as const) {
    if (!token) continue;
    let res: Response;
    try {
      res = await s.post('revoke', { token, token_type_hint: hint });
    } catch {
      throw new TokenError('network_error', `Revocation request to ${s.authUrl}/oauth2/revoke failed; the local tokens are cleared.`);
    }
    if (!res.ok) throw new TokenError('invalid_response', `Revocation answered HTTP ${res.status}; the local tokens are cleared.`, { status: res.status });
  }
}
