// A real process killed (SIGKILL) right before / right after saving rotated tokens to a FileTokenStore.
// Before the save: the file still holds the spent refresh token, so the next run must sign in again (the one
// unrecoverable window; see client-crash.test.ts). After the save: the next run continues with the saved tokens.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReauthRequiredError, createTokenClient, type StoredTokens } from '../../templates/token/index.js';
import { FileTokenStore } from '../../templates/token/node.js';
import { CLIENT, USER, useTokenServer } from './server.js';

// The child uses the real clock; so does this server.
const suite = useTokenServer({ options: { now: Date.now } });
const { watch } = suite;
let dir: string;
let child: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docex-token-kill-'));
  child = join(dir, 'child.mjs');
  await build({ entryPoints: [join(dirname(fileURLToPath(import.meta.url)), 'crash-child.ts')], bundle: true, platform: 'node', format: 'esm', outfile: child, logLevel: 'silent' });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs the child asynchronously (the token service lives in this process's event loop). */
async function runChild(path: string, action: 'sign-in' | 'refresh' | 'get', crash: 'none' | 'before-save' | 'after-save') {
  const p = spawn(process.execPath, [child], {
    timeout: 30_000,
    env: { PATH: process.env['PATH'], DOCEX_AUTH_URL: suite.server.url, DOCEX_CLIENT_ID: CLIENT.clientId, DOCEX_CLIENT_SECRET: CLIENT.clientSecret, DOCEX_USERNAME: USER.username, DOCEX_PASSWORD: USER.password, STORE_PATH: path, ACTION: action, CRASH: crash },
  });
  let stdout = '';
  let stderr = '';
  p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [status, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((ok) => p.on('close', (c, sig) => ok([c, sig])));
  watch.texts.push(stdout, stderr);
  return { status, signal, stdout, stderr };
}
const read = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as StoredTokens;
const nextRun = (path: string) => createTokenClient({ authUrl: suite.server.url, ...CLIENT, store: new FileTokenStore(path), fetch: watch.fetch, onWarning: () => {} });

describe('a process killed around the save of rotated tokens', () => {
  it('killed before the save: file intact with the old tokens; the next run must sign in again', async () => {
    const path = join(dir, 'before.json');
    expect((await runChild(path, 'sign-in', 'none'))).toMatchObject({ status: 0, stdout: 'done\n' });
    const old = await read(path);
    watch.add(old.accessToken, old.refreshToken);
    suite.server.authority.resetStats();
    const killed = await runChild(path, 'refresh', 'before-save');
    expect(killed.signal).toBe('SIGKILL');
    expect(suite.server.authority.stats.refreshes).toBe(1); // the service rotated: the stored refresh token is spent
    expect(await read(path)).toEqual(old);
    const err = await watch.rejects(nextRun(path).getAccessToken().then((t) => nextRun(path).refreshAfterUnauthorized(t)));
    expect(err).toBeInstanceOf(ReauthRequiredError);
    expect(err).toMatchObject({ code: 'invalid_grant' });
  });

  it('killed after the save: the next run continues with the rotated tokens', async () => {
    const path = join(dir, 'after.json');
    expect((await runChild(path, 'sign-in', 'none')).status).toBe(0);
    const old = await read(path);
    const killed = await runChild(path, 'refresh', 'after-save');
    expect(killed.signal).toBe('SIGKILL');
    const saved = await read(path);
    watch.add(old.accessToken, old.refreshToken, saved.accessToken, saved.refreshToken);
    expect(saved.refreshToken).not.toBe(old.refreshToken);
    const next = nextRun(path);
    const access = await next.getAccessToken();
    expect(access).toBe(saved.accessToken);
    expect(suite.server.authority.verifyAccessToken(await next.refreshAfterUnauthorized(access))).toBeDefined();
  });
});

describe('several processes sharing one token file', () => {
  it('6 processes needing a refresh at once cause exactly one refresh request; all use its token', async () => {
    const path = join(dir, 'shared.json');
    expect((await runChild(path, 'sign-in', 'none')).status).toBe(0);
    const old = await read(path);
    watch.add(old.accessToken, old.refreshToken);
    await writeFile(path, JSON.stringify({ ...old, expiresAt: Date.now() - 1000 })); // as if 300 s had passed
    suite.server.authority.resetStats();
    const runs = await Promise.all(Array.from({ length: 6 }, () => runChild(path, 'get', 'none')));
    expect(runs.map((r) => r.status)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(suite.server.authority.stats.refreshes).toBe(1);
    const saved = await read(path);
    watch.add(saved.accessToken, saved.refreshToken);
    const digest = createHash('sha256').update(saved.accessToken).digest('hex');
    expect(runs.map((r) => r.stdout)).toEqual(Array(6).fill(`${digest}\ndone\n`));
    expect((await readdir(dir)).filter((f) => f.startsWith('shared.json.'))).toEqual([]); // lock released, no temp left
  });

  it('a lock left by a killed process is taken over', async () => {
    const path = join(dir, 'killed-lock.json');
    expect((await runChild(path, 'sign-in', 'none')).status).toBe(0);
    expect((await runChild(path, 'refresh', 'after-save')).signal).toBe('SIGKILL'); // dies holding the lock
    expect((await readdir(dir)).includes('killed-lock.json.lock')).toBe(true);
    const saved = await read(path);
    watch.add(saved.accessToken, saved.refreshToken);
    expect((await runChild(path, 'refresh', 'none')).status).toBe(0);
    expect((await readdir(dir)).includes('killed-lock.json.lock')).toBe(false);
  });
});
