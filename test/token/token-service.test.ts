// The sandbox token service over real HTTP on 127.0.0.1.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { FORM_TOKEN_TTL_SECONDS } from '../../generator/sandbox/token/login-csrf.js';
import { MAX_FORM_BYTES } from '../../generator/sandbox/token/form.js';
import { registerTokenService } from '../../generator/sandbox/token/service.js';
import { repoRoot } from '../helpers/run-docex.js';
import { MAX_FAMILIES_PER_USER } from '../../generator/sandbox/token/state.js';
import { openLoginForm, submitLoginForm } from './browser.js';
import { CLIENT, ODD_CLIENT, OTHER_CLIENT, REDIRECT, USER, basic, postForm as rawPostForm, startTokenServer, useTokenServer } from './server.js';

// Every form posted records its secrets; every error body the service sends is checked for them at the end.
const suite = useTokenServer({ options: { accessTokenTtlSeconds: 120 }, secrets: [ODD_CLIENT.clientSecret, OTHER_CLIENT.clientSecret, 'Wr0ng-pass-Q'] });
const { watch } = suite;
async function postForm(url: string, params: Record<string, string>, authorization?: string): Promise<Response> {
  for (const k of ['password', 'code', 'code_verifier', 'refresh_token', 'token']) watch.add(params[k]);
  const res = await rawPostForm(url, params, authorization);
  if (res.status >= 400) watch.texts.push(await res.clone().text());
  return res;
}

let token: string;
beforeAll(() => {
  token = `${suite.server.url}/oauth2/token`;
});

const auth = basic(CLIENT.clientId, CLIENT.clientSecret);
const password = () => postForm(token, { grant_type: 'password', ...USER }, auth);

/** The login page of an authorization request (answered as a browser sees it), then, when it shows the form, the form
 *  submitted as a browser does with `user`. */
async function login(params: Record<string, string>, user = USER): Promise<Response> {
  const url = `${suite.server.url}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT, ...params })}`;
  const page = await fetch(url, { redirect: 'manual' });
  if (page.status !== 200) return page;
  watch.add(user.password);
  const res = await submitLoginForm(await openLoginForm(url), user);
  if (res.status >= 400) watch.texts.push(await res.clone().text());
  return res;
}
async function codeFor(params: Record<string, string> = {}): Promise<string> {
  const res = await login(params);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '').searchParams.get('code') ?? '';
}
/** The code exchange (authorization_code grant) with the test client. */
const exchange = (code: string, extra: Record<string, string> = {}) =>
  postForm(token, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...extra }, auth);

describe('client authentication', () => {
  it('answers 401 invalid_client with WWW-Authenticate without Basic, with a wrong secret or an unknown client', async () => {
    for (const a of [undefined, basic(CLIENT.clientId, 'wrong'), basic('nobody', CLIENT.clientSecret), 'Bearer x', basic(OTHER_CLIENT.clientId, CLIENT.clientSecret)]) {
      const res = await postForm(token, { grant_type: 'password', ...USER }, a);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toMatchObject({ error: 'invalid_client' });
    }
  });

  it('accepts both the raw and the RFC 6749 form-url-encoded Basic credentials', async () => {
    const rfc = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
    for (const a of [basic(ODD_CLIENT.clientId, ODD_CLIENT.clientSecret), basic(rfc(ODD_CLIENT.clientId), rfc(ODD_CLIENT.clientSecret))]) {
      expect((await postForm(token, { grant_type: 'password', ...USER }, a)).status).toBe(200);
    }
  });
});

describe('password grant', () => {
  it('returns the token response of spec 2.6 with Cache-Control: no-store', async () => {
    const res = await password();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    expect(body).toMatchObject({ scope: 'all', token_type: 'bearer', expires_in: 120 });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(suite.server.authority.verifyAccessToken(body.access_token as string)).toEqual({ clientId: CLIENT.clientId, username: USER.username });
    suite.server.clock.advance(119);
    expect(suite.server.authority.verifyAccessToken(body.access_token as string)).toBeDefined();
    suite.server.clock.advance(1);
    expect(suite.server.authority.verifyAccessToken(body.access_token as string)).toBeUndefined();
    expect(suite.server.authority.verifyAccessToken('made-up')).toBeUndefined();
  });

  it('rejects wrong credentials with invalid_grant and missing ones with invalid_request', async () => {
    const wrong = await postForm(token, { grant_type: 'password', username: USER.username, password: 'nope' }, auth);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const unknown = await postForm(token, { grant_type: 'password', username: 'ghost', password: USER.password }, auth);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_grant' });
    const missing = await postForm(token, { grant_type: 'password', username: USER.username }, auth);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request', error_description: 'Missing parameter: password.' });
  });
});

describe('request shape', () => {
  it('takes the parameters as query parameters too (spec 4.3: "form/query parameters"), alone or beside a form', async () => {
    const q = new URLSearchParams({ grant_type: 'password', ...USER });
    watch.add(USER.password);
    const query = await fetch(`${token}?${q}`, { method: 'POST', headers: { authorization: auth } });
    expect(query.status).toBe(200);
    expect(await query.json()).toMatchObject({ token_type: 'bearer' });
    const split = await postForm(`${token}?grant_type=password`, USER, auth);
    expect(split.status).toBe(200);
    const { refresh_token } = (await split.json()) as { refresh_token: string };
    const refresh = await fetch(`${token}?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token })}`, { method: 'POST', headers: { authorization: auth } });
    expect(refresh.status).toBe(200);
    const nothing = await fetch(token, { method: 'POST', headers: { authorization: auth } });
    expect(nothing.status).toBe(415);
  });

  it('refuses a form over 64 KiB with invalid_request, as the token document states for each form', async () => {
    const big = await fetch(token, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=password&x=${'a'.repeat(MAX_FORM_BYTES)}` });
    expect(big.status).toBe(400);
    expect(big.headers.get('cache-control')).toBe('no-store');
    expect(await big.json()).toEqual({ error: 'invalid_request', error_description: 'The request body is larger than 64 KiB.' });
    const doc = parse(readFileSync(join(repoRoot, 'openapi/token/openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, { requestBody?: { description?: string; content?: Record<string, unknown> } }>> };
    const forms = Object.values(doc.paths).flatMap((item) => Object.values(item)).flatMap((op) => (op.requestBody?.content?.['application/x-www-form-urlencoded'] ? [op.requestBody] : []));
    expect(forms.length).toBe(3);
    for (const body of forms) expect(body.description?.replace(/\s+/g, ' ')).toContain(`At most ${MAX_FORM_BYTES / 1024} KiB`);
  });

  it('rejects unknown grants, missing grant_type, a parameter in both query and form, JSON bodies and repeated parameters', async () => {
    suite.server.authority.resetStats();
    const unsupported = await postForm(token, { grant_type: 'client_credentials' }, auth);
    expect(unsupported.status).toBe(400);
    expect(await unsupported.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(await (await postForm(token, {}, auth)).json()).toMatchObject({ error: 'invalid_request' });
    const query = await postForm(`${token}?grant_type=password`, { grant_type: 'password', ...USER }, auth);
    expect(await query.json()).toMatchObject({ error: 'invalid_request', error_description: 'Parameter sent more than once: grant_type.' });
    const json = await fetch(token, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', ...USER }) });
    expect(json.status).toBe(415);
    expect(json.headers.get('cache-control')).toBe('no-store');
    expect(await json.json()).toEqual({ error: 'invalid_request', error_description: 'The request body must be application/x-www-form-urlencoded.' });
    const xml = await fetch(token, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/xml' }, body: '<x/>' });
    expect(xml.status).toBe(415);
    expect(await xml.json()).toMatchObject({ error: 'invalid_request' });
    const twice = await fetch(token, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=password&username=demo&username=x&password=${USER.password}` });
    expect(await twice.json()).toMatchObject({ error: 'invalid_request' });
    expect(suite.server.authority.stats.tokenRequests).toBe(6);
    expect(suite.server.authority.stats.errors).toEqual({ unsupported_grant_type: 1, invalid_request: 5 });
  });
});

describe('refresh_token grant', () => {
  it('rotates single-use refresh tokens: the old one is rejected with invalid_grant after use', async () => {
    const first = (await (await password()).json()) as { refresh_token: string; access_token: string };
    const before = suite.server.authority.stats.refreshes;
    const r1 = await postForm(token, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, auth);
    expect(r1.status).toBe(200);
    expect(r1.headers.get('cache-control')).toBe('no-store');
    const second = (await r1.json()) as { refresh_token: string; access_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(suite.server.authority.verifyAccessToken(second.access_token)).toBeDefined();
    const reuse = await postForm(token, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, auth);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    // By default a replay revokes the whole family (RFC 9700 4.14.2, RFC 6749 10.4): the newer tokens stop working.
    const newer = await postForm(token, { grant_type: 'refresh_token', refresh_token: second.refresh_token }, auth);
    expect(newer.status).toBe(400);
    expect(await newer.json()).toMatchObject({ error: 'invalid_grant' });
    expect(suite.server.authority.verifyAccessToken(second.access_token)).toBeUndefined();
    expect(suite.server.authority.stats.refreshes - before).toBe(3);
  });

  it("rejects another client's refresh token and an unknown one", async () => {
    const first = (await (await password()).json()) as { refresh_token: string };
    const other = await postForm(token, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, basic(OTHER_CLIENT.clientId, OTHER_CLIENT.clientSecret));
    expect(await other.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await postForm(token, { grant_type: 'refresh_token', refresh_token: 'bogus' }, auth)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("password-grant refresh tokens never expire; the code grant's expire one year after the login, rotation included", async () => {
    const pw = (await (await password()).json()) as { refresh_token: string };
    const code = await codeFor();
    const ac = (await (await postForm(token, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, auth)).json()) as { refresh_token: string };
    suite.server.clock.advance(300 * 24 * 3600);
    const acRotated = (await (await postForm(token, { grant_type: 'refresh_token', refresh_token: ac.refresh_token }, auth)).json()) as { refresh_token: string };
    suite.server.clock.advance(66 * 24 * 3600);
    expect((await postForm(token, { grant_type: 'refresh_token', refresh_token: pw.refresh_token }, auth)).status).toBe(200);
    const expired = await postForm(token, { grant_type: 'refresh_token', refresh_token: acRotated.refresh_token }, auth);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token has expired.' });
  });

  it('with revokeFamilyOnReuse: false, a replay is refused but the newer tokens keep working (the spec: single use only)', async () => {
    const lenient = await startTokenServer({ revokeFamilyOnReuse: false });
    try {
      const t = `${lenient.url}/oauth2/token`;
      const a = (await (await postForm(t, { grant_type: 'password', ...USER }, auth)).json()) as { refresh_token: string };
      const b = (await (await postForm(t, { grant_type: 'refresh_token', refresh_token: a.refresh_token }, auth)).json()) as { refresh_token: string; access_token: string };
      expect((await postForm(t, { grant_type: 'refresh_token', refresh_token: a.refresh_token }, auth)).status).toBe(400);
      expect(lenient.authority.verifyAccessToken(b.access_token)).toBeDefined();
      expect((await postForm(t, { grant_type: 'refresh_token', refresh_token: b.refresh_token }, auth)).status).toBe(200);
    } finally {
      await lenient.close();
    }
  });

  it(`keeps at most ${MAX_FAMILIES_PER_USER} live token families per client and user: a sign-in past that evicts the oldest`, async () => {
    const own = await startTokenServer();
    try {
      const t = `${own.url}/oauth2/token`;
      const signIn = async () => (await (await postForm(t, { grant_type: 'password', ...USER }, auth)).json()) as { refresh_token: string; access_token: string };
      const families = [];
      for (let i = 0; i < MAX_FAMILIES_PER_USER; i++) families.push(await signIn());
      // Another client's sign-ins do not count against this client's families.
      await postForm(t, { grant_type: 'password', ...USER }, basic(OTHER_CLIENT.clientId, OTHER_CLIENT.clientSecret));
      const [oldest, second] = families as [{ refresh_token: string; access_token: string }, { refresh_token: string; access_token: string }];
      // A rotation keeps a family alive, in its place: it is no sign-in.
      const rotated = (await (await postForm(t, { grant_type: 'refresh_token', refresh_token: oldest.refresh_token }, auth)).json()) as { refresh_token: string; access_token: string };
      expect(own.authority.verifyAccessToken(second.access_token)).toBeDefined();
      await signIn();
      const evicted = await postForm(t, { grant_type: 'refresh_token', refresh_token: rotated.refresh_token }, auth);
      expect(evicted.status).toBe(400);
      expect(await evicted.json()).toMatchObject({ error: 'invalid_grant' });
      expect(own.authority.verifyAccessToken(rotated.access_token)).toBeUndefined();
      expect((await postForm(t, { grant_type: 'refresh_token', refresh_token: second.refresh_token }, auth)).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe('login page and authorization_code grant', () => {
  it('serves an escaped HTML form carrying the request in hidden fields', async () => {
    const q = new URLSearchParams({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT, state: '"><script>alert(1)</script>' });
    const res = await fetch(`${suite.server.url}/oauth2/authorize?${q}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<form method="post" action="authorize">');
    expect(html).toContain('name="password" type="password"');
    expect(html).toContain('name="state" value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    expect(html).not.toContain('<script>');
  });

  it('refuses unknown clients and unregistered redirect_uris without redirecting', async () => {
    for (const [client, redirect] of [['nobody', REDIRECT], [CLIENT.clientId, 'https://evil.example.com/cb'], [CLIENT.clientId, `${REDIRECT}#x`], [OTHER_CLIENT.clientId, 'http://127.0.0.1:9999/cb']]) {
      const q = new URLSearchParams({ response_type: 'code', client_id: client!, redirect_uri: redirect! });
      const res = await fetch(`${suite.server.url}/oauth2/authorize?${q}`, { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('shows wrong parameters as a 400 page, as the token document says, and wants the form form-encoded', async () => {
    const q = new URLSearchParams({ response_type: 'token', client_id: CLIENT.clientId, redirect_uri: REDIRECT, state: 'st1' });
    const res = await fetch(`${suite.server.url}/oauth2/authorize?${q}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('response_type must be code.');
    const plain = await login({ code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' });
    expect(plain.status).toBe(400);
    expect(plain.headers.get('location')).toBeNull();
    const json = await fetch(`${suite.server.url}/oauth2/authorize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
    expect(json.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('refuses a login form with a parameter sent twice (a 400 page), as the token endpoint does', async () => {
    const form = new URLSearchParams({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT, ...USER });
    form.append('redirect_uri', 'http://127.0.0.1/callback');
    const res = await fetch(`${suite.server.url}/oauth2/authorize`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Parameter sent more than once: redirect_uri.');
  });

  it('matches redirect_uri exactly (spec 4.4), loopback URIs too: another port, path or a trailing slash is refused', async () => {
    for (const redirect of ['http://127.0.0.1:54321/cb', 'http://127.0.0.1/callback/', 'http://localhost/callback', 'http://127.0.0.1:8123/cb?x=1']) {
      const res = await login({ redirect_uri: redirect, state: 's' });
      expect(res.status, redirect).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    const registered = await login({ redirect_uri: 'http://127.0.0.1:8123/cb', state: 's' });
    expect(registered.status).toBe(302);
    expect(registered.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:8123\/cb\?code=[\w-]+&state=s$/);
  });

  it('re-renders the form (200, as documented) on wrong credentials, never echoing the password', async () => {
    const res = await login({}, { username: USER.username, password: 'Wr0ng-pass-Q' });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Wrong username or password.');
    expect(html).not.toContain('Wr0ng-pass-Q');
  });

  it('issues a single-use, short-lived code bound to the identical redirect_uri', async () => {
    const res = await login({ state: 'xyz' });
    expect(res.status).toBe(302);
    const loc = new URL(res.headers.get('location') ?? '');
    expect(loc.origin + loc.pathname).toBe(REDIRECT);
    expect(loc.searchParams.get('state')).toBe('xyz');
    const code = loc.searchParams.get('code') ?? '';
    const before = suite.server.authority.stats.authorizationCodes;

    const wrongRedirect = await postForm(token, { grant_type: 'authorization_code', code, redirect_uri: 'http://127.0.0.1/callback' }, auth);
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_grant' });
    const otherClient = await postForm(token, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, basic(OTHER_CLIENT.clientId, OTHER_CLIENT.clientSecret));
    expect(await otherClient.json()).toMatchObject({ error: 'invalid_grant' });
    const ok = await postForm(token, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, auth);
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as { access_token: string };
    expect(suite.server.authority.verifyAccessToken(tokens.access_token)).toEqual({ clientId: CLIENT.clientId, username: USER.username });
    // Reuse: rejected, and what the code issued is revoked (RFC 6749 4.1.2).
    const again = await postForm(token, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, auth);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    expect(suite.server.authority.verifyAccessToken(tokens.access_token)).toBeUndefined();
    expect(suite.server.authority.stats.authorizationCodes - before).toBe(4);

    const late = await codeFor();
    suite.server.clock.advance(61);
    expect(await (await postForm(token, { grant_type: 'authorization_code', code: late, redirect_uri: REDIRECT }, auth)).json()).toMatchObject({ error: 'invalid_grant', error_description: 'The authorization code has expired.' });
    expect(await (await postForm(token, { grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT }, auth)).json()).toMatchObject({ error: 'invalid_grant' });
    expect(await (await postForm(token, { grant_type: 'authorization_code', code: 'x' }, auth)).json()).toMatchObject({ error: 'invalid_request' });
  });

  it('verifies PKCE S256 when the login carried a code_challenge', async () => {
    const verifier = 'v'.repeat(20) + 'A-._~'.repeat(6);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pk = { code_challenge: challenge, code_challenge_method: 'S256' };
    expect(await (await exchange(await codeFor(pk), {})).json()).toMatchObject({ error: 'invalid_grant', error_description: 'code_verifier is required: the login used PKCE.' });
    expect(await (await exchange(await codeFor(pk), { code_verifier: verifier + 'x' })).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(await codeFor(pk), { code_verifier: verifier })).status).toBe(200);
    // Without code_challenge_method the challenge is S256, as the token document says.
    const noMethod = await codeFor({ code_challenge: challenge });
    expect(await (await exchange(noMethod, { code_verifier: 'w'.repeat(43) })).json()).toMatchObject({ error: 'invalid_grant' });
    expect((await exchange(await codeFor({ code_challenge: challenge }), { code_verifier: verifier })).status).toBe(200);
  });

  it('refuses a code_verifier for a code issued without code_challenge: a PKCE downgrade (RFC 9700 2.1.1)', async () => {
    const downgraded = await exchange(await codeFor(), { code_verifier: 'v'.repeat(43) });
    expect(downgraded.status).toBe(400);
    expect(await downgraded.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringContaining('no code_challenge') });
    // The code was not spent by the refusal: without a verifier, as issued, it is exchanged.
    const code = await codeFor();
    expect((await exchange(code, { code_verifier: 'v'.repeat(43) })).status).toBe(400);
    expect((await exchange(code, {})).status).toBe(200);
  });

  it('checks the code_verifier is 43 to 128 unreserved characters (RFC 7636 4.1): invalid_request otherwise', async () => {
    const challengeOf = (v: string) => createHash('sha256').update(v, 'ascii').digest('base64url');
    const unreserved = 'ABCXYZabcxyz0189-._~';
    for (const good of [unreserved.repeat(3).slice(0, 43), unreserved.repeat(7).slice(0, 128)]) {
      expect((await exchange(await codeFor({ code_challenge: challengeOf(good) }), { code_verifier: good })).status, good).toBe(200);
    }
    // Each malformed verifier's challenge is what the login sent, so only the format check can refuse it.
    for (const bad of ['abc', '', 'v'.repeat(42), 'v'.repeat(129), 'v'.repeat(42) + '+', 'v'.repeat(42) + '/', 'v'.repeat(42) + '=', 'v'.repeat(42) + ' ', 'v'.repeat(42) + '\u00e9', 'v'.repeat(42) + '%']) {
      const res = await exchange(await codeFor({ code_challenge: challengeOf(bad) }), { code_verifier: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json(), JSON.stringify(bad)).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('RFC 7636') });
    }
  });

  it('refuses code_challenge_method plain, and takes a challenge without a method as S256', async () => {
    const verifier = 'p'.repeat(43);
    const plain = await login({ code_challenge: verifier, code_challenge_method: 'plain' });
    expect(plain.status).toBe(400);
    expect(await plain.text()).toContain('code_challenge_method must be S256.');
    // A verifier sent as its own challenge (what plain would accept) does not match an S256 challenge.
    const res = await exchange(await codeFor({ code_challenge: verifier }), { code_verifier: verifier });
    expect(await res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code_verifier does not match the code_challenge.' });
  });
});

describe('the login form against cross-site requests', () => {
  const pageUrl = (params: Record<string, string> = {}) =>
    `${suite.server.url}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT, state: 'st', ...params })}`;
  /** A refused POST: 403, a page naming why, no redirect and no code issued. */
  async function expectRefused(res: Response, why: RegExp): Promise<void> {
    expect(res.status).toBe(403);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toMatch(why);
  }

  it('binds the form to a cookie it sets HttpOnly and SameSite=Lax, and keeps a cookie the browser already has', async () => {
    const page = await fetch(pageUrl());
    const [cookie] = page.headers.getSetCookie();
    expect(cookie).toMatch(/^docex_login=[A-Za-z0-9_-]{43}; Path=\/oauth2; HttpOnly; SameSite=Lax$/);
    expect(await page.text()).toMatch(/<input type="hidden" name="form_token" value="\d+\.[A-Za-z0-9_-]{43}">/);
    const again = await fetch(pageUrl(), { headers: { cookie: cookie!.split(';')[0]! } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a POST without the form token, without the cookie, or with another browser\'s cookie', async () => {
    const form = await openLoginForm(pageUrl());
    const other = await openLoginForm(pageUrl());
    const without = new URLSearchParams(form.fields);
    without.delete('form_token');
    await expectRefused(await submitLoginForm({ ...form, fields: without }), /its form token or this site&#39;s cookie is missing or wrong/);
    await expectRefused(await submitLoginForm({ ...form, cookie: '' }), /its form token or this site&#39;s cookie is missing or wrong/);
    await expectRefused(await submitLoginForm({ ...form, cookie: other.cookie }), /its form token or this site&#39;s cookie is missing or wrong/);
    // A POST with no browser headers at all, as a forged form in an old browser sends it: the token decides.
    expect((await postForm(`${suite.server.url}/oauth2/authorize`, { ...Object.fromEntries(form.fields), form_token: '1.x', ...USER })).status).toBe(403);
    expect((await submitLoginForm(form)).status).toBe(302);
  });

  it('refuses a form whose authorization request was changed after the page showed it', async () => {
    const challenge = createHash('sha256').update('v'.repeat(43)).digest('base64url');
    for (const [name, value] of [['state', 'forged'], ['code_challenge', challenge], ['redirect_uri', 'http://127.0.0.1/callback'], ['scope', 'all']] as const) {
      const form = await openLoginForm(pageUrl());
      form.fields.set(name, value);
      await expectRefused(await submitLoginForm(form), /its form token or this site&#39;s cookie is missing or wrong/);
    }
  });

  it('refuses a POST the browser says comes from another origin (Origin, Sec-Fetch-Site), before the password is checked', async () => {
    const foreign: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: suite.server.url.replace('127.0.0.1', 'localhost') }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }];
    for (const headers of foreign) {
      const form = await openLoginForm(pageUrl());
      await expectRefused(await submitLoginForm(form, USER, headers), /sent from another site/);
      // A wrong password gets the same answer: another site learns nothing of it.
      await expectRefused(await submitLoginForm(form, { username: USER.username, password: 'Wr0ng-pass-Q' }, headers), /sent from another site/);
      // The same form from the page itself goes through.
      expect((await submitLoginForm(form)).status, JSON.stringify(headers)).toBe(302);
    }
  });

  it(`accepts the form for ${FORM_TOKEN_TTL_SECONDS / 60} minutes; a wrong password shows it again, still valid`, async () => {
    const form = await openLoginForm(pageUrl());
    suite.server.clock.advance(FORM_TOKEN_TTL_SECONDS + 1);
    await expectRefused(await submitLoginForm(form), /has expired/);
    const fresh = await openLoginForm(pageUrl());
    suite.server.clock.advance(FORM_TOKEN_TTL_SECONDS - 1);
    const wrong = await submitLoginForm(fresh, { username: USER.username, password: 'Wr0ng-pass-Q' });
    expect(wrong.status).toBe(200);
    const token = /name="form_token" value="([^"]+)"/.exec(await wrong.text())?.[1];
    expect(token).toBeDefined();
    fresh.fields.set('form_token', token!);
    suite.server.clock.advance(FORM_TOKEN_TTL_SECONDS - 1);
    expect((await submitLoginForm(fresh)).status).toBe(302);
  });
});

describe('revocation and embedding', () => {
  it('revokes a refresh token and its family (RFC 7009)', async () => {
    const t = (await (await password()).json()) as { refresh_token: string; access_token: string };
    const res = await postForm(`${suite.server.url}/oauth2/revoke`, { token: t.refresh_token }, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('');
    expect(suite.server.authority.verifyAccessToken(t.access_token)).toBeUndefined();
    // As documented: an unknown token is an empty 200 too (nothing revealed); no token is 400 invalid_request.
    expect((await postForm(`${suite.server.url}/oauth2/revoke`, { token: 'unknown' }, auth)).status).toBe(200);
    const missing = await postForm(`${suite.server.url}/oauth2/revoke`, {}, auth);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe('invalid_request');
    expect((await postForm(token, { grant_type: 'refresh_token', refresh_token: t.refresh_token }, auth)).status).toBe(400);
    expect((await postForm(`${suite.server.url}/oauth2/revoke`, { token: 'x' })).status).toBe(401);
  });

  it('coexists with a form parser of the host app, which keeps its own', async () => {
    const app = Fastify({ logger: false });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, { host: String(body) }));
    app.post('/echo', async (req) => req.body);
    registerTokenService(app, { clients: [{ ...CLIENT, redirectUris: [REDIRECT] }], users: [USER] });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      expect(await (await postForm(`${url}/echo`, { a: '1' })).json()).toEqual({ host: 'a=1' });
      const res = await postForm(`${url}/oauth2/token`, { grant_type: 'password', ...USER }, auth);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ expires_in: 300 });
    } finally {
      await app.close();
    }
  });
});
