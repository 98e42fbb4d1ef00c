// validators.js stays out of a client's TypeScript program: `import('./validators.js')` resolves to validators.d.ts.
// Only allowJs with an include that matches it (`**/*`) takes the .js in as a root file (TypeScript's extension
// priority drops a .js for a .ts of its name, not for a .d.ts): parsed, never checked (@ts-nocheck, even under
// checkJs). The first validating call of a client built with tsc alone is validate.test.ts's "validators.js missing".
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { checkedTsc, outRoot } from '../generator/helpers.js';

const project = join(outRoot, 'validation-tsc-program');

beforeAll(async () => {
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  writeTree(join(project, 'shop'), (await generateTree(join(import.meta.dirname, 'shop.yaml'))).tree);
  writeFileSync(
    join(project, 'main.ts'),
    "import { createShopClient } from './shop/index.js';\nawait createShopClient({ baseUrl: 'http://127.0.0.1:1/' }).getItem({ itemId: 'i1' }, { validate: 'throw' });\n",
  );
});

/** The files of the consumer's program (`tsc --listFiles`), relative to it, docex's output only. */
function programFiles(compilerOptions: object): string[] {
  const config = join(project, `tsconfig.${Object.keys(compilerOptions).join('-') || 'plain'}.json`);
  const options = { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, ...compilerOptions };
  writeFileSync(config, JSON.stringify({ compilerOptions: options, include: ['**/*'] }));
  const r = spawnSync(process.execPath, [checkedTsc, '-p', config, '--listFiles'], { encoding: 'utf8', timeout: 180_000 });
  expect(r.stderr).toBe('');
  const lines = r.stdout.split('\n').filter((l) => l.startsWith(`${project}/shop/`));
  // A type error would be printed before the list: none is expected.
  expect(r.stdout.split('\n').filter((l) => /error TS/.test(l))).toEqual([]);
  return lines.map((l) => l.slice(project.length + 1)).sort();
}

describe("a consumer's tsc program", () => {
  it('holds validators.d.ts and not validators.js', () => {
    const files = programFiles({});
    expect(files).toContain('shop/validators.d.ts');
    expect(files).toContain('shop/client.ts');
    expect(files.filter((f) => f.endsWith('.js'))).toEqual([]);
  });

  it.each([{ allowJs: true }, { allowJs: true, checkJs: true }])('with %o and include **/*, takes validators.js in without an error', (options) => {
    const files = programFiles(options);
    expect(files).toContain('shop/validators.d.ts');
    expect(files.filter((f) => f.endsWith('.js'))).toEqual(['shop/validators.js']);
  });
});
