// Token client: the grants, client authentication, state and PKCE, against the real token service.
import { describe, expect, it } from 'vitest';
import { TokenError, createTokenClient, type TokenWarning } from '../../templates/token/index.js';
import { loginThroughForm } from './browser.js';
import { CLIENT, ODD_CLIENT, REDIRECT, REMOTE_AUTH_URL, USER, useTokenServer, viaRemote } from './server.js';

const suite = useTokenServer({ secrets: [ODD_CLIENT.clientSecret] });
const { watch } = suite;
const warnings: TokenWarning[] = [];

const client = (extra: Partial<Parameters<typeof createTokenClient>[0]> = {}) => {
  const c = createTokenClient({ authUrl: suite.server.url, ...CLIENT, fetch: watch.fetch, clock: () => suite.server.clock.now, onWarning: (w) => warnings.push(w), ...extra });
  watch.serialised(c);
  return c;
};

describe('password grant', () => {
  it('signs in, hands out a token the service accepts, and warns once per process through the hook', async () => {
    const remote = () => client({ authUrl: REMOTE_AUTH_URL, fetch: viaRemote(suite.server.url, watch.fetch) });
    const tokens = remote();
    const result = await tokens.signInWithPassword(USER);
    expect(result).toEqual({ grant: 'password', scope: 'all', expiresAt: suite.server.clock.now + 300_000, refreshTokenExpiresAt: null });
    const access = await tokens.getAccessToken();
    expect(suite.server.authority.verifyAccessToken(access)).toEqual({ clientId: CLIENT.clientId, username: USER.username });
    await remote().signInWithPassword(USER);
    expect(warnings.map((w) => w.code)).toEqual(['DOCEX_PASSWORD_GRANT_DEPRECATED']);
    expect(warnings[0]?.message).toContain('1 June 2025');
    expect(warnings[0]?.message).toContain('authorizationUrl');
  });

  it('turns wrong user credentials into TokenError invalid_grant', async () => {
    const err = await watch.rejects(client().signInWithPassword({ username: USER.username, password: 'Wr0ng-Password-77' }));
    watch.add('Wr0ng-Password-77');
    expect(err).toBeInstanceOf(TokenError);
    expect(err).toMatchObject({ name: 'TokenError', code: 'invalid_grant', status: 400 });
  });
});

describe('client authentication', () => {
  it('fails with TokenError invalid_client on a wrong secret, naming no secret', async () => {
    const err = await watch.rejects(client({ clientSecret: 'not-the-Secret-91' }).signInWithPassword(USER));
    watch.add('not-the-Secret-91');
    expect(err).toMatchObject({ name: 'TokenError', code: 'invalid_client', status: 401 });
    expect(err.message).toContain('Check the client id and secret');
  });

  it('sends HTTP Basic raw by default and RFC 6749 form-url-encoded on request', async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers).get('authorization') ?? '');
      return watch.fetch(input, init);
    };
    await client({ ...ODD_CLIENT, fetch: spy }).signInWithPassword(USER);
    await client({ ...ODD_CLIENT, fetch: spy, basicAuth: 'rfc6749' }).signInWithPassword(USER);
    const decoded = seen.map((h) => Buffer.from(h.replace(/^Basic /, ''), 'base64').toString('utf8'));
    expect(decoded).toEqual(['odd client:p@ss:w0rd+/%Xy', 'odd+client:p%40ss%3Aw0rd%2B%2F%25Xy']);
    expect(suite.server.authority.stats.errors['invalid_client'] ?? 0).toBe(1); // only the wrong-secret test above
  });
});

describe('authorization code grant', () => {
  it('builds the login URL with a random state and exchanges the code', async () => {
    const tokens = client();
    const req = await tokens.authorizationUrl({ redirectUri: REDIRECT });
    const url = new URL(req.url);
    expect(url.origin + url.pathname).toBe(`${suite.server.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT, state: req.state });
    expect(req.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await tokens.authorizationUrl({ redirectUri: REDIRECT })).state).not.toBe(req.state);

    const back = await loginThroughForm(req.url);
    const code = back.searchParams.get('code') ?? '';
    watch.add(code);
    expect(back.searchParams.get('state')).toBe(req.state);
    const result = await tokens.exchangeCode({ code, redirectUri: REDIRECT, state: back.searchParams.get('state') ?? undefined, expectedState: req.state });
    expect(result.grant).toBe('authorization_code');
    expect(result.refreshTokenExpiresAt).toBe(suite.server.clock.now + 365 * 24 * 3600 * 1000);
    expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toBeDefined();
  });

  it('rejects a state mismatch (or a missing state) before sending anything', async () => {
    const tokens = client();
    const req = await tokens.authorizationUrl({ redirectUri: REDIRECT, state: 'expected-state' });
    const back = await loginThroughForm(req.url);
    const code = back.searchParams.get('code') ?? '';
    watch.add(code);
    const before = suite.server.authority.stats.tokenRequests;
    const mismatch = await watch.rejects(tokens.exchangeCode({ code, redirectUri: REDIRECT, state: 'forged-state', expectedState: req.state }));
    expect(mismatch).toMatchObject({ name: 'TokenError', code: 'state_mismatch' });
    const missing = await watch.rejects(tokens.exchangeCode({ code, redirectUri: REDIRECT, expectedState: req.state }));
    expect(missing).toMatchObject({ code: 'state_mismatch' });
    expect(suite.server.authority.stats.tokenRequests).toBe(before);
    // The code is still good for the legitimate exchange.
    await tokens.exchangeCode({ code, redirectUri: REDIRECT, state: 'expected-state', expectedState: 'expected-state' });
  });

  it('uses PKCE S256 when asked; the service refuses the code without the verifier', async () => {
    const tokens = client();
    const req = await tokens.authorizationUrl({ redirectUri: 'http://127.0.0.1:8123/cb', pkce: true });
    watch.add(req.codeVerifier);
    const url = new URL(req.url);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(req.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const code1 = (await loginThroughForm(req.url)).searchParams.get('code') ?? '';
    watch.add(code1);
    const err = await watch.rejects(tokens.exchangeCode({ code: code1, redirectUri: 'http://127.0.0.1:8123/cb' }));
    expect(err).toMatchObject({ code: 'invalid_grant', status: 400 });

    const code2 = (await loginThroughForm(req.url)).searchParams.get('code') ?? '';
    watch.add(code2);
    await tokens.exchangeCode({ code: code2, redirectUri: 'http://127.0.0.1:8123/cb', state: req.state, expectedState: req.state, codeVerifier: req.codeVerifier });
    expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toBeDefined();
  });

  it('exchangeCallback reads code and state from the redirect URL and reports an error redirect', async () => {
    const tokens = client();
    const req = await tokens.authorizationUrl({ redirectUri: REDIRECT, pkce: true });
    watch.add(req.codeVerifier);
    const back = await loginThroughForm(req.url);
    watch.add(back.searchParams.get('code') ?? undefined);
    await tokens.exchangeCallback({ callbackUrl: back.toString(), redirectUri: REDIRECT, expectedState: req.state, codeVerifier: req.codeVerifier });
    expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toBeDefined();

    const denied = await watch.rejects(tokens.exchangeCallback({ callbackUrl: `${REDIRECT}?error=access_denied&error_description=User+said+no&state=${req.state}`, redirectUri: REDIRECT, expectedState: req.state }));
    expect(denied).toMatchObject({ name: 'TokenError', code: 'access_denied', description: 'User said no' });
    const forged = await watch.rejects(tokens.exchangeCallback({ callbackUrl: `${REDIRECT}?error=access_denied&state=other`, redirectUri: REDIRECT, expectedState: req.state }));
    expect(forged).toMatchObject({ code: 'state_mismatch' });
    const noCode = await watch.rejects(tokens.exchangeCallback({ callbackUrl: `${REDIRECT}?state=${req.state}`, redirectUri: REDIRECT, expectedState: req.state }));
    expect(noCode).toMatchObject({ code: 'invalid_request' });
  });

  it('fails with invalid_grant when the redirect_uri differs from the login one', async () => {
    const tokens = client();
    const req = await tokens.authorizationUrl({ redirectUri: REDIRECT });
    const code = (await loginThroughForm(req.url)).searchParams.get('code') ?? '';
    watch.add(code);
    const err = await watch.rejects(tokens.exchangeCode({ code, redirectUri: `${REDIRECT}/other`, state: req.state, expectedState: req.state }));
    expect(err).toMatchObject({ code: 'invalid_grant' });
  });
});
