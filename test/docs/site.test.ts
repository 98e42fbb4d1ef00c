import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFile, discoverApis, HTTP_METHODS, type OpenApiDocument } from '../../generator/load/index.js';
import { repoRoot, runDocex, type RunResult } from '../helpers/run-docex.js';
import { skipUnless } from '../helpers/skip.js';
import type { CodeSample } from '../../generator/docs/samples/index.js';
import { siteSamples } from './samples-kit.js';
import { serveStatic, type StaticServer } from './static-server.js';

// DOCEX_CHROMIUM points elsewhere (e.g. to try the missing-browser path); Debian's package is the default.
const CHROMIUM = process.env.DOCEX_CHROMIUM ?? '/usr/bin/chromium';
const INSTALL = 'apt-get install chromium';
const hasChromium = existsSync(CHROMIUM);
const shots = join(repoRoot, 'test-results', 'docs');
/** axe-core's engine, evaluated in each page (through the DevTools protocol, so a page's CSP does not stop it). */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation { id: string; impact: string | null; nodes: { target: unknown[] }[] }

/** WCAG 2 A and AA violations of the page as it is now (or of the element with id `within`): rule, impact and the first few nodes. */
async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE);
  // Redoc may re-render a section between the caller's last wait and here (seen under load): wait for it again.
  if (within !== undefined) await page.waitForFunction((id) => document.getElementById(id) !== null, within, { timeout: 10_000 }).catch(() => undefined);
  const found = await page.evaluate(async (id) => {
    const axe = (globalThis as unknown as { axe: { run(ctx: Document | Element, o: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = id === undefined ? document : document.getElementById(id);
    if (!context) throw new Error(`no element with id ${id}`);
    return (await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] })).violations;
  }, within);
  return found.map((v) => `${v.id} (${v.impact ?? '?'}): ${v.nodes.length} node(s), e.g. ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(' ')}`);
}

/** The site of this repository's openapi/, built once for every test below. */
let siteDir = '';
let build: RunResult;
let scratch = '';
const apis = discoverApis(join(repoRoot, 'openapi'));
const slug = (id: string) => id.replace(/\//g, '-');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.html'))
    .map((f) => f.split('\\').join('/'))
    .sort();
}

function operationsOf(doc: OpenApiDocument): { operationId: string; summary: string | undefined }[] {
  return Object.values(doc.paths ?? {}).flatMap((item) =>
    HTTP_METHODS.flatMap((m) => (item[m]?.operationId ? [{ operationId: item[m].operationId, summary: item[m].summary }] : [])),
  );
}

/** Whether `node` is or reaches (through internal refs) anything marked deprecated. */
function usesDeprecated(doc: OpenApiDocument, node: unknown, seen = new Set<unknown>()): boolean {
  if (!node || typeof node !== 'object' || seen.has(node)) return false;
  seen.add(node);
  const o = node as Record<string, unknown>;
  if (o.deprecated === true) return true;
  if (typeof o.$ref === 'string' && o.$ref.startsWith('#/')) {
    const target = o.$ref.slice(2).split('/').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (usesDeprecated(doc, target, seen)) return true;
  }
  return Object.values(o).some((v) => usesDeprecated(doc, v, seen));
}

/** The code samples the build puts on the reference pages. */
let samples: CodeSample[] = [];

beforeAll(async () => {
  samples = await siteSamples();
  scratch = await mkdtemp(join(tmpdir(), 'docex-docs-test-'));
  siteDir = join(scratch, 'site');
  build = await runDocex(['docs', '--output', siteDir], { timeoutMs: 180_000 });
}, 200_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('docex docs', () => {
  it('builds every page of the site and reports its build time', () => {
    expect(build.stderr.replace(/[^\n]*(║|╔|╚)[^\n]*\n?/g, '')).toBe('');
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/docex docs: \d+ pages in .* in \d+\.\d s \(reference pages \d+\.\d s\)/);
    const expected = [
      'index.html',
      'guides/authentication.html',
      'guides/conventions.html',
      ...readdirSync(join(repoRoot, 'templates', 'docs', 'guides')).filter((f) => f.endsWith('.md')).map((f) => `guides/${f.replace(/\.md$/, '.html')}`),
      'changelog/index.html',
      'lint-rules.html',
      'traceability.html',
      ...apis.flatMap((a) => [`reference/${slug(a.id)}.html`, `changelog/${slug(a.id)}.html`]),
    ].sort();
    expect(htmlFiles(siteDir)).toEqual(expected);
    for (const a of apis) expect(existsSync(join(siteDir, 'reference', `${slug(a.id)}.json`))).toBe(true);
    expect(existsSync(join(siteDir, 'style.css'))).toBe(true);
    // Nothing of the staging folders is left next to the output.
    expect(readdirSync(scratch)).toEqual(['site']);
  });

  it('writes pages that name no other host to load anything from', () => {
    for (const file of htmlFiles(siteDir)) {
      const html = readFileSync(join(siteDir, file), 'utf8');
      expect(html, file).not.toContain('cdn.redoc.ly');
      // No element loads from an absolute URL (links to other sites are fine: they are not requests).
      expect(html.match(/<(script|link|img|iframe|source)\b[^>]*\b(src|href)="(https?:)?\/\/[^"]*"/g) ?? [], file).toEqual([]);
    }
  });

  it('shows the login URL at the login page the token document declares', () => {
    expect(readFileSync(join(siteDir, 'guides', 'authentication.html'), 'utf8')).toContain('/oauth2/authorize?response_type=code&amp;client_id=');
  });

  it('says there are no releases yet when the repository has no tags', async () => {
    const index = readFileSync(join(siteDir, 'changelog', 'index.html'), 'utf8');
    const tags = (await import('../../generator/docs/changelog.js')).listTags(repoRoot);
    if ((await tags).length > 0) return expect(index).toContain('Releases, newest first');
    expect(index).toContain('There are no releases yet');
    for (const a of apis) expect(readFileSync(join(siteDir, 'changelog', `${slug(a.id)}.html`), 'utf8')).toContain('There are no releases yet');
  });

  it('lists every lint rule of the catalog', async () => {
    const { lintRules } = await import('../../generator/lint/catalog.js');
    const html = readFileSync(join(siteDir, 'lint-rules.html'), 'utf8');
    expect(lintRules.length).toBeGreaterThan(0);
    for (const rule of lintRules) expect(html).toContain(`<code>${rule.id}</code>`);
  });

  it("states each create's duplicate criteria (x-unique) and effect (x-effect) on its reference page, and publishes the document unchanged", () => {
    const html = readFileSync(join(siteDir, 'reference', 'document-v1.html'), 'utf8');
    expect(html).toContain('a create with the same `sender`, `documentType` and `documentIdentifier` as an existing resource is refused');
    // x-effect, from the model's reading: what the fetch receipt changes in the documents it names.
    expect(html).toContain('each resource named in `documentIds` (`/documents/{documentId}`) gets `isFetched: true`');
    expect(readFileSync(join(siteDir, 'reference', 'document-v1.json'), 'utf8')).not.toContain('Duplicates (409 Conflict)');
  });

  it('states each filter (x-filter) and what a create sets (x-sets) on its reference page, and publishes the document unchanged', () => {
    const documents = readFileSync(join(siteDir, 'reference', 'document-v1.html'), 'utf8');
    expect(documents).toContain('keeps the items whose `sender.id` equals this value');
    expect(documents).toContain('keeps the items whose `createdAt` is later than this value');
    expect(readFileSync(join(siteDir, 'reference', 'file-v1.html'), 'utf8')).toContain("Sets** the created item's `sendingCompany.id`");
    expect(readFileSync(join(siteDir, 'reference', 'document-v1.json'), 'utf8')).not.toContain('**Filter:**');
  });

  it('shows every statement of the traceability catalog with its gaps, linking lint rules to their catalog entry', async () => {
    const { statements } = await import('../../generator/trace/statements.js');
    const html = readFileSync(join(siteDir, 'traceability.html'), 'utf8');
    for (const s of statements) expect(html).toContain(`<tr id="${s.id}"`);
    const gaps = statements.flatMap((s) => Object.values(s).filter((c): c is { gap: string } => typeof c === 'object' && c !== null && 'gap' in c));
    expect((html.match(/class="gap"/g) ?? []).length).toBe(gaps.length);
    expect(html).toContain('href="lint-rules.html#docex/error-body"');
  });
});

describe('docex docs on bad input', () => {
  it('exits 2 naming the file and line, and leaves the previous site untouched', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docex-docs-bad-'));
    try {
      mkdirSync(join(dir, 'openapi', 'document', 'v1'), { recursive: true });
      mkdirSync(join(dir, 'site'));
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'site', 'index.html'), 'previous');
      writeFileSync(join(dir, 'openapi', 'document', 'v1', 'openapi.yaml'), 'openapi: 3.1.0\ninfo:\n  title: [unclosed\n');
      const r = await runDocex(['docs'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/openapi\/document\/v1\/openapi\.yaml:\d+: /);
      expect(readFileSync(join(dir, 'site', 'index.html'), 'utf8')).toBe('previous');
      expect(readdirSync(dir).sort()).toEqual(['openapi', 'site']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 for a missing --input, on an unknown flag, and for an output folder that is not a site', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docex-docs-empty-'));
    try {
      const r = await runDocex(['docs', '--input', 'missing'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`docex docs: ${join(dir, 'missing')}: input not found\n`);
      expect((await runDocex(['docs', '--outptu', 'x'], { cwd: dir })).code).toBe(2);
      expect(readdirSync(dir)).toEqual([]);
      // The output folder is replaced whole, so the repository or a folder that is not a site is refused.
      const { cpSync, writeFileSync } = await import('node:fs');
      cpSync(join(repoRoot, 'test', 'docs', 'fixtures', 'repo', 'openapi'), join(dir, 'openapi'), { recursive: true });
      mkdirSync(join(dir, 'src'));
      writeFileSync(join(dir, 'src', 'main.ts'), 'keep me');
      for (const output of ['.', '..', 'openapi', 'src']) {
        const r = await runDocex(['docs', '--output', output], { cwd: dir });
        expect(r.code, output).toBe(2);
        expect(r.stderr, output).toMatch(/--output/);
      }
      expect(readFileSync(join(dir, 'src', 'main.ts'), 'utf8')).toBe('keep me');
      expect(readdirSync(dir).sort()).toEqual(['openapi', 'src']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// ---- In a real browser -------------------------------------------------------------------------------------

if (!hasChromium && process.env.CI) {
  it(`docs site browser tests: Chromium is required under CI (${INSTALL})`, () => {
    throw new Error(`Chromium is required under CI: ${CHROMIUM} is missing; run \`${INSTALL}\``);
  });
}

interface Visit {
  requests: string[];
  errors: string[];
}

describe('docs site in headless Chromium', skipUnless(hasChromium, `needs Chromium at ${CHROMIUM}: ${INSTALL}`), () => {
  let browser: Browser;
  let server: StaticServer;
  // Served below a sub path, as on GitHub Pages: every link must be relative.
  const mount = '/org/docex/';

  beforeAll(async () => {
    server = await serveStatic(siteDir, mount);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    // Only this run's screenshots: the folder is the artifact.
    rmSync(shots, { recursive: true, force: true });
    mkdirSync(shots, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Opens one page, recording every request and every console or page error; Redoc pages are waited on until hydrated. */
  async function visit(path: string, use?: (page: Page) => Promise<void>): Promise<Visit> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen: Visit = { requests: [], errors: [] };
    page.on('request', (r) => seen.requests.push(r.url()));
    page.on('console', (m) => m.type() === 'error' && seen.errors.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => seen.errors.push(`page: ${e.message}`));
    page.on('requestfailed', (r) => seen.errors.push(`request failed: ${r.url()}`));
    try {
      const res = await page.goto(server.url + path, { waitUntil: 'load' });
      expect(res?.status(), path).toBe(200);
      if (path.startsWith('reference/')) {
        // Hydrated: the search box stops saying "Loading..." once Redoc's bundle runs.
        await page.waitForFunction(() => !document.querySelector('[data-testid="search-trigger"]')?.textContent?.includes('Loading'), undefined, { timeout: 20_000 });
      }
      await page.waitForLoadState('networkidle');
      if (use) await use(page);
    } finally {
      await page.close();
    }
    return seen;
  }

  /** Requests that would leave this machine: anything not to 127.0.0.1 (data: and same-page blob: URLs never do). */
  function offHost(requests: string[]): string[] {
    return requests.filter((u) => {
      const url = new URL(u);
      if (url.protocol === 'data:') return false;
      if (url.protocol === 'blob:') return new URL(url.pathname).hostname !== '127.0.0.1';
      return url.hostname !== '127.0.0.1';
    });
  }

  /** Every page opened once: what it requested, what went wrong, and the links it shows once hydrated. */
  const visits = new Map<string, Visit & { links: string[]; a11y: string[] }>();
  async function visitAll(): Promise<Map<string, Visit & { links: string[]; a11y: string[] }>> {
    if (visits.size === 0) {
      for (const path of htmlFiles(siteDir)) {
        let links: string[] = [];
        let a11y: string[] = [];
        const seen = await visit(path, async (page) => {
          links = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
          a11y = await axeViolations(page);
          // An artifact per page (reference pages hold every schema: their first screen is what a reviewer needs).
          await page.screenshot({ path: join(shots, shotName(path)), fullPage: !path.startsWith('reference/') });
        });
        visits.set(path, { ...seen, links, a11y });
      }
    }
    return visits;
  }

  /** `guides/authentication.html` -> `guides-authentication.png`. */
  const shotName = (path: string) => path.replace(/\.html$/, '.png').split('/').join('-');

  it('loads every page without console errors and without a request to any other host', async () => {
    const pages = await visitAll();
    expect(pages.size).toBeGreaterThanOrEqual(5 + 2 * apis.length);
    for (const [path, seen] of pages) {
      expect(seen.errors, path).toEqual([]);
      expect(offHost(seen.requests), path).toEqual([]);
      expect(seen.requests.length, path).toBeGreaterThan(0);
    }
    expect(server.hits.filter((h) => h.status !== 200)).toEqual([]);
  }, 180_000);

  it('passes axe-core on every page: no WCAG 2 A or AA violation', async () => {
    const pages = await visitAll();
    const failing = Object.fromEntries([...pages].filter(([, v]) => v.a11y.length > 0).map(([path, v]) => [path, v.a11y]));
    expect(failing).toEqual({});
  }, 180_000);

  it('shows every operation of each document on its reference page, deprecations marked', async () => {
    for (const api of apis) {
      const { document: doc } = await bundleFile(api.file, { mode: 'own' });
      const ops = operationsOf(doc);
      expect(ops.length, api.id).toBeGreaterThan(0);
      await visit(`reference/${slug(api.id)}.html`, async (page) => {
        const collect = () => page.$$eval('a[href^="#/"]', (as) => as.map((a) => a.getAttribute('href')?.split('#')[1] ?? ''));
        // Redoc renders one tag section at a time: open each tag (#/<tag>) to see its operations' routes.
        const routes = new Set(await collect());
        for (const tag of [...routes].filter((r) => /^\/[^/]+$/.test(r))) {
          await page.evaluate((hash) => (location.hash = hash), tag);
          await page.waitForFunction((t) => document.querySelector(`[id="${t.slice(1)}"]`) !== null, tag, { timeout: 10_000 });
          for (const r of await collect()) routes.add(r);
        }
        for (const op of ops) {
          // Redoc routes each operation as #/<tag>/<operationid>; open it and see its summary rendered as a heading.
          const route = [...routes].find((r) => r.split('/').pop() === op.operationId.toLowerCase());
          expect(route, `${api.id} ${op.operationId}: no route`).toBeDefined();
          await page.evaluate((hash) => (location.hash = hash), route ?? '');
          const opNode = Object.values(doc.paths ?? {}).flatMap((item) => HTTP_METHODS.map((m) => item[m])).find((o) => o?.operationId === op.operationId);
          if (op.summary) {
            const exact = new RegExp(`^\\s*${op.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
            await page.locator('h1, h2, h3').filter({ hasText: exact }).first().waitFor({ state: 'visible', timeout: 10_000 });
          }
          // Deprecated here or in a schema it uses (the password grant's form body): the page must say so.
          if (usesDeprecated(doc, opNode)) expect((await page.innerText('#api-content')).toLowerCase(), `${api.id} ${op.operationId}`).toContain('deprecated');
          // Its code samples, the TypeScript one shown first (the language menu lists the others).
          const first = samples.find((s) => s.api === api.id && s.op.operationId === op.operationId && s.lang === 'TypeScript');
          expect(first, `${api.id} ${op.operationId}: no sample`).toBeDefined();
          // Within the operation's own section (its id is its route): every sample's first line is alike, and Redoc
          // renders a section only once it is scrolled near, so a page-wide match can be another operation's panel.
          const section = `[id="${route!.slice(1)}"]`;
          await page.locator(`${section} .panel-request-samples pre`, { hasText: first!.source.split('\n')[0]! }).first().waitFor({ state: 'visible', timeout: 10_000 });
          // Shown, the operation passes axe too (Redoc renders an operation's panels only near where it is opened).
          expect(await axeViolations(page, route!.slice(1)), `${api.id} ${op.operationId}`).toEqual([]);
        }
      });
    }
  }, 180_000);

  it("shows an operation's TypeScript sample, switches to its curl sample, and passes axe with them shown", async () => {
    const ts = samples.find((s) => s.api === 'document/v1' && s.op.operationId === 'updateDocument' && s.label === 'TypeScript')!;
    const curl = samples.find((s) => s.api === 'document/v1' && s.op.operationId === 'updateDocument' && s.label === 'curl')!;
    const lines = (text: string) => text.split('\n').map((l) => l.trimEnd()).filter(Boolean);
    await visit('reference/document-v1.html', async (page) => {
      await page.evaluate(() => (location.hash = '#/documents/updatedocument'));
      // The operation's section (its id is its route) holds its request samples panel.
      const panel = page.locator('[id="documents/updatedocument"] .panel-request-samples');
      await panel.locator('pre', { hasText: 'api.updateDocument(' }).waitFor({ state: 'visible', timeout: 10_000 });
      const menu = panel.locator('[aria-haspopup="menu"]').last();
      expect(await menu.innerText()).toBe('TypeScript');
      // The whole module, as the docs build made it (and the samples test compiles and runs).
      expect(lines(await panel.locator('pre').innerText())).toEqual(lines(ts.source));
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, 'reference-document-v1-sample-typescript.png') });
      expect(await axeViolations(page)).toEqual([]);
      await menu.click();
      expect(await page.getByRole('menuitem').allInnerTexts()).toEqual(expect.arrayContaining(['TypeScript', 'curl']));
      await page.getByRole('menuitem', { name: 'curl', exact: true }).click();
      await panel.locator('pre', { hasText: 'curl -s -X PUT' }).waitFor({ state: 'visible', timeout: 10_000 });
      expect(lines(await panel.locator('pre').innerText())).toEqual(lines(curl.source));
      await page.screenshot({ path: join(shots, 'reference-document-v1-sample-curl.png') });
      expect(await axeViolations(page)).toEqual([]);
    });
  }, 120_000);

  it('resolves every link between pages, anchors included', async () => {
    const checked = new Set<string>();
    for (const [path, { links }] of await visitAll()) {
      for (const href of links) {
        const url = new URL(href);
        if (url.host !== new URL(server.url).host) continue;
        // Redoc's own routes (#/tag/operation) are handled by its router on the same page.
        if (url.hash.startsWith('#/')) continue;
        if (checked.has(url.href)) continue;
        checked.add(url.href);
        expect(url.pathname.startsWith(mount), `${path} -> ${href}`).toBe(true);
        const res = await fetch(url.href.replace(/#.*$/, ''));
        expect(res.status, `${path} -> ${href}`).toBe(200);
        const body = await res.text();
        if (url.hash.length > 1) expect(body, `${path} -> ${href}`).toContain(`id="${decodeURIComponent(url.hash.slice(1))}"`);
      }
    }
    // Every page is reachable from the others.
    const targets = new Set([...checked].map((u) => new URL(u).pathname.slice(mount.length)));
    for (const path of htmlFiles(siteDir)) expect(targets, path).toContain(path);
  }, 180_000);

  it('shows a landing page that looks right', async () => {
    await visit('index.html', async (page) => {
      expect(await page.title()).toContain('Overview');
      expect(await page.locator('h1').innerText()).not.toBe('');
      await expect(page.locator('h1').isVisible()).resolves.toBe(true);
      await expect(page.locator('.docex-bar').isVisible()).resolves.toBe(true);
      // The stylesheet applied: the navigation bar is the brand colour, the text is not the browser's default serif.
      expect(await page.locator('.docex-bar').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(23, 50, 77)');
      expect(await page.locator('body').evaluate((el) => getComputedStyle(el).fontFamily)).toContain('system-ui');
      const rows = await page.locator('#apis ~ table tbody tr, section:has(#apis) tbody tr').allInnerTexts();
      for (const a of apis) expect(rows.join('\n')).toContain(a.version ? `${a.subApi} ${a.version}` : 'token service');
      const code = (await page.locator('pre code').allInnerTexts()).join('\n');
      expect(code).toContain('curl');
      expect(code).toContain('Authorization: Bearer');
      expect(code).toMatch(/create\w+Client\(/);
      expect(code).not.toMatch(/sandbox-secret|demo-password/);
      for (const name of ['DOCEX_CLIENT_ID', 'DOCEX_CLIENT_SECRET', 'DOCEX_USERNAME', 'DOCEX_PASSWORD']) expect(code).toContain(name);
      // Laid out as a page, not a pile: main content is centred and narrower than the window.
      const box = await page.locator('main').boundingBox();
      expect(box && box.width < 1280 && box.x > 0).toBe(true);
      // Every image rendered (none broken), and nothing wider than the window, on a desktop and on a phone.
      expect(await page.$$eval('img', (imgs) => imgs.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src))).toEqual([]);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        const overflow = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: join(shots, 'index-390px.png'), fullPage: true });
    });
  }, 120_000);

  it('saves a screenshot of every page as an artifact, with an index to browse them', async () => {
    const pages = [...(await visitAll()).keys()];
    const names = pages.map(shotName);
    for (const n of names) expect(statSync(join(shots, n)).size, n).toBeGreaterThan(5_000);
    const list = names.map((n, i) => `<li><a href="${n}">${pages[i]}</a><br><img src="${n}" width="640" alt="${pages[i]}"></li>`).join('\n');
    writeFileSync(join(shots, 'index.html'), `<!doctype html><meta charset="utf-8"><title>docs site screenshots</title><ul>\n${list}\n</ul>\n`);
    expect(relative(repoRoot, shots)).toBe(join('test-results', 'docs'));
  }, 180_000);
});
