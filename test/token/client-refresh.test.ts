// Token client: lazy refresh, single-use rotation, single-flight under concurrency, 401 handling, invalid_grant.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MemoryTokenStore, ReauthRequiredError, TokenError, createTokenClient, refreshMarginMs, type StoredTokens, type TokenStore,
} from '../../templates/token/index.js';
import { CLIENT, USER, basic, postForm, startTokenServer, useTokenServer, type TestServer } from './server.js';

const suite = useTokenServer();
const { watch } = suite;
beforeEach(() => suite.server.authority.resetStats());

function client(store: TokenStore = new MemoryTokenStore(), server: TestServer = suite.server) {
  const c = createTokenClient({ authUrl: server.url, ...CLIENT, store, fetch: watch.fetch, clock: () => server.clock.now, onWarning: () => {} });
  watch.serialised(c);
  return c;
}

describe('refresh margin', () => {
  it('is 10% of expires_in, between 1 and 60 seconds', () => {
    expect(refreshMarginMs(300)).toBe(30_000);
    expect(refreshMarginMs(3600)).toBe(60_000);
    expect(refreshMarginMs(2)).toBe(1000);
    expect(refreshMarginMs(5)).toBe(1000);
  });

  it('refreshes lazily inside getAccessToken once the margin is reached, not before', async () => {
    const tokens = client();
    await tokens.signInWithPassword(USER);
    const first = await tokens.getAccessToken();
    suite.server.clock.advance(269);
    expect(await tokens.getAccessToken()).toBe(first);
    expect(suite.server.authority.stats.refreshes).toBe(0);
    suite.server.clock.advance(1);
    const second = await tokens.getAccessToken();
    expect(second).not.toBe(first);
    expect(suite.server.authority.stats.refreshes).toBe(1);
    expect(suite.server.authority.verifyAccessToken(second)).toBeDefined();
  });
});

describe('rotation', () => {
  it('stores the new refresh token and never uses the old one again (the service rejects it)', async () => {
    const store = new MemoryTokenStore();
    const tokens = client(store);
    await tokens.signInWithPassword(USER);
    const before = store.load()!;
    suite.server.clock.advance(300);
    await tokens.getAccessToken();
    const after = store.load()!;
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).toBe(await tokens.getAccessToken());
    expect(after.expiresAt).toBe(suite.server.clock.now + 300_000);
    // Three more rotations in a row each use the latest token.
    for (let i = 0; i < 3; i++) {
      suite.server.clock.advance(300);
      expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toBeDefined();
    }
    expect(suite.server.authority.stats.errors['invalid_grant'] ?? 0).toBe(0);
    // The first one was used: the service rejects it (and, by default, revokes the family: so this comes last).
    const reuse = await postForm(`${suite.server.url}/oauth2/token`, { grant_type: 'refresh_token', refresh_token: before.refreshToken! }, basic(CLIENT.clientId, CLIENT.clientSecret));
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('concurrency', () => {
  it('100 concurrent getAccessToken() with an expired token cause exactly one refresh request', async () => {
    const tokens = client();
    await tokens.signInWithPassword(USER);
    suite.server.clock.advance(301);
    suite.server.authority.resetStats();
    const all = await Promise.all(Array.from({ length: 100 }, () => tokens.getAccessToken()));
    expect(suite.server.authority.stats.refreshes).toBe(1);
    expect(suite.server.authority.stats.tokenRequests).toBe(1);
    expect(new Set(all).size).toBe(1);
    expect(suite.server.authority.verifyAccessToken(all[0]!)).toBeDefined();
  });

  it('two clients sharing one store share the refresh too', async () => {
    const store = new MemoryTokenStore();
    const a = client(store);
    const b = client(store);
    await a.signInWithPassword(USER);
    suite.server.clock.advance(301);
    suite.server.authority.resetStats();
    const got = await Promise.all([...Array.from({ length: 50 }, () => a.getAccessToken()), ...Array.from({ length: 50 }, () => b.getAccessToken())]);
    expect(suite.server.authority.stats.refreshes).toBe(1);
    expect(new Set(got).size).toBe(1);
  });

  it('adopts a token that another process wrote to the store instead of refreshing', async () => {
    const store = new MemoryTokenStore();
    const other = client(store); // "another process" writing to the same store
    const mine = client(new ProxyStore(store));
    await other.signInWithPassword(USER);
    const old = await mine.getAccessToken();
    suite.server.clock.advance(301);
    const fresh = await other.getAccessToken();
    suite.server.authority.resetStats();
    expect(await mine.getAccessToken()).toBe(fresh);
    expect(fresh).not.toBe(old);
    expect(suite.server.authority.stats.refreshes).toBe(0);
  });

  // Against a service that only refuses the replay (the spec's single use): with RFC 9700's family revocation, the
  // sandbox's default, the loser's replay also revokes the winner's tokens.
  it('after losing a refresh race to another process (invalid_grant), adopts the winner\'s token', async () => {
    const lenient = await startTokenServer({ revokeFamilyOnReuse: false });
    try {
      const shared = new MemoryTokenStore();
      const winner = client(new ProxyStore(shared), lenient);
      let raced = false;
      const racing = new ProxyStore(shared, async () => {
        // Between our read and our refresh request, the other process refreshes with the same refresh token.
        if (!raced) {
          raced = true;
          await winner.getAccessToken();
        }
      });
      const loser = client(racing, lenient);
      await winner.signInWithPassword(USER);
      lenient.clock.advance(301);
      lenient.authority.resetStats();
      const token = await loser.getAccessToken();
      expect(raced).toBe(true);
      expect(token).toBe(shared.load()!.accessToken);
      expect(lenient.authority.stats.refreshes).toBe(2); // the winner's, and the loser's rejected one
      expect(lenient.authority.stats.errors['invalid_grant']).toBe(1);
      expect(lenient.authority.verifyAccessToken(token)).toBeDefined();
    } finally {
      await lenient.close();
    }
  });
});

describe('refreshAfterUnauthorized', () => {
  it('refreshes once for the rejected token, shared by concurrent callers, even before expiry', async () => {
    const tokens = client();
    await tokens.signInWithPassword(USER);
    const rejected = await tokens.getAccessToken();
    suite.server.authority.resetStats();
    const got = await Promise.all(Array.from({ length: 100 }, () => tokens.refreshAfterUnauthorized(rejected)));
    expect(new Set(got).size).toBe(1);
    expect(got[0]).not.toBe(rejected);
    expect(suite.server.authority.stats.refreshes).toBe(1);
    // A late caller holding the old rejected token gets the current one without another refresh.
    expect(await tokens.refreshAfterUnauthorized(rejected)).toBe(got[0]);
    expect(await tokens.getAccessToken()).toBe(got[0]);
    expect(suite.server.authority.stats.refreshes).toBe(1);
  });
});

describe('when the session cannot be refreshed', () => {
  it('invalid_grant on refresh -> ReauthRequiredError, stored tokens cleared', async () => {
    const store = new MemoryTokenStore();
    const tokens = client(store);
    await tokens.signInWithPassword(USER);
    // Someone burns the refresh token (e.g. a copy of the store used elsewhere).
    const rt = store.load()!.refreshToken!;
    expect((await postForm(`${suite.server.url}/oauth2/token`, { grant_type: 'refresh_token', refresh_token: rt }, basic(CLIENT.clientId, CLIENT.clientSecret))).status).toBe(200);
    suite.server.clock.advance(301);
    const err = await watch.rejects(tokens.getAccessToken());
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect(err).toBeInstanceOf(TokenError);
    expect(err).toMatchObject({ name: 'ReauthRequiredError', code: 'invalid_grant', status: 400 });
    expect(err.message).toContain('sign in again');
    expect(store.load()).toBeUndefined();
    const next = await watch.rejects(tokens.getAccessToken());
    expect(next).toMatchObject({ name: 'ReauthRequiredError', code: 'not_signed_in' });
  });

  it('a refresh answer without refresh_token: the used (single-use) token is dropped, the next refresh asks to sign in again', async () => {
    const store = new MemoryTokenStore();
    const stripping: typeof fetch = async (input, init) => {
      const res = await watch.fetch(input, init);
      if (!String(init?.body).includes('grant_type=refresh_token')) return res;
      const body = (await res.json()) as Record<string, unknown>;
      delete body.refresh_token;
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
    const tokens = createTokenClient({ authUrl: suite.server.url, ...CLIENT, store, fetch: stripping, clock: () => suite.server.clock.now, onWarning: () => {} });
    await tokens.signInWithPassword(USER);
    suite.server.clock.advance(301);
    expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toBeDefined();
    expect(store.load()!.refreshToken).toBeUndefined();
    suite.server.clock.advance(301);
    suite.server.authority.resetStats();
    const err = await watch.rejects(tokens.getAccessToken());
    expect(err).toMatchObject({ name: 'ReauthRequiredError', code: 'invalid_grant' });
    expect(err.message).toContain('sign in again');
    expect(suite.server.authority.stats.tokenRequests).toBe(0);
  });

  it('refreshing does not extend a code-grant refresh token: it still expires one year after sign-in', async () => {
    const store = new MemoryTokenStore();
    const tokens = client(store);
    await tokens.signInWithPassword(USER);
    const signedInUntil = suite.server.clock.now + 10 * 24 * 3600 * 1000;
    store.save({ ...store.load()!, grant: 'authorization_code', refreshTokenExpiresAt: signedInUntil });
    suite.server.clock.advance(301);
    await tokens.getAccessToken();
    expect(suite.server.authority.stats.refreshes).toBe(1);
    expect(store.load()).toMatchObject({ grant: 'authorization_code', refreshTokenExpiresAt: signedInUntil });
  });

  it('a code-grant refresh token older than a year -> ReauthRequiredError without a request', async () => {
    const store = new MemoryTokenStore();
    const tokens = client(store);
    await tokens.signInWithPassword(USER);
    const t = store.load()!;
    store.save({ ...t, grant: 'authorization_code', refreshTokenExpiresAt: suite.server.clock.now + 1000 });
    suite.server.clock.advance(400);
    suite.server.authority.resetStats();
    const err = await watch.rejects(tokens.getAccessToken());
    expect(err).toMatchObject({ name: 'ReauthRequiredError', code: 'refresh_token_expired' });
    expect(suite.server.authority.stats.tokenRequests).toBe(0);
    expect(store.load()).toBeUndefined();
  });

  it('a network failure leaves the stored tokens untouched, and the next call succeeds', async () => {
    const store = new MemoryTokenStore();
    let down = false;
    const flaky: typeof fetch = (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : watch.fetch(input, init));
    const tokens = createTokenClient({ authUrl: suite.server.url, ...CLIENT, store, fetch: flaky, clock: () => suite.server.clock.now, onWarning: () => {} });
    await tokens.signInWithPassword(USER);
    const saved = store.load();
    suite.server.clock.advance(301);
    down = true;
    const err = await watch.rejects(tokens.getAccessToken());
    expect(err).toMatchObject({ name: 'TokenError', code: 'network_error' });
    expect(store.load()).toEqual(saved);
    down = false;
    expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toBeDefined();
  });

  it('an unusable token response -> TokenError invalid_response, nothing stored', async () => {
    const store = new MemoryTokenStore();
    const bad: typeof fetch = async () => new Response(JSON.stringify({ access_token: 'x-access-Abc123', token_type: 'mac', expires_in: 300 }), { status: 200, headers: { 'content-type': 'application/json' } });
    watch.add('x-access-Abc123');
    const tokens = createTokenClient({ authUrl: suite.server.url, ...CLIENT, store, fetch: bad, onWarning: () => {} });
    const err = await watch.rejects(tokens.signInWithPassword(USER));
    expect(err).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(err.message).toContain('token_type');
    expect(store.load()).toBeUndefined();
  });

  it('masks secrets a server echoes in error_description', async () => {
    const echo: typeof fetch = async (_i, init) => {
      const p = new URLSearchParams(String(init?.body));
      return new Response(JSON.stringify({ error: 'invalid_grant', error_description: `bad password ${p.get('password')} for ${p.get('username')}` }), { status: 400, headers: { 'content-type': 'application/json' } });
    };
    const tokens = createTokenClient({ authUrl: suite.server.url, ...CLIENT, fetch: echo, onWarning: () => {} });
    const err = await watch.rejects(tokens.signInWithPassword(USER));
    expect(err.message).toBe(`Token endpoint answered HTTP 400 invalid_grant: bad password [redacted] for ${USER.username}.`);
  });
});

/** A store over another one (like a second process's view of the same file), with a hook after each load. */
class ProxyStore implements TokenStore {
  constructor(private readonly inner: MemoryTokenStore, private readonly afterLoad?: () => Promise<void>) {}
  async load(): Promise<StoredTokens | undefined> {
    const t = this.inner.load();
    await this.afterLoad?.();
    return t;
  }
  save(t: StoredTokens): void {
    this.inner.save(t);
  }
  clear(): void {
    this.inner.clear();
  }
}
