// Crashes around storing rotated tokens, with the real FileTokenStore and token service.
//
// What is recoverable:
// - a crash (or failed save) before the refresh request is sent: the stored refresh token is still valid;
// - a failed save while the process lives on: the new tokens stay in memory and the save is retried first;
// - a crash after the save, before the access token is used: the next run finds the new tokens;
// - a crash during the save: the file is replaced atomically, so it holds the old or the new tokens, never a torn mix.
// What is not: a process that dies after the service rotated the token and before the save completed. The service
// allows one use and documents no reuse interval, so the stored (old) token is already spent: the next run gets
// invalid_grant -> ReauthRequiredError, the file is cleared and the user signs in again.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReauthRequiredError, createTokenClient, type StoredTokens, type TokenStore } from '../../templates/token/index.js';
import { FileTokenStore } from '../../templates/token/node.js';
import { CLIENT, USER, useTokenServer } from './server.js';

const suite = useTokenServer();
const { watch } = suite;
let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docex-token-crash-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
beforeEach(() => suite.server.authority.resetStats());

/** A FileTokenStore whose next save can fail before writing ("crash") or after writing ("crash after save"). */
class CrashingStore implements TokenStore {
  failBefore = false;
  failAfter = false;
  constructor(readonly file: FileTokenStore) {}
  load() { return this.file.load(); }
  clear() { return this.file.clear(); }
  async save(t: StoredTokens) {
    if (this.failBefore) throw new Error('simulated crash before the write');
    await this.file.save(t);
    if (this.failAfter) throw new Error('simulated crash after the write');
  }
}

function run(store: TokenStore, fetchFn: typeof fetch = watch.fetch) {
  return createTokenClient({ authUrl: suite.server.url, ...CLIENT, store, fetch: fetchFn, clock: () => suite.server.clock.now, onWarning: () => {} });
}
const newPath = () => join(dir, `tokens-${++n}.json`);

describe('crash between receiving and storing rotated tokens', () => {
  it('a failed save: no token is handed out, the file keeps the previous tokens, and the live process recovers without another refresh', async () => {
    const path = newPath();
    const store = new CrashingStore(new FileTokenStore(path));
    const tokens = run(store);
    await tokens.signInWithPassword(USER);
    const before = await readFile(path, 'utf8');
    suite.server.clock.advance(301);
    store.failBefore = true;
    const err = await watch.rejects(tokens.getAccessToken());
    expect(err).toMatchObject({ name: 'TokenError', code: 'store_failed' });
    expect(err.message).not.toContain('simulated');
    expect(await readFile(path, 'utf8')).toBe(before);
    expect(suite.server.authority.stats.refreshes).toBe(1);

    store.failBefore = false;
    const access = await tokens.getAccessToken();
    expect(suite.server.authority.stats.refreshes).toBe(1); // the kept tokens were saved, not refreshed again
    const saved = JSON.parse(await readFile(path, 'utf8')) as StoredTokens;
    expect(saved.accessToken).toBe(access);
    expect(saved.refreshToken).not.toBe((JSON.parse(before) as StoredTokens).refreshToken);
    expect(suite.server.authority.verifyAccessToken(access)).toBeDefined();
  });

  it('the process dies in that window: the next run finds the old, spent refresh token -> ReauthRequiredError, file cleared (not recoverable)', async () => {
    const path = newPath();
    const store = new CrashingStore(new FileTokenStore(path));
    await run(store).signInWithPassword(USER);
    suite.server.clock.advance(301);
    store.failBefore = true;
    await watch.rejects(run(store).getAccessToken()); // "dies": that client and its memory are gone
    const next = run(new FileTokenStore(path));
    const err = await watch.rejects(next.getAccessToken());
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect(err).toMatchObject({ code: 'invalid_grant' });
    await expect(readFile(path, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('the process dies before the refresh request left: the next run still has the valid refresh token', async () => {
    const path = newPath();
    await run(new FileTokenStore(path)).signInWithPassword(USER);
    const before = await readFile(path, 'utf8');
    suite.server.clock.advance(301);
    const dead: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    await watch.rejects(run(new FileTokenStore(path), dead).getAccessToken());
    expect(await readFile(path, 'utf8')).toBe(before);
    const access = await run(new FileTokenStore(path)).getAccessToken();
    expect(suite.server.authority.verifyAccessToken(access)).toBeDefined();
  });

  it('the process dies after the save, before using the token: the next run uses the saved tokens without refreshing', async () => {
    const path = newPath();
    const store = new CrashingStore(new FileTokenStore(path));
    await run(store).signInWithPassword(USER);
    suite.server.clock.advance(301);
    store.failAfter = true;
    await watch.rejects(run(store).getAccessToken());
    expect(suite.server.authority.stats.refreshes).toBe(1);
    const saved = JSON.parse(await readFile(path, 'utf8')) as StoredTokens;
    const next = run(new FileTokenStore(path));
    expect(await next.getAccessToken()).toBe(saved.accessToken);
    expect(suite.server.authority.stats.refreshes).toBe(1);
    suite.server.clock.advance(301);
    expect(suite.server.authority.verifyAccessToken(await next.getAccessToken())).toBeDefined(); // its refresh token works
    expect(suite.server.authority.stats.refreshes).toBe(2);
  });

  it('stores absolute expiry: a reloaded token is refreshed on time, not re-timed from the reload', async () => {
    const path = newPath();
    await run(new FileTokenStore(path)).signInWithPassword(USER);
    suite.server.clock.advance(280);
    const next = run(new FileTokenStore(path));
    await next.getAccessToken();
    expect(suite.server.authority.stats.refreshes).toBe(1);
  });
});
