// A built site served on 127.0.0.1 and a headless Chromium to open it, for a describe block of browser tests
// (skipped where Debian's chromium is not installed, as the site's other browser tests are).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe } from 'vitest';
import { serveStatic, type StaticServer } from './static-server.js';

const CHROMIUM = process.env.DOCEX_CHROMIUM ?? '/usr/bin/chromium';

export interface ChromiumSite {
  browser: Browser;
  /** The site's root URL, ending in `/`. */
  url: string;
}

/** `tests(site)` runs in a describe block that serves `dir()` (read when the block starts) and opens Chromium. */
export function inChromium(name: string, dir: () => string, tests: (site: ChromiumSite) => void): void {
  (existsSync(CHROMIUM) ? describe : describe.skip)(name, () => {
    const site = {} as ChromiumSite;
    let server: StaticServer | undefined;
    beforeAll(async () => {
      server = await serveStatic(dir(), '/');
      site.url = server.url;
      site.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    });
    afterAll(async () => {
      await site.browser?.close();
      await server?.close();
    });
    tests(site);
  });
}
