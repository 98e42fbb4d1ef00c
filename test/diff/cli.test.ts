// `docex diff` as users run it: three input kinds (files, trees, --base-ref), four formats, exit codes.
// Needs the built CLI (`node scripts/build.mjs`; `npm test` builds first).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

const fx = join(repoRoot, 'test/diff/fixtures');
const trees = [join(fx, 'trees/base'), join(fx, 'trees/head')];
const files = [join(fx, 'files/base.yaml'), join(fx, 'files/head-compatible.yaml')];

interface JsonOut {
  breaking: boolean;
  changes: { id: string; level: string; api: string; operation: string; operations: string[]; location: string; message: string }[];
}

describe('docex diff: inputs', () => {
  it('two files: compatible changes exit 0 and are listed', async () => {
    const r = await runDocex(['diff', ...files, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as JsonOut;
    expect(out.breaking).toBe(false);
    // The schema was renamed Order -> PurchaseOrder with the same structure: only the new property shows.
    expect(out.changes.map((c) => `${c.level} ${c.id} ${c.location}`)).toEqual([
      'non-breaking response-property-added components.schemas.PurchaseOrder.note',
      'non-breaking request-parameter-added query.searchTerm',
      'non-breaking request-enum-value-added query.status',
    ]);
  });

  it('two openapi/ trees: each API in both is compared; a removed version breaks, a new one does not', async () => {
    const r = await runDocex(['diff', ...trees, '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as JsonOut;
    expect(out.changes.map((c) => `${c.api} ${c.level} ${c.id} ${c.operation}`)).toEqual([
      'document/v1 breaking response-enum-value-added GET /documents',
      'document/v1 breaking collection-limit-maximum-decreased GET /documents',
      'document/v1 breaking response-header-removed GET /documents/{documentId}',
      'document/v1 non-breaking operation-added GET /documents/{documentId}/presentation',
      'document/v2 non-breaking api-version-added ',
      'file/v1 breaking api-version-removed ',
    ]);
    // The enum lives in a shared file: one change, listing both operations it reaches.
    expect(out.changes[0]!.operations).toEqual(['GET /documents', 'GET /documents/{documentId}']);
  });

  describe('--base-ref against a git repository', () => {
    let repo: string;
    beforeAll(() => {
      repo = mkdtempSync(join(tmpdir(), 'docex-diff-git-'));
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, stdio: 'pipe' });
      git('init', '-q');
      cpSync(trees[0]!, join(repo, 'openapi'), { recursive: true });
      git('add', '-A');
      git('commit', '-q', '-m', 'base');
      rmSync(join(repo, 'openapi'), { recursive: true });
      cpSync(trees[1]!, join(repo, 'openapi'), { recursive: true });
    });
    afterAll(() => rmSync(repo, { recursive: true, force: true }));

    it('compares openapi/ at the ref with the working tree', async () => {
      const r = await runDocex(['diff', '--base-ref', 'HEAD', '--format', 'json'], { cwd: repo });
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout) as JsonOut;
      expect(out.changes.map((c) => `${c.api} ${c.id}`)).toContain('file/v1 api-version-removed');
      expect(out.changes).toHaveLength(6);
    });

    it('a single file path at the ref works too, and an unknown ref exits 2', async () => {
      const one = await runDocex(['diff', '--base-ref', 'HEAD', 'openapi/document/v1/openapi.yaml'], { cwd: repo });
      expect(one.code).toBe(1);
      expect(one.stdout).toContain('collection-limit-maximum-decreased');
      const bad = await runDocex(['diff', '--base-ref', 'no-such-ref'], { cwd: repo });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('unknown git ref "no-such-ref"');
      expect(bad.stdout).toBe('');
    });
  });
});

describe('docex diff: bad input exits 2 naming file and line', () => {
  it.each([
    ['unparsable.yaml', /unparsable\.yaml:6: cannot parse/],
    ['dangling.yaml', /dangling\.yaml:11: .*resolve \$ref/],
  ])('%s', async (name, message) => {
    const r = await runDocex(['diff', files[0]!, join(fx, 'files', name), '--format', 'json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('a parseable document that is not valid OpenAPI is still compared', async () => {
    const r = await runDocex(['diff', join(fx, 'files/not-openapi.yaml'), files[0]!, '--format', 'json']);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as JsonOut).changes.map((c) => c.id)).toEqual(['path-removed', 'operation-added']);
  });

  it('a file against a directory, or a missing file, is bad input', async () => {
    expect((await runDocex(['diff', files[0]!, trees[1]!])).code).toBe(2);
    expect((await runDocex(['diff', files[0]!, join(fx, 'files/missing.yaml')])).code).toBe(2);
    expect((await runDocex(['diff', ...files, '--format', 'xml'])).code).toBe(2);
  });
});

describe('docex diff: formats', () => {
  it('text (default) lists each change with its level and a verdict', async () => {
    const r = await runDocex(['diff', ...trees]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('document/v1:');
    expect(r.stdout).toMatch(/BREAKING +GET \/documents\/\{documentId\}: response 200 no longer sends header `ETag`/);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('4 breaking, 2 non-breaking, 0 info: BREAKING');
  });

  it('json holds only the JSON document on stdout', async () => {
    const r = await runDocex(['diff', ...trees, '--format', 'json']);
    const out = JSON.parse(r.stdout) as JsonOut;
    expect(out.breaking).toBe(true);
    for (const c of out.changes) expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'level', 'api', 'operation', 'location', 'message']));
  });

  it('markdown has a section per API with breaking changes first', async () => {
    const r = await runDocex(['diff', ...trees, '--format', 'markdown']);
    expect(r.stdout).toMatch(/^## API changes\n\n\*\*4 breaking\*\* changes, 2 non-breaking, 0 informational\./);
    expect(r.stdout).toContain('### `document/v1`\n\n**Breaking changes** (3)\n\n- ');
    expect(r.stdout).toContain('in `GET /documents`, `GET /documents/{documentId}`');
    expect(r.stdout.indexOf('**Breaking changes**')).toBeLessThan(r.stdout.indexOf('**Non-breaking changes**'));
  });

  it('github-actions: ::error with file and line for breaking changes, ::notice for the others', async () => {
    const r = await runDocex(['diff', ...trees, '--format', 'github-actions'], { cwd: repoRoot });
    const lines = r.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('::error ')).length).toBe(4);
    expect(lines.filter((l) => l.startsWith('::notice ')).length).toBe(2);
    // The limit parameter's operation sits at line 9 of the HEAD document.
    expect(lines).toContain(
      '::error file=test/diff/fixtures/trees/head/document/v1/openapi.yaml,line=9,title=Breaking change (collection-limit-maximum-decreased)::document/v1 GET /documents: maximum of collection query parameter `limit` lowered from 100 to 50: larger pages are now rejected',
    );
    expect(lines.at(-1)).toBe('docex diff: 4 breaking, 2 non-breaking, 0 info');
  });

  it('two OpenAPI 3.2 files: a removed QUERY operation breaks; QUERY, additional operations and querystring are annotated where written', async () => {
    const pair = [join(fx, 'files/3.2/base.yaml'), join(fx, 'files/3.2/head.yaml')];
    const r = await runDocex(['diff', ...pair, '--format', 'github-actions'], { cwd: repoRoot });
    expect(r.code).toBe(1);
    const file = 'file=test/diff/fixtures/files/3.2/head.yaml';
    expect(r.stdout.trim().split('\n')).toEqual([
      `::error ${file},line=7,title=Breaking change (request-property-became-required)::head GET /products: query string property \`name\` is now required`,
      `::error ${file},line=24,title=Breaking change (request-parameter-added-required)::head LINK /products: new required header parameter \`Link\``,
      `::error ${file},line=6,title=Breaking change (operation-removed)::head QUERY /products: operation QUERY /products was removed`,
      `::notice ${file},line=37,title=API change (security-scheme-deprecated)::head security scheme \`key\` is now deprecated`,
      'docex diff: 3 breaking, 0 non-breaking, 1 info',
    ]);
  });
});
