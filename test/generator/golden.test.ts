// Golden files: the generated API files of each fixture, byte for byte (runtime/ copies are the runtime
// engineer's files and are checked by --check instead). UPDATE_GOLDEN=1 rewrites expected/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKED_BY_DOCEX, NOCHECK } from '../../generator/emit/nocheck.js';
import { generateTree } from '../../generator/generate/pipeline.js';
import { diffTree, readTree } from '../../generator/write/tree.js';
import { repoRoot } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

const apiFiles = (tree: Map<string, string>) => new Map([...tree].filter(([k]) => !k.startsWith('runtime/')));
const ts = createRequire(import.meta.url)('typescript') as typeof import('typescript');

/** The quote characters of a TypeScript file's string literals (module specifiers and types included). */
function quotes(text: string): Set<string> {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const found = new Set<string>();
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) if (t === ts.SyntaxKind.StringLiteral) found.add(scanner.getTokenText()[0]!);
  return found;
}

describe.each(['basic', 'hostile', 'openapi-3.2'])('golden: %s', (name) => {
  const caseDir = join(fixtures, name);
  it('matches expected/ byte for byte', async () => {
    const { tree } = await generateTree(join(caseDir, 'openapi.yaml'));
    const actual = apiFiles(tree);
    const expectedDir = join(caseDir, 'expected');
    if (process.env.UPDATE_GOLDEN) {
      rmSync(expectedDir, { recursive: true, force: true });
      for (const [rel, text] of actual) {
        mkdirSync(dirname(join(expectedDir, rel)), { recursive: true });
        writeFileSync(join(expectedDir, rel), text);
      }
    }
    const expected = readTree(expectedDir);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [rel, text] of actual) expect(text, rel).toBe(expected.get(rel));
  });
});

describe('determinism', () => {
  it('gives byte-identical trees for the same input, runtime included', async () => {
    const input = join(fixtures, 'basic/openapi.yaml');
    const a = await generateTree(input);
    const b = await generateTree(input);
    expect([...a.tree.keys()]).toEqual([...b.tree.keys()]);
    for (const [rel, text] of a.tree) expect(b.tree.get(rel), rel).toBe(text);
    expect(readFileSync(join(fixtures, 'basic/openapi.yaml'), 'utf8')).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
    for (const text of a.tree.values()) expect(text.split('\n', 1)[0]).toMatch(/DO NOT EDIT/);
  });
});

describe('generated/ (the in-repo documents\' golden tree)', () => {
  it('is what openapi/ generates now (run `npm run generate` after changing a document)', async () => {
    const { tree } = await generateTree(join(repoRoot, 'openapi'));
    expect(diffTree(tree, readTree(join(repoRoot, 'generated')))).toEqual({ stale: [], missing: [], extra: [] });
    expect([...tree.keys()]).toEqual(expect.arrayContaining(['document/v1/client.ts', 'document/v1/schema.ts', 'document/v1/index.ts', 'runtime/index.ts', 'token/schema.ts', 'token/index.ts']));
    for (const [rel, text] of tree) if (rel.endsWith('.ts') && !rel.startsWith('token/node')) expect(text, rel).not.toMatch(/from ['"]node:/);
  });
  it("starts client.ts, index.ts and raw.ts with the line docex's own checks see through, schema.ts with its banner only", async () => {
    const { tree } = await generateTree(join(repoRoot, 'openapi'));
    const second = (rel: string) => tree.get(rel)!.split('\n')[1]! + '\n';
    for (const file of ['client.ts', 'index.ts', 'raw.ts']) expect(second(`document/v1/${file}`), file).toBe(CHECKED_BY_DOCEX);
    expect(second('document/v1/schema.ts')).toMatch(/^export /);
    for (const rel of ['runtime/core.ts', 'token/client.ts', 'document/v1/validators.js']) expect(second(rel), rel).toBe(NOCHECK);
  });
  it("lists each API's methods in its README in client.ts's order (by tag, then document order)", async () => {
    const { tree } = await generateTree(join(repoRoot, 'openapi'));
    for (const [rel, text] of tree) {
      if (!rel.endsWith('/client.ts') || rel.startsWith('token/')) continue;
      const start = text.search(/^export interface \w+Client \{$/m);
      const client = text.slice(start, text.indexOf('\n}\n', start));
      const members = [...client.matchAll(/^  (\w+): /gm)].map((m) => m[1]);
      const readme = [...tree.get(rel.replace(/client\.ts$/, 'README.md'))!.matchAll(/^\| `(\w+)` \| `[A-Z]+ /gm)].map((m) => m[1]);
      expect(members.length, rel).toBeGreaterThan(0);
      expect(readme, rel).toEqual(members);
    }
  });
  it("uses one quote style in each file (schema.ts openapi-typescript's, the rest single), and object literals for the specs", async () => {
    const { tree } = await generateTree(join(repoRoot, 'openapi'));
    for (const [rel, text] of tree) {
      if (!rel.endsWith('.ts')) continue;
      expect([...quotes(text)], rel).toEqual(rel.endsWith('schema.ts') ? ['"'] : quotes(text).size ? ["'"] : []);
      // No operation spec is JSON text: the specs are an object literal checked against OperationSpec.
      if (rel.endsWith('client.ts') && !rel.startsWith('token/')) expect(text, rel).toMatch(/^const ops = \{\n[\s\S]*\n\} satisfies Record<keyof \w+Client, OperationSpec>;$/m);
    }
  });
});
