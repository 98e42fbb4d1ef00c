// An output holds the runtime modules its APIs import and what those import, no others
// (generator/generate/runtime-closure.ts): a tsconfig `include` over the output parses every file in it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { runtimeClosure } from '../../generator/generate/runtime-closure.js';
import { readTree } from '../../generator/write/tree.js';
import { repoRoot, runDocex } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'docex-runtime-closure-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const basic = join(fixtures, 'basic/openapi.yaml');
const streams = join(repoRoot, 'test/fixtures/streams/v32.yaml');

const runtimeFiles = (tree: Map<string, string>) => [...tree.keys()].filter((k) => k.startsWith('runtime/')).sort();

/** Every relative import of every code file in `tree` that names no file of it (read by TypeScript's own scanner). */
function unresolved(tree: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [path, text] of tree) {
    if (!/\.[cm]?[jt]s$/.test(path)) continue;
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = posix.join(posix.dirname(path), fileName).replace(/\.js$/, '.ts');
      if (!tree.has(target) && !tree.has(target.replace(/\.ts$/, '.js'))) out.push(`${path} -> ${fileName}`);
    }
  }
  return out;
}

describe('runtimeClosure', () => {
  it('keeps what the files reach by static, type-only, re-exporting and dynamic imports, in the runtime order', () => {
    const runtime = new Map([
      ['runtime/a.ts', "import type { B } from './b.js';"],
      ['runtime/b.ts', "export { c } from './c.js';"],
      ['runtime/c.ts', "export const c = () => import('./d.js');"],
      ['runtime/d.ts', 'export const d = 1;'],
      ['runtime/unused.ts', "import { a } from './a.js';"],
    ]);
    const api = new Map([
      ['v1/client.ts', "import type { B } from '../runtime/b.js';\nimport { x } from './schema.js';"],
      ['v1/README.md', "import { u } from '../runtime/unused.js';"],
    ]);
    expect([...runtimeClosure(runtime, api).keys()]).toEqual(['runtime/b.ts', 'runtime/c.ts', 'runtime/d.ts']);
  });
});

describe('docex generate', () => {
  it('copies only the runtime modules the output imports: none for streams without a stream operation, added and removed as the document changes', async () => {
    const out = join(work, 'out');
    const generate = async (input: string, ...more: string[]) => (await runDocex(['generate', '--input', input, '--output', out, '--quiet', ...more])).code;

    expect(await generate(basic)).toBe(0);
    const plain = readTree(out);
    expect(runtimeFiles(plain)).toContain('runtime/index.ts');
    expect(runtimeFiles(plain)).not.toContain('runtime/stream.ts');
    expect(unresolved(plain)).toEqual([]);

    expect(await generate(streams)).toBe(0);
    const streaming = readTree(out);
    expect(runtimeFiles(streaming)).toContain('runtime/stream.ts');
    expect(unresolved(streaming)).toEqual([]);
    expect(await generate(streams, '--check')).toBe(0);

    expect(await generate(basic)).toBe(0);
    expect(runtimeFiles(readTree(out))).toEqual(runtimeFiles(plain));
    expect(await generate(basic, '--check')).toBe(0);
  }, 240_000);
});
