import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';
import { spawnSandbox } from '../helpers/spawn-sandbox.js';
import { basic, fixtureDir } from './helpers.js';

/** Starts the built CLI and waits (bounded) for the URL it prints. */
const startCli = () => spawnSandbox(process.execPath, ['bin/docex.js', 'sandbox', '--port', '0', '--openapi', fixtureDir], repoRoot);

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
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(io.out).toContain('docex sandbox stopped');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
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
