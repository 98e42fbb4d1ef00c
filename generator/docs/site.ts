import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { inputEntries } from '../generate/input.js';
import { bundleFile, notOpenApi3, type ApiEntry, type OpenApiDocument } from '../load/index.js';
import { kebab } from '../model/reference-link.js';
import { strictFailure, unsupportedLines } from '../model/unsupported-lines.js';
import { assertReplaceable } from '../write/guard.js';
import { stagingFor, swapIn } from '../write/tree.js';
import { apiLabel, describeApi, type ApiInfo } from './api-info.js';
import { buildChangelog, type Changelog } from './changelog.js';
import { withConventionNotes } from './convention-notes.js';
import { readGuides, type Guide } from './markdown.js';
import { changelogMarkdown, changelogPages, documentPage, guidePages, landingPage, lintRulesPage, traceabilityPage, type SiteContext } from './pages.js';
import { diffTrees, lintRules } from './peers.js';
import { renderReference, inParallel } from './reference.js';
import { withSafeMarkdown } from './sanitize.js';
import { codeSamples, sampleApi, sampleLanguages, sampleSite, withCodeSamples } from './samples/index.js';
import { navFor, Renderer, type PageTarget } from './render.js';

interface BuildOptions {
  /** The repository: its git tags feed the changelog of its own `openapi/`. */
  cwd: string;
  /** An `openapi/` tree or one OpenAPI 3.x document (absolute), as `generate` resolves it (util/config.ts). */
  input: string;
  /** A client repo's own copies of documents, by API id, and the APIs taken (docex.config.json). */
  documents?: Readonly<Record<string, string>>;
  apis?: 'all' | readonly string[];
  output: string;
  /** Told each construct of the documents docex does not carry (`file:line: message`). */
  warn?: (line: string) => void;
  /** Such a construct fails the build before anything is written (`--strict`). */
  strict?: boolean;
}

interface BuildResult {
  output: string;
  pages: string[];
  seconds: number;
  referenceSeconds: number;
}

const SITE_TITLE = 'Document Exchange API';

interface Bundled {
  entry: ApiEntry;
  document: OpenApiDocument;
}

/** The input's documents, bundled: a tree's APIs, or one document of any origin (held to what `generate` holds it to). */
async function bundleInput(opts: BuildOptions): Promise<{ bundled: Bundled[]; tree: boolean }> {
  const entries = inputEntries(opts.input, { apis: opts.apis ?? 'all', documents: opts.documents ?? {} });
  if (entries) {
    const mode = (e: ApiEntry) => (opts.documents && Object.hasOwn(opts.documents, e.id) ? 'foreign' : 'own');
    return { bundled: await Promise.all(entries.map(async (e) => ({ entry: e, ...(await bundleFile(e.file, { mode: mode(e) })) }))), tree: true };
  }
  const { document } = await bundleFile(opts.input, { mode: 'foreign' });
  if (!/^3\./.test(String(document.openapi ?? ''))) throw notOpenApi3(document, opts.input);
  return { bundled: [{ entry: foreignEntry(document, opts.input), document }], tree: false };
}

/** One document outside a tree: named by its title (`Galaxy` -> `galaxy`), versioned by its `info.version`. */
function foreignEntry(document: OpenApiDocument, file: string): ApiEntry {
  const name = kebab(String(document.info?.title ?? '')) || 'api';
  return { id: name, subApi: name, version: String(document.info?.version ?? '') || 'v1', file, relPath: basename(file) };
}

/** Builds the whole site into a temporary folder next to `output`, then renames it into place. */
export async function buildSite(opts: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const { bundled, tree } = await bundleInput(opts);
  const unsupported = bundled.flatMap((b) => unsupportedLines(b.document, b.entry.file));
  for (const w of unsupported) opts.warn?.(w);
  const strict = strictFailure(opts.strict === true, unsupported.length);
  if (strict) throw strict;
  const apis = bundled.map((b) => describeApi(b.entry, b.document));

  const output = resolve(opts.cwd, opts.output);
  // Replaced whole: never the repository, openapi/, or a folder holding anything docex did not write.
  assertReplaceable(output, [opts.cwd, opts.input]);
  // Before anything is written: a required value without an example fails the build here. A document outside a tree
  // has no generated client laid out as the samples import it, so its page keeps Redoc's own payload samples.
  const forSamples = bundled.map((b, i) => sampleApi(apis[i]!, b.document, b.entry.file));
  const site = sampleSite(forSamples, apis);
  const samples = tree ? forSamples.map((a) => codeSamples(a, site)) : forSamples.map(() => []);
  const staging = stagingFor(output);
  await chmod(staging, 0o755); // mkdtemp makes it private; a published site is world-readable
  const scratch = await mkdtemp(join(tmpdir(), 'docex-docs-'));
  try {
    const renderer = new Renderer();
    // The guides, changelog and convention pages are about the API docex's documents describe: a site of one other
    // document has its overview and reference page only.
    const guides = tree ? readGuides(join(renderer.dir, 'guides')) : [];
    const siteTitle = tree ? SITE_TITLE : apis[0]!.title;
    const groups = tree ? navGroups(apis, guides) : [{ label: 'Start', pages: [{ path: 'index.html', label: 'Overview' }] }, referenceGroup(apis)];
    const source = tree ? `${relative(opts.cwd, opts.input) || '.'}/` : basename(opts.input);
    const ctx: SiteContext = { renderer, apis, guides, siteTitle, source: source.startsWith('..') ? opts.input : source, nav: (path) => navFor(path, groups) };
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
          // What Redoc renders: the notes and samples added, every description's HTML through the site's rule.
          await writeFile(shown, JSON.stringify(withSafeMarkdown(withCodeSamples(withConventionNotes(b.document, api.model), samples[i]!))));
          // Redoc shows the samples of the languages its configuration lists (JSON is YAML).
          const config = join(scratch, `${api.slug}.redocly.yaml`);
          await writeFile(config, JSON.stringify({ openapi: { codeSamples: { languages: sampleLanguages(samples[i]!) } } }));
          const path = `reference/${api.slug}.html`;
          return { input: shown, config, output: join(staging, path), title: `${api.title} · ${siteTitle}`, navHtml: renderer.bar({ path, nav: ctx.nav(path), siteTitle }) };
        }),
      );
      await inParallel(jobs, Math.max(1, Math.min(4, availableParallelism())), (job) => renderReference(job, join(renderer.dir, 'reference.hbs'), scratch));
      referenceSeconds = (performance.now() - refStarted) / 1000;
    })();

    const others = (async () => {
      if (!tree) return void pages.push(documentPage(ctx));
      // The releases are the repository's git tags of its own openapi/; another tree has none here.
      const own = resolve(opts.input) === resolve(opts.cwd, 'openapi');
      const { tags, byApi } = own ? await buildChangelog(opts.cwd, diffTrees, scratch) : { tags: [], byApi: new Map() as Changelog };
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

function referenceGroup(apis: ApiInfo[]): { label: string; pages: PageTarget[] } {
  const ordered = [...apis.filter((a) => !a.isToken), ...apis.filter((a) => a.isToken)];
  return { label: 'Reference', pages: ordered.map((a) => ({ path: `reference/${a.slug}.html`, label: apiLabel(a) })) };
}

function navGroups(apis: ApiInfo[], guides: Guide[]): { label: string; pages: PageTarget[] }[] {
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
    referenceGroup(apis),
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
