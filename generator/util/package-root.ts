// The docex package root, where the shipped openapi/, templates/, redocly.yaml and docex.config.schema.json live.
// Walks up from this module, since it runs both compiled (dist/generator/util/) and as source under vitest
// (generator/util/): a fixed number of `..` is right from only one of them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocexError } from './errors.js';

let found: string | undefined;

/** The nearest folder above this module whose package.json names `docex`. */
export function packageRoot(): string {
  if (found) return found;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'docex') return (found = dir);
    dir = dirname(dir);
  }
  throw new DocexError('cannot find the docex package root (a package.json named docex above the generator)', 2);
}
