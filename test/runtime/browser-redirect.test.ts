// Issue 41: in a browser a manual redirect is opaque (its target is hidden), so a request that carries a credential
// and meets any redirect ends in a RedirectError, and nothing reaches the other origin; a request without one
// follows redirects as fetch does. The runtime, bundled for the browser, runs in headless Chromium.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echo, startServer, type TestServer } from './server.js';

const CHROMIUM = process.env.DOCEX_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env.CI) throw new Error(`Chromium is required under CI: ${CHROMIUM} is missing`);

const program = `
import { createApi } from ${JSON.stringify(new URL('../../templates/runtime/index.ts', import.meta.url).pathname)};
const op = (path) => ({ method: 'GET', path, params: [], accept: ['application/json'] });
const tokens = { getAccessToken: async () => 'browser-secret', refreshAfterUnauthorized: async () => 'browser-secret' };
const outcome = (p) => p.then((v) => ({ ok: v }), (e) => ({ name: e.name, status: e.status, location: e.location, message: e.message }));
window.results = Promise.all([
  outcome(createApi({ baseUrl: location.origin + '/', tokens, retry: false }, '').call(op('/to/other'), {})),
  outcome(createApi({ baseUrl: location.origin + '/', tokens, retry: false }, '').call(op('/to/self'), {})),
  outcome(createApi({ baseUrl: location.origin + '/', retry: false }, '').call(op('/to/self'), {})),
]);`;

describe.skipIf(!hasChromium)('redirects in a browser (headless Chromium)', () => {
  let page: TestServer;
  let other: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    const bundled = await build({ stdin: { contents: program, loader: 'js', resolveDir: '/' }, bundle: true, format: 'iife', platform: 'browser', write: false, logLevel: 'silent' });
    const html = `<!doctype html><title>t</title><script>${bundled.outputFiles[0]!.text}</script>`;
    other = await startServer((req, res, raw) => (res.setHeader('access-control-allow-origin', '*'), echo(req, res, raw)));
    page = await startServer((req, res, raw) => {
      if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(html);
      if (req.url === '/to/other') return res.writeHead(302, { location: `${other.url}echo` }).end();
      if (req.url === '/to/self') return res.writeHead(302, { location: '/echo' }).end();
      return echo(req, res, raw);
    });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await page?.close();
    await other?.close();
  });

  it('a credentialed request meets a redirect: RedirectError (status 0, no place); without credentials, followed', async () => {
    const tab = await browser.newPage();
    await tab.goto(page.url);
    const results = (await tab.evaluate('window.results')) as Record<string, unknown>[];
    const hidden = { name: 'RedirectError', status: 0, message: 'GET /to/other: redirected (opaque) to an unknown place, not followed with its credentials' };
    expect(results[0]).toEqual(hidden);
    expect(results[1]).toMatchObject({ name: 'RedirectError', status: 0 });
    expect(results[2]).toMatchObject({ ok: { method: 'GET', url: '/echo' } });
    expect(other.requests).toEqual([]);
  }, 60_000);
});
