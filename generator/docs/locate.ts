import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DocexError } from '../util/errors.js';
import { packageRoot } from '../util/package-root.js';

/** The package's `templates/docs/` folder. */
export function docsTemplatesDir(): string {
  return join(packageRoot(), 'templates', 'docs');
}

/** The pinned Redocly CLI's entry point (run as a child process: it is one large bundle that sets up its own globals). */
export function redoclyCli(): string {
  try {
    return createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  } catch {
    // A dependency of docex: missing only from an install that was cut short or pruned by hand.
    throw new DocexError('docex docs needs @redocly/cli, a dependency of docex that is not installed: reinstall docex (npm install)', 2);
  }
}
