// One POST to the token endpoint: HTTP Basic client auth, form body, the OAuth error body turned into TokenError.
// Nothing here retries: a refresh token is single-use, so re-sending a refresh after a lost answer would only
// burn it. Errors carry the code, status and the server's description with known secrets masked; never the request.
import { TokenError } from './errors.js';

export interface TokenResponse {
  accessToken: string;
  expiresIn: number;
  refreshToken: string | undefined;
  scope: string | undefined;
}

/** Replaces each known secret (4+ characters) with [redacted]; at most 300 characters. */
export function mask(text: string, secrets: readonly string[]): string {
  for (const s of secrets) if (s.length > 3) text = text.split(s).join('[redacted]');
  return text.length > 300 ? `${text.slice(0, 300)}...` : text;
}

/** `send` makes the POST (form body, Basic auth) to `endpoint`; `secrets` are masked if a server echoes them. */
export async function tokenRequest(send: () => Promise<Response>, endpoint: string, timeoutMs: number, secrets: readonly string[]): Promise<TokenResponse> {
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    const why = (err as Error)?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'the request failed';
    throw new TokenError('network_error', `Token request to ${endpoint} failed: ${why}. The stored tokens are unchanged; try again.`);
  }
  const { status } = res;
  // Any JSON value (or none) as an object, so that absent fields read as undefined.
  const b = Object(await res.json().catch(() => {})) as Record<string, unknown>;
  const { error, error_description: text, access_token: accessToken, token_type: type, refresh_token: refreshToken, scope } = b;

  if (!res.ok) {
    const code = typeof error === 'string' && /^[\x20-\x7e]{1,64}$/.test(error) ? error : status > 499 ? 'server_error' : 'invalid_response';
    const description = typeof text === 'string' ? mask(text, secrets) : undefined;
    const hint = code === 'invalid_client' ? ' Check the client id and secret.' : '';
    throw new TokenError(code, `Token endpoint answered HTTP ${status} ${code}${description ? `: ${description}` : ''}.${hint}`, { status, description });
  }

  // expires_in is RECOMMENDED: without it, the access token lifetime the spec documents (300 s).
  const expiresIn = b['expires_in'] === undefined ? 300 : Number(b['expires_in']);
  const problem =
    typeof accessToken !== 'string' || !accessToken ? 'no access_token'
    : typeof type !== 'string' || type.toLowerCase() !== 'bearer' ? 'token_type is not bearer'
    : !(expiresIn > 0 && expiresIn < Infinity) ? 'expires_in is not a positive number'
    : refreshToken !== undefined && (typeof refreshToken !== 'string' || !refreshToken) ? 'refresh_token is not a string'
    : '';
  if (problem) throw new TokenError('invalid_response', `Token endpoint answered HTTP ${status} with an unusable token response: ${problem}.`, { status });
  return { accessToken: accessToken as string, expiresIn, refreshToken: refreshToken as string | undefined, scope: typeof scope === 'string' ? scope : undefined };
}
