// Where the templates live (the package's own `templates/`), and the handlebars ones compiled once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { packageRoot } from '../util/package-root.js';

export const templatesDir = join(packageRoot(), 'templates');

const cache = new Map<string, Handlebars.TemplateDelegate>();
export function render(name: string, data: object): string {
  let t = cache.get(name);
  if (!t) {
    t = Handlebars.compile(readFileSync(join(templatesDir, name), 'utf8'), { noEscape: true, strict: false });
    cache.set(name, t);
  }
  return t(data);
}

/** The one-line header of every generated file; the source path cannot break out of the comment. */
export function banner(source: string): string {
  return render('banner.hbs', { source: source.replace(/[\r\n\u2028\u2029]/g, ' ') });
}
