// The token client with the real sandbox and a generated API client: Bearer on every call, 100 concurrent
// calls with an expired token -> exactly one refresh request, a revoked session -> ReauthRequiredError.
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../generator/sandbox/index.js';
import { createDocumentClient } from '../../generated/document/v1/index.js';
import { ReauthRequiredError, createTokenClient, MemoryTokenStore } from '../../templates/token/index.js';
import { useTokenServer } from './server.js';

const clock = { now: Date.UTC(2026, 0, 1) };
const suite = useTokenServer({ secrets: ['sandbox-secret', 'demo-password'], start: () => startSandbox({ now: () => clock.now, documentCount: 20 }) });
const { watch } = suite;

describe('token client + sandbox + generated client', () => {
  it('100 concurrent API calls with an expired token cause exactly one refresh request', async () => {
    const store = new MemoryTokenStore();
    const tokens = createTokenClient({ authUrl: suite.server.url, clientId: 'sandbox-client', clientSecret: 'sandbox-secret', store, fetch: watch.fetch, clock: () => clock.now, onWarning: () => {} });
    await tokens.signInWithPassword({ username: 'demo', password: 'demo-password' });
    const api = createDocumentClient({ baseUrl: `${suite.server.url}/`, tokens, retry: false });
    const first = await api.listDocuments({ limit: 5 });
    expect(first.items.length).toBe(5);

    clock.now += 301_000;
    suite.server.authority.resetStats();
    const pages = await Promise.all(Array.from({ length: 100 }, (_, i) => api.listDocuments({ offset: i % 10, limit: 1 })));
    expect(pages.every((p) => p.items.length === 1)).toBe(true);
    expect(suite.server.authority.stats.refreshes).toBe(1);
    expect(suite.server.authority.stats.tokenRequests).toBe(1);
    watch.add(store.load()?.accessToken, store.load()?.refreshToken);

    // The session is revoked at the service: the API answers 401, the refresh fails -> ReauthRequiredError.
    const rt = store.load()?.refreshToken ?? '';
    await fetch(`${suite.server.url}/oauth2/revoke`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa('sandbox-client:sandbox-secret')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: rt }),
    });
    const err = await watch.rejects(api.listDocuments({ limit: 1 }));
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect(store.load()).toBeUndefined();
  });

  it('a client clock running behind: the API answers 401, the calls share one refresh and are retried once', async () => {
    const skewMs = 60_000;
    const tokens = createTokenClient({ authUrl: suite.server.url, clientId: 'sandbox-client', clientSecret: 'sandbox-secret', fetch: watch.fetch, clock: () => clock.now - skewMs, onWarning: () => {} });
    await tokens.signInWithPassword({ username: 'demo', password: 'demo-password' });
    const api = createDocumentClient({ baseUrl: `${suite.server.url}/`, tokens, retry: false });
    clock.now += 310_000; // expired for the service; 250 s old for the client, inside its 270 s
    suite.server.authority.resetStats();
    const pages = await Promise.all(Array.from({ length: 20 }, () => api.listDocuments({ limit: 1 })));
    expect(pages.every((p) => p.items.length === 1)).toBe(true);
    expect(suite.server.authority.stats.refreshes).toBe(1);
  });
});
