// Issue 41, failure 3: HTML in a document's Markdown never runs script on the docs site. A site is built from a
// document whose every description (info, server, tag, parameters, operation, responses, schemas, security scheme)
// holds one payload of each kind (fixtures/hostile/openapi.json); each would call alert('<its name>').
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocex, type RunResult } from '../helpers/run-docex.js';
import { inChromium } from './chromium-site.js';

const fixture = join(repoRoot, 'test', 'docs', 'fixtures', 'hostile');
let scratch = '';
let build: RunResult;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'docex-hostile-site-'));
  build = await runDocex(['docs', '--input', join(fixture, 'openapi.json'), '--output', 'site'], { cwd: scratch, timeoutMs: 120_000 });
}, 150_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

/** Elements that frame or run a document, or redirect the page. */
const FORBIDDEN = /^(iframe|frame|frameset|object|embed|script|base|meta|form)$/i;
/** Redoc's own inline script (the colour mode), the one script its markup holds. */
const REDOC_SCRIPT = '<script>try{var m=localStorage.getItem("redoc.colorMode");';
/** A URL that runs script, or a document that could (a data: image is a picture). */
const SCRIPT_URL = /^(javascript|vbscript|data):/i;

/** What in these elements could run script: each as `tag attribute=value`. */
function scriptCapable(elements: { tag: string; attrs: [string, string][] }[]): string[] {
  const found: string[] = [];
  for (const { tag, attrs } of elements) {
    if (FORBIDDEN.test(tag)) found.push(tag);
    for (const [name, value] of attrs) {
      // As a browser reads a URL: control characters and whitespace anywhere are dropped.
      const url = value.replace(/[\u0000-\u0020]/g, '');
      const bad = /^on/i.test(name) || /^srcdoc$/i.test(name) || (SCRIPT_URL.test(url) && !/^data:image\/(png|gif|jpeg|webp);/i.test(url));
      if (bad) found.push(`${tag} ${name}=${value.slice(0, 40)}`);
    }
  }
  return found;
}

/** The elements of server-rendered markup (React's: every attribute quoted). */
function elementsOf(markup: string): { tag: string; attrs: [string, string][] }[] {
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...markup.matchAll(/<([a-zA-Z][\w:-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    tag: m[1]!,
    attrs: [...m[2]!.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, unescape(a[2] ?? '')] as [string, string]),
  }));
}

describe('a site built from a document with script in its Markdown', () => {
  it('builds', () => {
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
  });

  it('carries none of it in the markup Redoc prerenders', () => {
    const html = readFileSync(join(scratch, 'site', 'reference', 'hostile.html'), 'utf8');
    const markup = html.slice(html.indexOf('<div id="redoc"'), html.indexOf('<script type="module"'));
    expect(markup).toContain('keeps its Markdown');
    expect(markup.split(REDOC_SCRIPT)).toHaveLength(2);
    expect(scriptCapable(elementsOf(markup.replace(REDOC_SCRIPT, '<x>')))).toEqual([]);
  });

  inChromium('in headless Chromium', () => join(scratch, 'site'), (site) => {
    it('runs none of it on the reference page, and none of it is in the hydrated DOM', async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const url = `${site.url}reference/hostile.html`;
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForFunction(() => !document.querySelector('[data-testid="search-trigger"]')?.textContent?.includes('Loading'), undefined, { timeout: 20_000 });
      // Every route of the page's menu visited (Redoc renders an operation on its own route), and on each, every
      // collapsed part (responses, nested schemas) opened: the elements of all of them are checked.
      const elements: { tag: string; attrs: [string, string][] }[] = [];
      let dom = '';
      const visited = new Set<string>();
      for (let round = 0; round < 40; round++) {
        const next = (await page.$$eval('a[href^="#/"]', (as) => as.map((a) => a.getAttribute('href') ?? ''))).find((h) => !visited.has(h));
        if (next === undefined) break;
        visited.add(next);
        await page.evaluate((h) => (location.hash = h.slice(1)), next);
        await page.waitForTimeout(200);
        await page.$$eval('#redoc [aria-expanded="false"]', (all) => all.forEach((e) => (e as HTMLElement).click()));
        await page.waitForTimeout(100);
        dom += await page.evaluate(() => document.getElementById('redoc')?.outerHTML ?? '');
        elements.push(...(await page.$$eval('#redoc *', (all, own) =>
          all.filter((e) => !(e.tagName === 'SCRIPT' && e.outerHTML.startsWith(own))).map((e) => ({ tag: e.tagName.toLowerCase(), attrs: [...e.attributes].map((a) => [a.name, a.value] as [string, string]) })), REDOC_SCRIPT)));
      }
      expect(dom).toContain('keeps its Markdown');
      // What a document may use stays: inline code as written, bold in HTML and in Markdown.
      expect(dom).toMatch(/<code[^>]*>code &lt;b&gt;as written&lt;\/b&gt;<\/code>/);
      expect(dom).toMatch(/<b>bold<\/b>/);
      expect(scriptCapable(elements)).toEqual([]);
      expect(page.url().split('#')[0]).toBe(url);
      // The descriptions this page shows once its routes are visited (the others: test/docs/sanitize.test.ts).
      for (const where of ['info', 'tag', 'path parameter', 'operation', 'query parameter', 'response', 'property']) expect(dom, where).toContain(`<strong>${where}</strong> keeps its Markdown`);
      expect(dialogs).toEqual([]);
      await page.close();
    }, 60_000);

    it('would not run script the sanitizer missed either: the page\'s Content Security Policy', async () => {
      const file = join(scratch, 'site', 'reference', 'hostile.html');
      const missed = `<img src="x" onerror="alert('csp-onerror')"><iframe srcdoc="<script>alert('csp-srcdoc')</script>"></iframe><script>alert('csp-script')</script><a id="js" href="javascript:alert('csp-href')">x</a>`;
      writeFileSync(join(scratch, 'site', 'reference', 'missed.html'), readFileSync(file, 'utf8').replace('<body>', `<body>${missed}`));
      const page = await site.browser.newPage();
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(`${site.url}reference/missed.html`, { waitUntil: 'load' });
      await page.click('#js');
      await page.waitForTimeout(1000);
      expect(dialogs).toEqual([]);
      // The page's own scripts still ran: Redoc hydrated the reference.
      expect(await page.locator('[data-testid="search-trigger"]').count()).toBe(1);
      await page.close();
    }, 60_000);
  });
});
