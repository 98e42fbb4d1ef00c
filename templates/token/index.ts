// The token client (browser-safe: no Node-only API; FileTokenStore lives in ./node.js).
// createTokenClient has every grant as a method; createTokenSession plus the sign-in functions tree-shake.
export { createTokenClient, tokenClientFromEnv } from './client.js';
export type { TokenClient } from './client.js';
export { createTokenSession, refreshMarginMs } from './session.js';
export type { TokenSession, TokenClientOptions, SignInResult } from './session.js';
export { signInWithPassword, authorizationUrl, exchangeCode, exchangeCallback, signOut } from './sign-in.js';
export type { AuthorizationRequest, AuthorizationUrlOptions, ExchangeCodeOptions, ExchangeCallbackOptions } from './sign-in.js';
export { MemoryTokenStore, isStoredTokens } from './store.js';
export type { TokenStore, StoredTokens, SignInGrant } from './store.js';
export { TokenError, ReauthRequiredError } from './errors.js';
export type { TokenErrorCode, TokenErrorDetails } from './errors.js';
export type { BasicAuthEncoding } from './basic-auth.js';
export type { TokenWarning, WarningHandler } from './warnings.js';
export { readDocexEnv } from './env.js';
export type { DocexEnv } from './env.js';
export { checkServiceUrl, isLoopbackHost } from './url.js';
