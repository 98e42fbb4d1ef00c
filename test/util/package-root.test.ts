// One way to find the docex package: generator/util/package-root.ts, right from the source (vitest) and from dist/.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsTemplatesDir } from '../../generator/docs/locate.js';
import { templatesDir } from '../../generator/typescript/package-templates.js';
import { defaultOpenapiDir } from '../../generator/sandbox/index.js';
import { resolveConfig } from '../../generator/util/config.js';
import { packageRoot } from '../../generator/util/package-root.js';
import { repoRoot } from '../helpers/run-docex.js';

const root = repoRoot.replace(/\/$/, '');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('packageRoot', () => {
  it('is the repository from the source and from the compiled dist/', async () => {
    expect(packageRoot()).toBe(root);
    const compiled = (await import(pathToFileURL(join(root, 'dist/generator/util/package-root.js')).href)) as { packageRoot: () => string };
    expect(compiled.packageRoot()).toBe(root);
  });

  it('every shipped folder is found through it (a config without input falls back to the shipped openapi/)', () => {
    const empty = mkdtempSync(join(tmpdir(), 'docex-root-'));
    expect(resolveConfig(empty, {}).input).toBe(join(root, 'openapi'));
    expect(defaultOpenapiDir()).toBe(join(root, 'openapi'));
    expect(templatesDir).toBe(join(root, 'templates'));
    expect(docsTemplatesDir()).toBe(join(root, 'templates', 'docs'));
  });

  it('no other generator file locates the package from its own path', () => {
    const others = sources(join(root, 'generator'))
      .filter((f) => !f.endsWith(join('util', 'package-root.ts')))
      // createRequire(import.meta.url) resolves dependencies, and new URL('./sibling.js', import.meta.url) a module beside
      // this one (the worker thread's entry): neither is finding the package root.
      .filter((f) =>
        /import\.meta\.(url|dirname)/.test(
          readFileSync(f, 'utf8')
            .replace(/createRequire\(import\.meta\.url\)/g, '')
            .replace(/new URL\('\.\/[\w-]+\.c?js', import\.meta\.url\)/g, ''),
        ),
      )
      .map((f) => relative(root, f));
    expect(others).toEqual([]);
  });
});
