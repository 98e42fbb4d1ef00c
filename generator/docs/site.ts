import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { bundleFile, discoverApis } from '../load/index.js';
import { DocexError } from '../util/errors.js';
import { assertReplaceable } from '../write/guard.js';
import { stagingFor, swapIn } from '../write/tree.js';
import { apiLabel, describeApi, type ApiInfo } from './api-info.js';
import { buildChangelog } from './changelog.js';
import { withConventionNotes } from './convention-notes.js';
import { readGuides, type Guide } from './markdown.js';
import { changelogMarkdown, changelogPages, guidePages, landingPage, lintRulesPage, traceabilityPage, type SiteContext } from './pages.js';
import { diffTrees, lintRules } from './peers.js';
import { renderReference, inParallel } from './reference.js';
import { codeSamples, sampleApi, sampleLanguages, sampleSite, withCodeSamples } from './samples/index.js';
import { navFor, Renderer, type PageTarget } from './render.js';

export interface BuildOptions {
  /** The repository: `openapi/` is read from here, and its git tags feed the changelog. */
  cwd: string;
  output: string;
}

export interface BuildResult {
  output: string;
  pages: string[];
  seconds: number;
  referenceSeconds: number;
}

export const SITE_TITLE = 'Document Exchange API';

/** Builds the whole site into a temporary folder next to `output`, then renames it into place. */
export async function buildSite(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const openapiDir = join(opts.cwd, 'openapi');
  if (!existsSync(openapiDir)) throw new DocexError('no openapi/ folder to build the docs from', 2, openapiDir);
  const entries = discoverApis(openapiDir);
  if (entries.length === 0) throw new DocexError('no API documents found (expected token/openapi.yaml or <subApi>/<version>/openapi.yaml)', 2, openapiDir);
  const bundled = await Promise.all(entries.map(async (e) => ({ entry: e, ...(await bundleFile(e.file, { mode: 'own' })) })));
  const apis = bundled.map((b) => describeApi(b.entry, b.document));

  const output = resolve(opts.cwd, opts.output);
  // Replaced whole: never the repository, openapi/, or a folder holding anything docex did not write.
  assertReplaceable(output, [opts.cwd, openapiDir]);
  // Before anything is written: a required value without an example fails the build here.
  const forSamples = bundled.map((b, i) => sampleApi(apis[i]!, b.document, b.entry.file));
  const site = sampleSite(forSamples, apis);
  const samples = forSamples.map((a) => codeSamples(a, site));
  const staging = stagingFor(output);
  await chmod(staging, 0o755); // mkdtemp makes it private; a published site is world-readable
  const scratch = await mkdtemp(join(tmpdir(), 'docex-docs-'));
  try {
    const renderer = new Renderer();
    const guides = readGuides(join(renderer.dir, 'guides'));
    const groups = navGroups(apis, guides);
    const ctx: SiteContext = { renderer, apis, guides, siteTitle: SITE_TITLE, nav: (path) => navFor(path, groups) };
    const pages: { path: string; html: string }[] = [];
    // Files that are not pages (the Markdown changelogs): written, not counted.
    const files: { path: string; html: string }[] = [];

    // Reference pages: the slow part (one Redocly process each), run in parallel with everything else.
    await mkdir(join(staging, 'reference'), { recursive: true });
    const refStarted = performance.now();
    let referenceSeconds = 0;
    const references = (async () => {
      const jobs = await Promise.all(
        bundled.map(async (b, i) => {
          const api = apis[i] as ApiInfo;
          const json = join(staging, 'reference', `${api.slug}.json`);
          await writeFile(json, JSON.stringify(b.document, null, 2) + '\n');
          const shown = join(scratch, `${api.slug}.json`);
          await writeFile(shown, JSON.stringify(withCodeSamples(withConventionNotes(b.document, api.model), samples[i]!)));
          // Redoc shows the samples of the languages its configuration lists (JSON is YAML).
          const config = join(scratch, `${api.slug}.redocly.yaml`);
          await writeFile(config, JSON.stringify({ openapi: { codeSamples: { languages: sampleLanguages(samples[i]!) } } }));
          const path = `reference/${api.slug}.html`;
          return { input: shown, config, output: join(staging, path), title: `${api.title} · ${SITE_TITLE}`, navHtml: renderer.bar({ path, nav: ctx.nav(path), siteTitle: SITE_TITLE }) };
        }),
      );
      await inParallel(jobs, Math.max(1, Math.min(4, availableParallelism())), (job) => renderReference(job, join(renderer.dir, 'reference.hbs'), scratch));
      referenceSeconds = (performance.now() - refStarted) / 1000;
    })();

    const others = (async () => {
      const { tags, byApi } = await buildChangelog(opts.cwd, diffTrees, scratch);
      pages.push(landingPage(ctx), ...guidePages(ctx), ...changelogPages(ctx, tags, byApi), lintRulesPage(ctx, lintRules), traceabilityPage(ctx));
      files.push(...changelogMarkdown(ctx, tags, byApi));
    })();
    const settled = await Promise.allSettled([references, others]);
    for (const s of settled) if (s.status === 'rejected') throw s.reason;

    for (const page of [...pages, ...files]) {
      await mkdir(dirname(join(staging, page.path)), { recursive: true });
      await writeFile(join(staging, page.path), page.html);
    }
    for (const asset of ['style.css', 'favicon.svg']) await copyFile(join(renderer.dir, asset), join(staging, asset));
    swapIn(staging, output);
    const all = [...pages.map((p) => p.path), ...apis.map((a) => `reference/${a.slug}.html`)].sort();
    return { output, pages: all, seconds: (performance.now() - started) / 1000, referenceSeconds };
  } catch (err) {
    await rm(staging, { recursive: true, force: true });
    throw err;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function navGroups(apis: ApiInfo[], guides: Guide[]): { label: string; pages: PageTarget[] }[] {
  const ordered = [...apis.filter((a) => !a.isToken), ...apis.filter((a) => a.isToken)];
  return [
    { label: 'Start', pages: [{ path: 'index.html', label: 'Overview' }] },
    {
      label: 'Guides',
      pages: [
        { path: 'guides/authentication.html', label: 'Authentication' },
        { path: 'guides/conventions.html', label: 'Conventions' },
        ...guides.map((g) => ({ path: g.path, label: g.title })),
      ],
    },
    { label: 'Reference', pages: ordered.map((a) => ({ path: `reference/${a.slug}.html`, label: apiLabel(a) })) },
    {
      label: 'More',
      pages: [
        { path: 'changelog/index.html', label: 'Changelog' },
        { path: 'lint-rules.html', label: 'Lint rules' },
        { path: 'traceability.html', label: 'Traceability' },
      ],
    },
  ];
}
