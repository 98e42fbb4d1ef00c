// docex token client (browser-safe: no Node-only API; FileTokenStore lives in ./node.js).
export { createTokenClient, tokenClientFromEnv, refreshMarginMs } from './client.js';
export type { TokenClient, TokenClientOptions, SignInResult, AuthorizationRequest } from './client.js';
export { MemoryTokenStore, isStoredTokens } from './store.js';
export type { TokenStore, StoredTokens, SignInGrant } from './store.js';
export { TokenError, ReauthRequiredError } from './errors.js';
export type { TokenErrorCode, TokenErrorDetails } from './errors.js';
export type { BasicAuthEncoding } from './basic-auth.js';
export type { TokenWarning, WarningHandler } from './warnings.js';
export { readDocexEnv } from './env.js';
export type { DocexEnv } from './env.js';
export { checkServiceUrl, isLoopbackHost } from './url.js';
