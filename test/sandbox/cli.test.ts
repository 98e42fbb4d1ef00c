import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';
import { spawnSandbox } from '../helpers/spawn-sandbox.js';
import { basic, fixtureDir } from './helpers.js';

/** Starts the built CLI and waits (bounded) for the URL it prints. */
const startCli = (...more: string[]) => spawnSandbox(process.execPath, ['bin/docex.js', 'sandbox', '--port', '0', '--openapi', fixtureDir, ...more], repoRoot);

const form = (url: string, params: Record<string, string>, authorization = basic()) =>
  fetch(`${url}/oauth2/token`, { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(params) });

/** Signs in, refreshes, replays the first refresh token: the status of a refresh with the newer one. */
async function refreshAfterReplay(url: string): Promise<number> {
  const first = (await (await form(url, { grant_type: 'password', username: 'demo', password: 'demo-password' })).json()) as { refresh_token: string };
  const second = (await (await form(url, { grant_type: 'refresh_token', refresh_token: first.refresh_token })).json()) as { refresh_token: string };
  expect((await form(url, { grant_type: 'refresh_token', refresh_token: first.refresh_token })).status).toBe(400);
  return (await form(url, { grant_type: 'refresh_token', refresh_token: second.refresh_token })).status;
}

// `docex sandbox` as a user runs it (the built CLI; `npm test` builds first).
describe('docex sandbox', () => {
  it('prints its URL and the test credentials, serves, and stops cleanly on SIGTERM', async () => {
    const { child, io, exited, url } = await startCli();
    try {
      expect(io.out).toContain('sandbox-client / sandbox-secret');
      expect(io.out).toContain('demo / demo-password');
      const tok = await fetch(`${url}/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=password&username=demo&password=demo-password',
      });
      expect(tok.status).toBe(200);
      const { access_token } = (await tok.json()) as { access_token: string };
      const r = await fetch(`${url}/document/v1/documents?limit=3`, { headers: { authorization: `Bearer ${access_token}` } });
      expect(r.status).toBe(200);
      expect(((await r.json()) as { items: unknown[] }).items).toHaveLength(3);
      // A replayed refresh token revokes its family by default (RFC 9700 4.14.2).
      expect(await refreshAfterReplay(url)).toBe(400);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(io.out).toContain('docex sandbox stopped');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('--no-revoke-family-on-reuse keeps the newer tokens of a replayed refresh token working', async () => {
    const { url, stop } = await startCli('--no-revoke-family-on-reuse');
    try {
      expect(await refreshAfterReplay(url)).toBe(200);
    } finally {
      await stop();
    }
  });

  it('never prints a credential it was given, only where each came from', async () => {
    const given = { clientId: 'my-client-Q7', clientSecret: 'env-Secret-x9T', username: 'env-user-K3', password: 'flag-Pass-w0rd' };
    const env = { ...process.env, DOCEX_SANDBOX_CLIENT_SECRET: given.clientSecret, DOCEX_SANDBOX_USERNAME: given.username };
    const { url, io, stop } = await spawnSandbox(process.execPath, ['bin/docex.js', 'sandbox', '--port', '0', '--openapi', fixtureDir, '--client-id', given.clientId, '--password', given.password], repoRoot, { env });
    try {
      for (const value of Object.values(given)) expect(io.out + io.err).not.toContain(value);
      expect(io.out).toContain('test client     (from --client-id) / (from DOCEX_SANDBOX_CLIENT_SECRET)');
      expect(io.out).toContain('test user       (from DOCEX_SANDBOX_USERNAME) / (from --password)');
      // The service uses them.
      const tok = await form(url, { grant_type: 'password', username: given.username, password: given.password }, basic(given.clientId, given.clientSecret));
      expect(tok.status).toBe(200);
    } finally {
      await stop();
    }
    expect(io.out + io.err).not.toContain(given.clientSecret);
  });

  it('stops cleanly on SIGINT (Ctrl+C) and frees its port', async () => {
    const { child, io, exited, url } = await startCli();
    try {
      expect((await fetch(`${url}/document/v1/documents?limit=1`)).status).toBe(401);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(io.out).toContain('docex sandbox stopped');
      await expect(fetch(`${url}/document/v1/documents`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('says so when the port is taken (exit 2)', async () => {
    const { createServer } = await import('node:net');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, ['bin/docex.js', 'sandbox', '--port', String(port), '--openapi', fixtureDir], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(2);
      expect(err).toContain(`port ${port} is in use`);
    } finally {
      server.close();
    }
  });

  it('registers each --redirect-uri for the login page, and only those and the default (exact match, spec 4.4)', async () => {
    const app = 'http://127.0.0.1:7777/my-app/callback';
    const { child, io, url } = await spawnSandbox(process.execPath, ['bin/docex.js', 'sandbox', '--port', '0', '--openapi', fixtureDir, '--redirect-uri', app, '--redirect-uri', 'https://app.example/cb'], repoRoot);
    try {
      expect(io.out).toContain(`redirect URIs   http://127.0.0.1/callback ${app} https://app.example/cb`);
      const page = (redirect: string) => fetch(`${url}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: 'sandbox-client', redirect_uri: redirect })}`);
      expect((await page(app)).status).toBe(200);
      expect((await page('https://app.example/cb')).status).toBe(200);
      expect((await page('http://127.0.0.1:7778/my-app/callback')).status).toBe(400);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('rejects a --redirect-uri that is not an absolute URI (exit 2)', async () => {
    const child = spawn(process.execPath, ['bin/docex.js', 'sandbox', '--redirect-uri', 'callback'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--redirect-uri must be an absolute URI');
  });

  it('rejects a bad --port with exit 2 and a clear message', async () => {
    const child = spawn(process.execPath, ['bin/docex.js', 'sandbox', '--port', 'abc'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('--port must be an integer');
  });
});
