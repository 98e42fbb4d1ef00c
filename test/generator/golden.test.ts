// Golden files: the generated API files of each fixture, byte for byte (runtime/ copies are the runtime
// engineer's files and are checked by --check instead). UPDATE_GOLDEN=1 rewrites expected/.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { diffTree, readTree } from '../../generator/write/tree.js';
import { repoRoot } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

const apiFiles = (tree: Map<string, string>) => new Map([...tree].filter(([k]) => !k.startsWith('runtime/')));

describe.each(['basic', 'hostile'])('golden: %s', (name) => {
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
});
