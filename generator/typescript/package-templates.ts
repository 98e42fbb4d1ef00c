// docex's own templates (the package's templates/), read from disk for the TypeScript thread's tasks and handed to
// emit/ as data: the Handlebars ones compiled once per session, and the runtime and token sources copied into the
// output.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { exportedNames } from '../emit/index-file.js';
import type { Templates } from '../emit/templates.js';
import { packageRoot } from '../util/package-root.js';

export const templatesDir = join(packageRoot(), 'templates');

const compile = (name: string) => Handlebars.compile(readFileSync(join(templatesDir, name), 'utf8'), { noEscape: true, strict: false });

/** banner.hbs and api-readme.hbs, compiled, and the names the runtime's index exports. */
export function readTemplates(): Templates {
  const runtimeExports = [...exportedNames(readFileSync(join(templatesDir, 'runtime', 'index.ts'), 'utf8'))];
  return { banner: compile('banner.hbs'), apiReadme: compile('api-readme.hbs'), runtimeExports };
}

/** The sources of `templates/<dir>/` that a client gets (its .ts files but tests), name -> text, by name; none
 *  when the folder is missing. */
export function readTemplateSources(dir: 'runtime' | 'token'): [string, string][] {
  const from = join(templatesDir, dir);
  let names: string[];
  try {
    names = readdirSync(from).filter((n) => n.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(n)).sort();
  } catch {
    names = [];
  }
  return names.map((name) => [name, readFileSync(join(from, name), 'utf8')]);
}
