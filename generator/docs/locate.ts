import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocexError } from '../util/errors.js';

/**
 * The package's `templates/docs/` folder. Walks up from this file because it runs both
 * compiled (dist/generator/docs/) and as source under vitest (generator/docs/).
 */
export function docsTemplatesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'templates', 'docs');
    if (existsSync(join(candidate, 'layout.hbs'))) return candidate;
    dir = dirname(dir);
  }
  throw new DocexError('cannot find templates/docs/ of the docex package', 2);
}

/** The pinned Redocly CLI's entry point (run as a child process: it is one large bundle that sets up its own globals). */
export function redoclyCli(): string {
  try {
    return createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  } catch {
    // A dev dependency: API authors build the site in this repo; client installs do not pay 15 MB for it.
    throw new DocexError('docex docs needs @redocly/cli: npm install --save-dev --save-exact @redocly/cli@2.77.0', 2);
  }
}
