// createTokenSession + the sign-in functions: the same session behaviour as createTokenClient, and a program that
// only calls APIs with a stored session does not bundle the grants (issue 10, size).
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  MemoryTokenStore, TokenError, authorizationUrl, createTokenClient, createTokenSession, exchangeCallback, signInWithPassword, signOut,
} from '../../templates/token/index.js';
import { loginThroughForm } from './browser.js';
import { CLIENT, REDIRECT, USER, useTokenServer } from './server.js';

const suite = useTokenServer();
const { watch } = suite;

const session = (store = new MemoryTokenStore()) => createTokenSession({ authUrl: suite.server.url, ...CLIENT, store, fetch: watch.fetch, clock: () => suite.server.clock.now, onWarning: () => {} });

describe('createTokenSession', () => {
  it('signs in with the code grant through the functions, refreshes, and signs out with revocation', async () => {
    const store = new MemoryTokenStore();
    const tokens = session(store);
    expect(Object.keys(tokens).sort()).toEqual(['getAccessToken', 'refreshAfterUnauthorized', 'toJSON', 'toString']);
    const req = await authorizationUrl(tokens, { redirectUri: REDIRECT, pkce: true });
    const back = await loginThroughForm(req.url);
    const result = await exchangeCallback(tokens, { callbackUrl: back.toString(), redirectUri: REDIRECT, expectedState: req.state, codeVerifier: req.codeVerifier });
    expect(result.grant).toBe('authorization_code');
    const first = await tokens.getAccessToken();
    suite.server.clock.advance(300);
    const second = await tokens.getAccessToken();
    expect(second).not.toBe(first);
    expect(await tokens.refreshAfterUnauthorized(second)).not.toBe(second);
    const access = await tokens.getAccessToken();
    await signOut(tokens, { revoke: true });
    expect(store.load()).toBeUndefined();
    expect(suite.server.authority.verifyAccessToken(access)).toBeUndefined();
    expect(await watch.rejects(tokens.getAccessToken())).toMatchObject({ name: 'ReauthRequiredError', code: 'not_signed_in' });
  });

  it('the functions accept a createTokenClient client, and reject objects that are not sessions', async () => {
    const client = createTokenClient({ authUrl: suite.server.url, ...CLIENT, fetch: watch.fetch, onWarning: () => {} });
    await signInWithPassword(client, USER);
    expect(await client.getAccessToken()).toEqual(expect.any(String));
    const fake = { getAccessToken: async () => 't', refreshAfterUnauthorized: async () => 't', toJSON: () => ({ authUrl: '', store: '', basicAuth: 'raw' as const }) };
    await expect(signInWithPassword(fake, USER)).rejects.toThrow(TypeError);
    expect(JSON.stringify(session())).not.toContain(CLIENT.clientSecret);
  });

  it('rejects a missing secret like createTokenClient', () => {
    expect(() => createTokenSession({ authUrl: suite.server.url, clientId: 'x', clientSecret: '' })).toThrow(TokenError);
  });
});

describe('tree-shaking', () => {
  const bundle = async (factory: string) => {
    const entry = new URL('../../templates/token/index.ts', import.meta.url).pathname;
    const out = await build({
      stdin: { contents: `import { ${factory} } from ${JSON.stringify(entry)};\nconst t = ${factory}({ authUrl: 'https://a.example', clientId: 'i', clientSecret: 's' });\nt.getAccessToken().then(console.log);`, loader: 'ts', resolveDir: '/' },
      bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2020', write: false, logLevel: 'silent',
    });
    return out.outputFiles[0]!.text;
  };

  it('a program using createTokenSession ships no sign-in grant, PKCE, env reading or revocation', async () => {
    const lean = await bundle('createTokenSession');
    const full = await bundle('createTokenClient');
    for (const text of ['code_challenge', 'DOCEX_USERNAME', 'DOCEX_PASSWORD_GRANT_DEPRECATED', 'oauth2/revoke', 'refresh_token']) {
      expect(full, text).toContain(text);
    }
    for (const text of ['code_challenge', 'DOCEX_USERNAME', 'DOCEX_PASSWORD_GRANT_DEPRECATED', 'oauth2/revoke']) expect(lean, text).not.toContain(text);
    expect(lean).toContain('refresh_token');
    expect(lean.length).toBeLessThan(full.length * 0.75);
  });
});
