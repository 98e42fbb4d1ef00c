import Handlebars from 'handlebars';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { docsTemplatesDir } from './locate.js';

interface NavLink {
  label: string;
  href: string;
  current: boolean;
}

interface NavGroup {
  label: string;
  links: NavLink[];
}

/** A site page: `path` is relative to the site root, with `/` separators. */
export interface PageTarget {
  path: string;
  label: string;
}

/** Relative href from the page at `from` to the page at `to`, so the site works under any server path. */
export function hrefFrom(from: string, to: string): string {
  const rel = posix.relative(posix.dirname(from), to);
  return rel === '' ? posix.basename(to) : rel;
}

export function navFor(current: string, groups: { label: string; pages: PageTarget[] }[]): NavGroup[] {
  return groups.map((g) => ({
    label: g.label,
    links: g.pages.map((p) => ({ label: p.label, href: hrefFrom(current, p.path), current: p.path === current })),
  }));
}

/** The relative prefix from a page to the site root: '' or '../'. */
function rootOf(path: string): string {
  return hrefFrom(path, 'index.html').replace(/index\.html$/, '');
}

/** Compiles the docs templates once; `page(name, data)` renders a template inside the layout. */
export class Renderer {
  private readonly hbs = Handlebars.create();
  private readonly cache = new Map<string, Handlebars.TemplateDelegate>();
  readonly dir = docsTemplatesDir();

  constructor() {
    this.hbs.registerPartial('bar', this.source('bar.hbs'));
    this.hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
    this.hbs.registerHelper('lower', (s: unknown) => String(s ?? '').toLowerCase());
    // `code` in changelog/rule messages: escape everything (backticks become &#x60;), then turn `x` into <code>x</code>.
    this.hbs.registerHelper('inlineCode', (s: unknown) => {
      const escaped = Handlebars.escapeExpression(String(s ?? ''));
      return new Handlebars.SafeString(escaped.replace(/&#x60;(.+?)&#x60;/g, '<code>$1</code>'));
    });
  }

  source(name: string): string {
    return readFileSync(join(this.dir, name), 'utf8');
  }

  render(name: string, data: object): string {
    let tpl = this.cache.get(name);
    if (!tpl) {
      tpl = this.hbs.compile(this.source(name), { strict: true, noEscape: false });
      this.cache.set(name, tpl);
    }
    return tpl(data);
  }

  /** A full HTML page: `template` rendered into `layout.hbs` with the navigation bar. */
  page<T extends { title: string; path: string; nav: NavGroup[]; siteTitle: string }>(template: string, data: T): string {
    const root = rootOf(data.path);
    const body = this.render(template, { ...data, root });
    return this.render('layout.hbs', { ...data, root, body: new Handlebars.SafeString(body) });
  }

  /** The navigation bar alone, for the reference pages Redoc renders. */
  bar(data: { path: string; nav: NavGroup[]; siteTitle: string }): string {
    return this.render('bar-only.hbs', { ...data, root: rootOf(data.path) });
  }
}
