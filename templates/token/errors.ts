// Errors of the token client. Messages name what failed and what to do, never a secret:
// no client secret, password, code, code verifier or token, and no raw request.

/** OAuth 2.0 error codes of the token endpoint (RFC 6749 section 5.2) and the client's own. */
export type TokenErrorCode =
  | 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope'
  | 'server_error' | 'temporarily_unavailable' | 'access_denied'
  | 'network_error' | 'invalid_response' | 'state_mismatch' | 'not_signed_in' | 'refresh_token_expired'
  | 'store_failed' | 'insecure_url' | 'invalid_config'
  | (string & {});

export interface TokenErrorDetails {
  /** HTTP status of the token endpoint's answer, when there was one. */
  status?: number | undefined;
  /** The server's `error_description`, with known secrets masked. */
  description?: string | undefined;
}

export class TokenError extends Error {
  // `declare` + assignment in the constructor: class fields cost a helper call each once bundled for ES2020.
  declare readonly code: TokenErrorCode;
  declare readonly status: number | undefined;
  declare readonly description: string | undefined;

  constructor(code: TokenErrorCode, message: string, details: TokenErrorDetails = {}) {
    super(message);
    this.code = code;
    this.status = details.status;
    this.description = details.description;
  }
}

/** The stored session cannot be refreshed (refresh token rejected, expired or absent): the user must sign in again.
 *  The client has already cleared the stored tokens. */
export class ReauthRequiredError extends TokenError {}

// `name` lives on each prototype (as Error's does), so it is the class name even in minified bundles.
TokenError.prototype.name = 'TokenError';
ReauthRequiredError.prototype.name = 'ReauthRequiredError';
