// Issue 42: the reference page's search box said "Loading..." in a headless screenshot: Redoc builds its index only
// when the browser is idle, and shows "Loading..." until then. reference.ts makes the box show its label from the
// prerendered markup on, and builds the index within a second; here a query finds an operation in Chromium.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocex } from '../helpers/run-docex.js';
import { inChromium } from './chromium-site.js';

const galaxy = join(repoRoot, 'node_modules', '@scalar', 'galaxy', 'dist', 'latest.yaml');
let scratch = '';
let page = '';

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'docex-search-'));
  const r = await runDocex(['docs', '--input', galaxy, '--output', 'site'], { cwd: scratch, timeoutMs: 120_000 });
  expect(r.code, r.stderr).toBe(0);
  page = join(scratch, 'site', 'reference', 'scalar-galaxy.html');
}, 150_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('the reference page\'s search box', () => {
  it('says what it is in the prerendered markup, before any script runs', () => {
    const html = readFileSync(page, 'utf8');
    const markup = html.slice(0, html.indexOf('<script type="module"'));
    expect(markup).toContain('Search <!-- -->Ctrl+K');
    expect(markup).not.toContain('Loading...');
  });

  inChromium('in headless Chromium', () => join(scratch, 'site'), (site) => {
    it('finds an operation by a word of its summary, with no console error (the hydrated box matches the markup)', async () => {
      const tab = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`${site.url}reference/scalar-galaxy.html`, { waitUntil: 'load' });
      const trigger = tab.locator('[data-testid="search-trigger"]');
      expect(await trigger.innerText()).toMatch(/^Search (Ctrl\+K|⌘K)$/);
      await trigger.click();
      await tab.locator('[data-testid="search-input"] input, input[placeholder="Search docs..."]').first().fill('planets');
      const dialog = tab.locator('[data-testid="search-dialog"]');
      await expect.poll(async () => dialog.innerText(), { timeout: 20_000 }).toContain('Get all planets');
      // (The galaxy document's own images are on another host, which this machine does not reach.)
      expect(errors.filter((e) => !e.startsWith('Failed to load resource: net::ERR_NAME_NOT_RESOLVED'))).toEqual([]);
      await tab.close();
    }, 60_000);
  });
});
