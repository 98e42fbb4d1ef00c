import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoginForm, submitLoginForm } from '../token/browser.js';
import { basic, openSandbox, type TestSandbox } from './helpers.js';

// The token service as mounted by startSandbox, used end to end with the sub APIs.
let t: TestSandbox;
let clock = Date.UTC(2025, 0, 1);
beforeAll(async () => {
  t = await openSandbox({ now: () => clock, accessTokenTtlSeconds: 300 });
});
afterAll(() => t.close());

const form = (params: Record<string, string>, auth: string | null = basic()) =>
  fetch(`${t.sb.url}/oauth2/token`, {
    method: 'POST',
    headers: { ...(auth ? { authorization: auth } : {}), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  error?: string;
}

/** A refresh: a new refresh token, and an access token the sub APIs accept. */
async function refreshRotates(refreshToken: string): Promise<TokenResponse> {
  const r = await form({ grant_type: 'refresh_token', refresh_token: refreshToken });
  expect(r.status).toBe(200);
  expect(r.headers.get('cache-control')).toBe('no-store');
  const next = (await r.json()) as TokenResponse;
  expect(next.refresh_token).not.toBe(refreshToken);
  expect((await t.call('GET', '/network/v1/current-user', { token: next.access_token })).status).toBe(200);
  return next;
}

/** A used refresh token sent again: invalid_grant, and by default (RFC 9700 4.14.2) the family's newest tokens stop working. */
async function replayRevokes(used: string, newest: TokenResponse): Promise<void> {
  const reused = await form({ grant_type: 'refresh_token', refresh_token: used });
  expect(reused.status).toBe(400);
  expect(((await reused.json()) as TokenResponse).error).toBe('invalid_grant');
  expect((await t.call('GET', '/network/v1/current-user', { token: newest.access_token })).status).toBe(401);
  expect((await form({ grant_type: 'refresh_token', refresh_token: newest.refresh_token })).status).toBe(400);
}

describe('token service inside the sandbox', () => {
  it('password grant: a token the sub APIs accept; refresh rotates and a reused refresh token is invalid_grant, revoking its family', async () => {
    const r = await form({ grant_type: 'password', username: 'demo', password: 'demo-password' });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const tok = (await r.json()) as TokenResponse;
    expect(tok).toMatchObject({ token_type: expect.stringMatching(/^bearer$/i), expires_in: 300 });
    expect((await t.call('GET', '/document/v1/documents?limit=1', { token: tok.access_token })).status).toBe(200);
    const second = await refreshRotates(tok.refresh_token);
    const third = await refreshRotates(second.refresh_token);
    await replayRevokes(tok.refresh_token, third);
  });

  it('authorization code grant: login form, redirect with code and state, exchange, refresh rotation', async () => {
    const redirect = 'http://127.0.0.1/callback';
    const q = new URLSearchParams({ response_type: 'code', client_id: 'sandbox-client', redirect_uri: redirect, state: 'st-1' });
    const page = await fetch(`${t.sb.url}/oauth2/authorize?${q}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toMatch(/<form[^>]+method="post"/);
    const login = await submitLoginForm(await openLoginForm(`${t.sb.url}/oauth2/authorize?${q}`), { username: 'demo', password: 'demo-password' });
    expect(login.status).toBe(302);
    const location = new URL(login.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirect);
    expect(location.searchParams.get('state')).toBe('st-1');
    const code = location.searchParams.get('code')!;
    const r = await form({ grant_type: 'authorization_code', code, redirect_uri: redirect });
    expect(r.status).toBe(200);
    const tok = (await r.json()) as TokenResponse;
    expect((await t.call('GET', '/network/v1/current-user', { token: tok.access_token })).status).toBe(200);
    await replayRevokes(tok.refresh_token, await refreshRotates(tok.refresh_token));
  });

  it('401 invalid_client without HTTP Basic, and the sub APIs refuse an expired access token', async () => {
    const r = await form({ grant_type: 'password', username: 'demo', password: 'demo-password' }, null);
    expect(r.status).toBe(401);
    expect(((await r.json()) as TokenResponse).error).toBe('invalid_client');
    const tok = (await (await form({ grant_type: 'password', username: 'demo', password: 'demo-password' })).json()) as TokenResponse;
    expect((await t.call('GET', '/network/v1/current-user', { token: tok.access_token })).status).toBe(200);
    clock += 301_000;
    const expired = await t.call('GET', '/network/v1/current-user', { token: tok.access_token });
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
  });
});
