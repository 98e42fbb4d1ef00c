// The token client: a token session (session.ts) with the sign-in grants (sign-in.ts) as methods. Programs that
// only call APIs with a stored session can use createTokenSession and leave the grants out of their bundle.
import { readDocexEnv } from './env.js';
import { TokenError } from './errors.js';
import { createTokenSession, type SignInResult, type TokenClientOptions, type TokenSession } from './session.js';
import {
  authorizationUrl, exchangeCallback, exchangeCode, signInWithPassword, signOut,
  type AuthorizationRequest, type AuthorizationUrlOptions, type ExchangeCallbackOptions, type ExchangeCodeOptions,
} from './sign-in.js';

export { refreshMarginMs } from './session.js';
export type { AuthorizationRequest, SignInResult, TokenClientOptions };

export interface TokenClient extends TokenSession {
  /** @deprecated The password grant is deprecated after 1 June 2025: use authorizationUrl + exchangeCode.
   *  Without arguments, reads DOCEX_USERNAME and DOCEX_PASSWORD. */
  signInWithPassword(credentials?: { username: string; password: string }): Promise<SignInResult>;
  /** Builds the login page URL (response_type=code, client_id, redirect_uri, state; PKCE S256 when pkce is true). */
  authorizationUrl(options: AuthorizationUrlOptions): Promise<AuthorizationRequest>;
  /** Exchanges the code of the login redirect. Rejects a state mismatch before any request. */
  exchangeCode(options: ExchangeCodeOptions): Promise<SignInResult>;
  /** exchangeCode for the URL the login page redirected to: reads code and state from it, and turns an
   *  `error` in it (e.g. access_denied) into a TokenError with that code. */
  exchangeCallback(options: ExchangeCallbackOptions): Promise<SignInResult>;
  /** Forgets the stored tokens; with revoke, also asks {authUrl}/oauth2/revoke (RFC 7009) to revoke them first. */
  signOut(options?: { revoke?: boolean | undefined }): Promise<void>;
}

export function createTokenClient(options: TokenClientOptions): TokenClient {
  const session = createTokenSession(options);
  // The grants are attached to the session object itself, so the functions of sign-in.ts accept the client too.
  return Object.assign(session, {
    signInWithPassword: (credentials?: { username: string; password: string }) => signInWithPassword(session, credentials),
    authorizationUrl: (o: AuthorizationUrlOptions) => authorizationUrl(session, o),
    exchangeCode: (o: ExchangeCodeOptions) => exchangeCode(session, o),
    exchangeCallback: (o: ExchangeCallbackOptions) => exchangeCallback(session, o),
    signOut: (o?: { revoke?: boolean | undefined }) => signOut(session, o),
  });
}

/** createTokenClient with authUrl and client credentials defaulting to DOCEX_AUTH_URL, DOCEX_CLIENT_ID and
 *  DOCEX_CLIENT_SECRET. Safe to import in browsers (where there is no environment). */
export function tokenClientFromEnv(options: Partial<TokenClientOptions> = {}): TokenClient {
  const env = readDocexEnv();
  const authUrl = options.authUrl ?? env.authUrl;
  if (!authUrl) throw new TokenError('invalid_config', 'authUrl is missing: pass it or set DOCEX_AUTH_URL.');
  return createTokenClient({ ...options, authUrl, clientId: options.clientId ?? env.clientId ?? '', clientSecret: options.clientSecret ?? env.clientSecret ?? '' });
}
