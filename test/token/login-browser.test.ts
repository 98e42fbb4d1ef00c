// The login form in a real browser (headless Chromium): the token client's authorization code flow signs in through
// the page, arriving from the client's site as users do; a page of another site that posts the form is refused, even
// with a form token of its own. The client's site and the other site are pages Chromium is given (page.route), so
// nothing leaves 127.0.0.1.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenClient } from '../../templates/token/index.js';
import { escapeHtml } from '../../generator/sandbox/token/login-page.js';
import { openLoginForm } from './browser.js';
import { CLIENT, REDIRECT, USER, useTokenServer } from './server.js';

const CHROMIUM = process.env.DOCEX_CHROMIUM ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const browserTests = hasChromium ? describe : describe.skip;

const suite = useTokenServer();
const APP = new URL(REDIRECT).origin;
const OTHER_SITE = 'http://forms.example';

/** A page of the client's or another site: `html` at `url`, and the redirect URI answering plainly. */
async function pageWith(browser: Browser, sites: Record<string, string>): Promise<Page> {
  const page = await browser.newPage();
  await page.route(`${APP}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: sites[route.request().url()] ?? 'back at the application' }));
  await page.route(`${OTHER_SITE}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: sites[route.request().url()] ?? '' }));
  return page;
}

browserTests(`the login form in headless Chromium${hasChromium ? '' : ' (skipped: apt-get install chromium)'}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  });
  afterAll(() => browser?.close());

  it("signs in with the token client's authorization URL, from a link on the client's site", async () => {
    const tokens = createTokenClient({ authUrl: suite.server.url, ...CLIENT, fetch: suite.watch.fetch, clock: () => suite.server.clock.now });
    const req = await tokens.authorizationUrl({ redirectUri: REDIRECT, pkce: true });
    suite.watch.add(req.codeVerifier);
    const page = await pageWith(browser, { [`${APP}/start`]: `<a id="sign-in" href="${escapeHtml(req.url)}">Sign in</a>` });
    try {
      await page.goto(`${APP}/start`);
      await Promise.all([page.waitForURL(`${suite.server.url}/oauth2/authorize?**`), page.click('#sign-in')]);
      // Twice: a wrong password shows the form again, which then signs in.
      for (const password of ['Wr0ng-pass-Q', USER.password]) {
        await page.fill('#username', USER.username);
        await page.fill('#password', password);
        await Promise.all([page.waitForLoadState(), page.click('button[type=submit]')]);
      }
      await page.waitForURL(`${REDIRECT}?**`);
      suite.watch.add(new URL(page.url()).searchParams.get('code') ?? undefined);
      await tokens.exchangeCallback({ callbackUrl: page.url(), redirectUri: REDIRECT, expectedState: req.state, codeVerifier: req.codeVerifier });
      expect(suite.server.authority.verifyAccessToken(await tokens.getAccessToken())).toEqual({ clientId: CLIENT.clientId, username: USER.username });
    } finally {
      await page.close();
    }
  });

  it("refuses the form posted by another site's page, even with a form token and a cookie of that site's own", async () => {
    // The other site loads the login page itself to get a form token (bound to its own cookie), and makes the browser
    // of a user who has the login page open post the form with the other site's credentials (login CSRF).
    const stolen = await openLoginForm(`${suite.server.url}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT, state: 'st' })}`);
    const fields = [...stolen.fields, ['username', USER.username], ['password', USER.password]];
    const attack = `<form id="f" method="post" action="${suite.server.url}/oauth2/authorize">${fields.map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v!)}">`).join('')}</form><script>document.getElementById('f').submit()</script>`;
    const page = await pageWith(browser, { [`${OTHER_SITE}/attack`]: attack });
    try {
      await page.goto(`${suite.server.url}/oauth2/authorize?${new URLSearchParams({ response_type: 'code', client_id: CLIENT.clientId, redirect_uri: REDIRECT })}`);
      const answer = page.waitForResponse((r) => r.url() === `${suite.server.url}/oauth2/authorize` && r.request().method() === 'POST');
      await page.goto(`${OTHER_SITE}/attack`);
      const res = await answer;
      expect(res.status()).toBe(403);
      expect(await res.text()).toContain('sent from another site');
      expect(res.request().headers()['origin']).toBe(OTHER_SITE);
      expect(page.url()).not.toContain(APP);
    } finally {
      await page.close();
    }
  });
});
