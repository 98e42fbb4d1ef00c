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

/** The access token lifetime the spec documents; used only when a server omits expires_in (it is RECOMMENDED). */
const DEFAULT_EXPIRES_IN = 300;

export function mask(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join('[redacted]');
  return out.length > 300 ? `${out.slice(0, 300)}...` : out;
}

/** `send` makes the POST (form body, Basic auth) to `endpoint`; `secrets` are masked if a server echoes them. */
export async function tokenRequest(send: () => Promise<Response>, endpoint: string, timeoutMs: number, secrets: readonly string[]): Promise<TokenResponse> {
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    const why = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'the request failed';
    throw new TokenError('network_error', `Token request to ${endpoint} failed: ${why}. The stored tokens are unchanged; try again.`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;

  if (!res.ok) {
    const code = typeof b['error'] === 'string' && /^[\x20-\x7e]{1,64}$/.test(b['error']) ? b['error'] : res.status >= 500 ? 'server_error' : 'invalid_response';
    const description = typeof b['error_description'] === 'string' ? mask(b['error_description'], secrets) : undefined;
    const hint = code === 'invalid_client' ? ' Check the client id and secret.' : '';
    throw new TokenError(code, `Token endpoint answered HTTP ${res.status} ${code}${description ? `: ${description}` : ''}.${hint}`, { status: res.status, description });
  }

  const accessToken = b['access_token'];
  const tokenType = b['token_type'];
  const expiresIn = b['expires_in'] === undefined ? DEFAULT_EXPIRES_IN : Number(b['expires_in']);
  const refreshToken = b['refresh_token'];
  const scope = b['scope'];
  const problem =
    typeof accessToken !== 'string' || accessToken === '' ? 'no access_token'
    : typeof tokenType !== 'string' || tokenType.toLowerCase() !== 'bearer' ? 'token_type is not bearer'
    : !Number.isFinite(expiresIn) || expiresIn <= 0 ? 'expires_in is not a positive number'
    : refreshToken !== undefined && (typeof refreshToken !== 'string' || refreshToken === '') ? 'refresh_token is not a string'
    : undefined;
  if (problem !== undefined) {
    throw new TokenError('invalid_response', `Token endpoint answered HTTP ${res.status} with an unusable token response: ${problem}.`, { status: res.status });
  }
  return {
    accessToken: accessToken as string,
    expiresIn,
    refreshToken: refreshToken as string | undefined,
    scope: typeof scope === 'string' ? scope : undefined,
  };
}
