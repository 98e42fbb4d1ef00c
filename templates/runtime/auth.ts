/** Bearer authentication from a token source. The token client implements TokenSource structurally. */

export interface TokenSource {
  /** A valid access token, refreshing lazily ahead of expiry; concurrent callers share one refresh. */
  getAccessToken(): Promise<string>;
  /** Called once after a 401 with the token that was rejected: returns a fresh token (refreshing unless the
   *  store already holds a newer one) or throws (e.g. ReauthRequiredError). */
  refreshAfterUnauthorized(rejected: string): Promise<string>;
}
