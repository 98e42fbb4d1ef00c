// Token client: transport safety, credentials from the environment, redaction, browser safety, the deprecation
// notice's default path, and use as the TokenSource of an API call (Bearer, 401 -> refresh once).
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect } from 'node:util';
import { build } from 'esbuild';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerTokenService } from '../../generator/sandbox/token/service.js';
import { MemoryTokenStore, TokenError, createTokenClient, tokenClientFromEnv, type TokenClient } from '../../templates/token/index.js';
import { CLIENT, REDIRECT, REMOTE_AUTH_URL, USER, useTokenServer, viaRemote } from './server.js';
import { SecretWatch } from './secrets.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const tokenDir = join(root, 'templates/token');
const suite = useTokenServer();
const { watch } = suite;
afterEach(() => vi.unstubAllEnvs());

describe('transport safety', () => {
  it('refuses http: except for loopback hosts, and malformed URLs', () => {
    const make = (authUrl: string) => () => createTokenClient({ authUrl, ...CLIENT });
    for (const url of ['http://auth.example.com', 'http://10.0.0.1:8080', 'http://127.example.com', 'ftp://auth.example.com']) {
      const err = (() => { try { make(url)(); } catch (e) { watch.error(e); return e; } return undefined; })();
      expect(err).toBeInstanceOf(TokenError);
      expect(err).toMatchObject({ code: 'insecure_url' });
    }
    for (const url of ['https://auth.example.com', 'https://auth.example.com/tenant/', 'http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:9000']) {
      expect(make(url)).not.toThrow();
    }
    expect(make('not a url')).toThrow(expect.objectContaining({ code: 'invalid_config' }));
    expect(make('https://user:pw@auth.example.com')).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });

  it('builds endpoints under an authUrl with a path', async () => {
    const c = createTokenClient({ authUrl: 'https://auth.example.com/tenant/', ...CLIENT });
    const { url } = await c.authorizationUrl({ redirectUri: REDIRECT, state: 's' });
    expect(url.startsWith('https://auth.example.com/tenant/oauth2/authorize?')).toBe(true);
  });
});

describe('credentials from the environment', () => {
  it('reads DOCEX_CLIENT_ID, DOCEX_CLIENT_SECRET, DOCEX_USERNAME and DOCEX_PASSWORD', async () => {
    vi.stubEnv('DOCEX_AUTH_URL', suite.server.url);
    vi.stubEnv('DOCEX_CLIENT_ID', CLIENT.clientId);
    vi.stubEnv('DOCEX_CLIENT_SECRET', CLIENT.clientSecret);
    vi.stubEnv('DOCEX_USERNAME', USER.username);
    vi.stubEnv('DOCEX_PASSWORD', USER.password);
    const tokens = tokenClientFromEnv({ fetch: watch.fetch, onWarning: () => {} });
    watch.serialised(tokens);
    await tokens.signInWithPassword();
    expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toEqual({ clientId: CLIENT.clientId, username: USER.username });
  });

  it('says which variable is missing, without values', async () => {
    vi.stubEnv('DOCEX_CLIENT_ID', CLIENT.clientId);
    vi.stubEnv('DOCEX_CLIENT_SECRET', '');
    expect(() => tokenClientFromEnv({ authUrl: suite.server.url })).toThrow('clientSecret is missing: pass it or set DOCEX_CLIENT_SECRET.');
    vi.stubEnv('DOCEX_CLIENT_SECRET', CLIENT.clientSecret);
    vi.stubEnv('DOCEX_PASSWORD', '');
    const err = await watch.rejects(tokenClientFromEnv({ authUrl: suite.server.url, onWarning: () => {} }).signInWithPassword());
    expect(err).toMatchObject({ code: 'invalid_config' });
    expect(err.message).toContain('DOCEX_PASSWORD');
  });
});

describe('redaction', () => {
  it('shows no secret in String(), JSON.stringify() or util.inspect() of a signed-in client', async () => {
    const tokens = createTokenClient({ authUrl: suite.server.url, ...CLIENT, store: new MemoryTokenStore(), fetch: watch.fetch, onWarning: () => {} });
    await tokens.signInWithPassword(USER);
    await tokens.getAccessToken();
    watch.serialised(tokens);
    expect(String(tokens)).toBe(`TokenClient(${suite.server.url})`);
    expect(JSON.parse(JSON.stringify(tokens))).toEqual({ authUrl: suite.server.url, store: 'MemoryTokenStore', basicAuth: 'raw' });
    const shown = inspect(tokens, { showHidden: true, depth: 10 });
    for (const secret of watch.secrets) expect(shown.includes(secret)).toBe(false);
  });

  it('the watch itself catches a leak (so the suite-wide checks can fail)', () => {
    const probe = new SecretWatch('probe-Secret-123');
    probe.texts.push('oops probe-Secret-123');
    expect(probe.leaks()).toEqual(['text #0 contains a secret: oops <SECRET>']);
  });
});

describe('deprecation notice', () => {
  it('goes to process.emitWarning as a DeprecationWarning once per process when no hook is given', async () => {
    vi.resetModules();
    const fresh = await import('../../templates/token/index.js');
    const spy = vi.mocked(process.emitWarning);
    spy.mockClear();
    const mk = () => fresh.createTokenClient({ authUrl: REMOTE_AUTH_URL, ...CLIENT, fetch: viaRemote(suite.server.url, watch.fetch) });
    await mk().signInWithPassword(USER);
    await mk().signInWithPassword(USER);
    const calls = spy.mock.calls.filter((c) => String(c[0]).includes('password grant'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]).toEqual({ type: 'DeprecationWarning', code: 'DOCEX_PASSWORD_GRANT_DEPRECATED' });
  });

  it('is not given for a token service on this machine (the sandbox: the Quick start\'s sign-in), by hook or process', async () => {
    vi.resetModules();
    const fresh = await import('../../templates/token/index.js');
    const spy = vi.mocked(process.emitWarning);
    spy.mockClear();
    const hooked: string[] = [];
    await fresh.createTokenClient({ authUrl: suite.server.url, ...CLIENT, fetch: watch.fetch }).signInWithPassword(USER);
    await fresh.createTokenClient({ authUrl: suite.server.url, ...CLIENT, fetch: watch.fetch, onWarning: (w) => hooked.push(w.code) }).signInWithPassword(USER);
    expect(hooked).toEqual([]);
    expect(spy.mock.calls.filter((c) => String(c[0]).includes('password grant'))).toEqual([]);
  });
});

describe('as the TokenSource of an API', () => {
  it('sends Bearer tokens; after a 401 refreshAfterUnauthorized gets a new token once, and ReauthRequiredError ends it', async () => {
    const app = Fastify({ logger: false });
    const authority = registerTokenService(app, { clients: [{ ...CLIENT, redirectUris: [REDIRECT] }], users: [USER], revokeFamilyOnReuse: true });
    app.get('/document/v1/current-user', async (req, reply) => {
      const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
      const who = m?.[1] ? authority.verifyAccessToken(m[1]) : undefined;
      if (!who) return reply.code(401).header('cache-control', 'no-store').send({ technicalMessage: 'invalid token' });
      return reply.header('cache-control', 'no-store').send({ username: who.username });
    });
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const tokens = createTokenClient({ authUrl: url, ...CLIENT, fetch: watch.fetch, onWarning: () => {} });
      await tokens.signInWithPassword(USER);
      const call = async (t: TokenClient) => {
        const once = (token: string) => fetch(`${url}/document/v1/current-user`, { headers: { authorization: `Bearer ${token}` } });
        const token = await t.getAccessToken();
        const res = await once(token);
        return res.status === 401 ? once(await t.refreshAfterUnauthorized(token)) : res;
      };
      expect(await (await call(tokens)).json()).toEqual({ username: USER.username });
      // The server forgets the session (revocation): the access token is refused, and so is the refresh token.
      const t0 = await tokens.getAccessToken();
      await fetch(`${url}/oauth2/revoke`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: t0 }) });
      const err = await watch.rejects(call(tokens));
      expect(err).toMatchObject({ name: 'ReauthRequiredError', code: 'invalid_grant' });
      expect(authority.stats.refreshes).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('signOut clears the store and, when asked, revokes at the service', async () => {
    const store = new MemoryTokenStore();
    const tokens = createTokenClient({ authUrl: suite.server.url, ...CLIENT, store, fetch: watch.fetch, onWarning: () => {} });
    await tokens.signInWithPassword(USER);
    const access = await tokens.getAccessToken();
    await tokens.signOut({ revoke: true });
    expect(store.load()).toBeUndefined();
    expect(suite.server.authority.verifyAccessToken(access)).toBeUndefined();
    expect(await watch.rejects(tokens.getAccessToken())).toMatchObject({ name: 'ReauthRequiredError', code: 'not_signed_in' });
  });
});

describe('browser safety', () => {
  it('index.ts and everything it imports use no Node-only module; only node.ts does', async () => {
    const files = (await readdir(tokenDir)).filter((f) => f.endsWith('.ts'));
    for (const f of files) {
      const text = await readFile(join(tokenDir, f), 'utf8');
      const nodeImport = /from '(node:[^']+)'/.test(text);
      expect([f, nodeImport]).toEqual([f, f === 'node.ts']);
      if (f !== 'node.ts') expect([f, /\bBuffer\b|\brequire\(|\bprocess\./.test(text)]).toEqual([f, false]);
    }
    const out = await build({ entryPoints: [join(tokenDir, 'index.ts')], bundle: true, platform: 'browser', format: 'esm', write: false, minify: true, logLevel: 'silent' });
    expect(out.outputFiles[0]?.text).not.toMatch(/node:/);
  });

  it('type-checks as a browser program (DOM, no @types/node) and as a Node program without DOM, under strict settings', async () => {
    const tmp = await mkdtemp(join(tmpdir(), 'docex-token-tsc-'));
    try {
      const strict = { strict: true, noEmit: true, skipLibCheck: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noImplicitOverride: true, verbatimModuleSyntax: true, erasableSyntaxOnly: true, noPropertyAccessFromIndexSignature: true, target: 'ES2022' };
      const configs = {
        browser: { ...strict, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], module: 'ESNext', moduleResolution: 'bundler', files: ['index.ts'] },
        node: { ...strict, lib: ['ES2022'], types: ['node'], module: 'NodeNext', moduleResolution: 'NodeNext', files: ['index.ts', 'node.ts'] },
      };
      const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
      for (const [name, { files, ...compilerOptions }] of Object.entries(configs)) {
        const cfg = join(tmp, `tsconfig.${name}.json`);
        await writeFile(cfg, JSON.stringify({ compilerOptions: { ...compilerOptions, typeRoots: [join(root, 'node_modules/@types')] }, files: files.map((f) => join(tokenDir, f)) }));
        const r = spawnSync(process.execPath, [tsc, '-p', cfg], { encoding: 'utf8', cwd: tmp });
        expect([name, r.status, r.stdout]).toEqual([name, 0, '']);
      }
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }, 120_000);
});
