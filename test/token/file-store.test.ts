// FileTokenStore: permissions, atomic replacement, torn temp files, corrupt files.
import { mkdtemp, readFile, readdir, rm, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenError, type StoredTokens } from '../../templates/token/index.js';
import { FileTokenStore } from '../../templates/token/node.js';
import { useTokenServer } from './server.js';

const { watch } = useTokenServer({ start: false, secrets: ['file-access-Tok3n', 'file-refresh-Tok3n', 'corrupt-Secret-55'] });
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docex-token-store-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sample = (n = 0): StoredTokens => ({
  version: 1, accessToken: `file-access-Tok3n${n || ''}`, expiresAt: 1_800_000_000_000, expiresIn: 300,
  refreshToken: `file-refresh-Tok3n${n || ''}`, refreshTokenExpiresAt: null, grant: 'password', scope: 'all',
});

describe('FileTokenStore', () => {
  it('writes mode 0600 into a 0700 directory it creates, with absolute expiry times, leaving no temp file', async () => {
    const path = join(dir, 'nested', 'deeper', 'tokens.json');
    const store = new FileTokenStore(path);
    expect(await store.load()).toBeUndefined();
    await store.save(sample());
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'nested', 'deeper'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(sample());
    expect(await store.load()).toEqual(sample());
    expect(await readdir(join(dir, 'nested', 'deeper'))).toEqual(['tokens.json']);
    await store.save(sample(2));
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await store.load()).toEqual(sample(2));
    await store.clear();
    expect(await store.load()).toBeUndefined();
    await store.clear(); // idempotent
    watch.serialised(store);
    expect(JSON.stringify(store)).toBe(JSON.stringify({ type: 'FileTokenStore', path }));
  });

  it('ignores a torn temp file next to it and removes it once it is stale', async () => {
    const sub = join(dir, 'torn');
    await mkdir(sub);
    const path = join(sub, 'tokens.json');
    const store = new FileTokenStore(path);
    await store.save(sample());
    const stale = join(sub, 'tokens.json.0123456789ab.tmp');
    const recent = join(sub, 'tokens.json.ba9876543210.tmp');
    const torn = JSON.stringify(sample(3)).slice(0, 40); // a write cut short by a crash
    await writeFile(stale, torn, { mode: 0o600 });
    await writeFile(recent, torn, { mode: 0o600 });
    const old = new Date(Date.now() - 5 * 60_000);
    await utimes(stale, old, old);
    expect(await store.load()).toEqual(sample());
    expect(await new FileTokenStore(path).load()).toEqual(sample());
    await store.save(sample(4));
    expect(await store.load()).toEqual(sample(4));
    expect((await readdir(sub)).sort()).toEqual(['tokens.json', 'tokens.json.ba9876543210.tmp']);
  });

  it('a save that fails midway leaves the previous file intact and no temp file', async () => {
    const sub = join(dir, 'failing');
    const path = join(sub, 'tokens.json');
    const store = new FileTokenStore(path);
    await store.save(sample());
    const poisoned = { ...sample(5), toJSON() { throw new Error('disk full'); } } as StoredTokens;
    const err = await watch.rejects(store.save(poisoned));
    expect(err).toBeInstanceOf(TokenError);
    expect(err).toMatchObject({ code: 'store_failed' });
    expect(err.message).toContain(path);
    expect(await store.load()).toEqual(sample());
    expect(await readdir(sub)).toEqual(['tokens.json']);
  });

  it('refuses a corrupt or foreign token file without showing its content', async () => {
    const path = join(dir, 'corrupt.json');
    await writeFile(path, '{"accessToken":"corrupt-Secret-55"');
    const err = await watch.rejects(new FileTokenStore(path).load());
    expect(err).toMatchObject({ name: 'TokenError', code: 'store_failed' });
    expect(err.message).toBe(`The token file ${path} is not a docex token file; delete it and sign in again.`);
    await writeFile(path, '{"accessToken":"corrupt-Secret-55"}');
    expect(await watch.rejects(new FileTokenStore(path).load())).toMatchObject({ code: 'store_failed' });
  });
});
