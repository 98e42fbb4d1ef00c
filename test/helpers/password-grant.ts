// The password grant against a sandbox's token endpoint (/oauth2/token, client authentication by HTTP Basic): the one
// token request of the sandbox tests, the fuzz kit and the sandbox bench (which bundles this file).

export interface SandboxCredentials {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** The Authorization header of HTTP Basic client authentication. */
export const basicAuth = (clientId: string, clientSecret: string): string => `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;

export async function passwordGrant(url: string, c: SandboxCredentials): Promise<TokenResponse> {
  const r = await fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basicAuth(c.clientId, c.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: c.username, password: c.password }),
  });
  if (r.status !== 200) throw new Error(`token request failed: ${r.status}`);
  return (await r.json()) as TokenResponse;
}
