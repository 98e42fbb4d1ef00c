// The docs site's Markdown guides (templates/docs/guides/*.md): GitHub-flavoured Markdown rendered by marked, with
// the markup the hand-written pages use, so every page passes the same accessibility checks: code blocks and tables
// in a focusable, labelled scroll region, column headers scoped, and an id on every heading to link a section.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Marked, Renderer, type Tokens } from 'marked';
import { DocexError } from '../util/errors.js';
import { sanitizeHtml } from './sanitize.js';

export interface Guide {
  /** Site path: `guides/<file name>.html`. */
  path: string;
  /** The text of the guide's one `# ` heading: the page title and its label in the navigation. */
  title: string;
  /** The guide as HTML, its heading included. */
  html: string;
}

/** `What a regeneration changes` -> `what-a-regeneration-changes`. */
function slugOf(text: string): string {
  return text.toLowerCase().replace(/<[^>]*>/g, '').replace(/&[a-z0-9#]+;/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'section';
}

/** Renders one guide; the file is named in the error when it has no `# ` title or more than one. */
export function renderGuide(source: string, file: string): { title: string; html: string } {
  const plain = new Renderer();
  const ids = new Map<string, number>();
  const titles: string[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: Renderer, { tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        if (depth === 1) titles.push(text.replace(/`/g, ''));
        const base = slugOf(inner);
        const seen = ids.get(base) ?? 0;
        ids.set(base, seen + 1);
        return `<h${depth} id="${seen ? `${base}-${seen}` : base}">${inner}</h${depth}>\n`;
      },
      code(token: Tokens.Code) {
        return plain.code(token).replace(/^<pre>/, '<pre tabindex="0" role="region" aria-label="Code example">');
      },
      link(this: Renderer, token: Tokens.Link) {
        // A guide links another as GitHub shows the file (`quick-start.md`); on the site it is that page's .html.
        plain.parser = this.parser;
        return plain.link({ ...token, href: token.href.replace(/^([\w-]+)\.md(?=$|#)/, '$1.html') });
      },
      table(this: Renderer, token: Tokens.Table) {
        plain.parser = this.parser;
        const label = `Table: ${token.header.map((h) => h.text.replace(/`/g, '')).join(', ')}`.replace(/"/g, '&quot;');
        const html = plain.table(token).replace(/<th(?=[ >])/g, '<th scope="col"');
        return `<div class="table-scroll" tabindex="0" role="region" aria-label="${label}">\n${html}</div>\n`;
      },
    },
  });
  // The guides are docex's own, and still held to the rule every page's HTML follows.
  const html = sanitizeHtml(marked.parse(source, { async: false }));
  if (titles.length !== 1) throw new DocexError(`a guide needs exactly one "# " title, found ${titles.length}`, 2, file);
  return { title: titles[0]!, html };
}

/** Every guide in `dir`, by file name. */
export function readGuides(dir: string): Guide[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => ({ path: `guides/${f.replace(/\.md$/, '.html')}`, ...renderGuide(readFileSync(join(dir, f), 'utf8'), join(dir, f)) }));
}
