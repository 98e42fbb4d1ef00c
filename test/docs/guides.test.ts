// The docs site's Markdown guides (templates/docs/guides/*.md): each becomes a page, says what is true of the code
// (the extensions guide against the extensions generator/ reads; every repository path a guide names exists), and is
// rendered with the markup the site's accessibility test expects. The browser test (site.test.ts) runs axe on them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidePages, landingPage } from '../../generator/docs/pages.js';
import { readGuides, renderGuide } from '../../generator/docs/markdown.js';
import { DocexError } from '../../generator/util/errors.js';
import { repoRoot } from '../helpers/run-docex.js';
import { bareSite } from '../helpers/site-page.js';

const dir = join(repoRoot, 'templates', 'docs', 'guides');
const guides = readGuides(dir);
const source = (name: string) => readFileSync(join(dir, name), 'utf8');

describe('docs site guides written in Markdown', () => {
  it('each file is a page under guides/, titled by its one "# " heading, linked from the landing page', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.md')).sort();
    expect(files).toEqual(expect.arrayContaining(['extensions.md', 'regeneration.md', 'reliability.md']));
    expect(guides.map((g) => g.path)).toEqual(files.map((f) => `guides/${f.replace(/\.md$/, '.html')}`));
    for (const [i, g] of guides.entries()) expect(source(files[i]!)).toMatch(new RegExp(`^# ${g.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    const site = { ...bareSite(), guides };
    const pages = guidePages(site);
    const landing = landingPage(site).html;
    for (const g of guides) {
      const page = pages.find((p) => p.path === g.path);
      expect(page?.html, g.path).toContain(`<title>${g.title.replace(/'/g, '&#x27;')} · docex test</title>`);
      expect(page?.html, g.path).toContain(g.html);
      expect(landing, g.path).toContain(`<a href="${g.path}">`);
    }
  });

  it('names only repository paths that exist', () => {
    const missing = guides.flatMap((g) => {
      const named = [...g.html.matchAll(/<code>((?:bench|generator|templates|test)\/[^<\s]*?)<\/code>/g)].map((m) => m[1]!);
      return named.filter((p) => !existsSync(join(repoRoot, p))).map((p) => `${g.path}: ${p}`);
    });
    expect(missing).toEqual([]);
  });

  it('puts code blocks and tables in focusable, labelled regions, scopes column headers and gives every heading a unique id', () => {
    const { title, html } = renderGuide('# A `b` title\n\n## Part\n\n## Part\n\n| x | y \\| z |\n| --- | --- |\n| 1 | `a \\| b` |\n\n```sh\necho "<hi>"\n```\n', 'g.md');
    expect(title).toBe('A b title');
    expect(html).toContain('<h1 id="a-b-title">A <code>b</code> title</h1>');
    expect(html).toContain('<h2 id="part">Part</h2>\n<h2 id="part-1">Part</h2>');
    expect(html).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="Table: x, y | z">');
    expect(html).toContain('<th scope="col">x</th>');
    expect(html).toContain('<td><code>a | b</code></td>');
    expect(html).toContain('<pre tabindex="0" role="region" aria-label="Code example"><code class="language-sh">echo "&lt;hi&gt;"');
  });

  it('refuses a guide without exactly one "# " title, naming the file', () => {
    for (const text of ['## only a section\n', '# one\n\n# two\n']) {
      let error: unknown;
      try {
        renderGuide(text, 'templates/docs/guides/bad.md');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DocexError);
      expect((error as DocexError).format()).toMatch(/^templates\/docs\/guides\/bad\.md: a guide needs exactly one "# " title, found [02]$/);
    }
  });

  it('links another guide by its file, as GitHub shows it, and the site by its page; the client guide links the Quick start', () => {
    const { html } = renderGuide('# T\n\nSee [a](quick-start.md), [b](regeneration.md#the-report), [c](../README.md) and [d](https://example.com/x.md).\n', 't.md');
    expect(html).toContain('<a href="quick-start.html">a</a>');
    expect(html).toContain('<a href="regeneration.html#the-report">b</a>');
    expect(html).toContain('<a href="../README.md">c</a>');
    expect(html).toContain('<a href="https://example.com/x.md">d</a>');
    const client = guides.find((g) => g.path === 'guides/client.html')!;
    expect(client.html).toContain('<a href="quick-start.html">Quick start</a>');
    expect(client.html).not.toContain("docex's README");
    expect(guides.map((g) => g.path)).toContain('guides/quick-start.html');
  });
});

// Response headers that the sandbox sends, not OpenAPI extensions.
const HEADERS = new Set(['x-content-type-options', 'x-frame-options']);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(folder, e.name)) : e.name.endsWith('.ts') ? [join(folder, e.name)] : []));
}

describe('the OpenAPI extensions guide', () => {
  it('lists exactly the x- extensions that generator/ reads, says how many, and shows each in a row of the page', () => {
    const read = new Set<string>();
    for (const file of sources(join(repoRoot, 'generator'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](x-[a-z]+(?:-[a-z]+)*)['"`]/g)) if (!HEADERS.has(m[1]!)) read.add(m[1]!);
    }
    const text = source('extensions.md');
    const listed = [...text.matchAll(/^\| `(x-[a-z-]+)` \|/gm)].map((m) => m[1]!);
    expect(listed.sort()).toEqual([...read].sort());
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen'];
    expect(text).toContain(`with ${words[listed.length]} vendor`);
    const page = guides.find((g) => g.path === 'guides/extensions.html')!.html;
    for (const x of listed) expect(page, x).toContain(`<tr>\n<td><code>${x}</code></td>`);
  });
});
