// Issue 42: `docex docs` reads its input as `docex generate` does (--input, docex.config.json, ./openapi, the
// documents shipped with docex), and a single document of any origin builds a site of its own.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

const galaxy = join(repoRoot, 'node_modules', '@scalar', 'galaxy', 'dist', 'latest.yaml');
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docex-docs-input-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const files = (root: string) => readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => f.split('\\').join('/')).filter((f) => f !== '.docex-files').sort();

describe('docex docs --input', () => {
  it('builds the overview and reference page of one foreign document, without the guides of docex\'s own API', async () => {
    const r = await runDocex(['docs', '--input', galaxy, '--output', 'galaxy-site'], { cwd: dir, timeoutMs: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^docex docs: 2 pages in galaxy-site\//);
    const site = join(dir, 'galaxy-site');
    expect(files(site)).toEqual(['favicon.svg', 'index.html', 'reference', 'reference/scalar-galaxy.html', 'reference/scalar-galaxy.json', 'style.css']);
    const index = readFileSync(join(site, 'index.html'), 'utf8');
    expect(index).toContain('<h1>Scalar Galaxy</h1>');
    expect(index).toContain('href="reference/scalar-galaxy.html"');
    expect(index).toContain('from <code>latest.yaml</code>');
    expect(index).not.toContain('guides/');
    const reference = readFileSync(join(site, 'reference', 'scalar-galaxy.html'), 'utf8');
    expect(reference).toContain('<title>Scalar Galaxy · Scalar Galaxy</title>');
    expect(reference).toContain('Get all planets');
    expect(JSON.parse(readFileSync(join(site, 'reference', 'scalar-galaxy.json'), 'utf8'))).toMatchObject({ info: { title: 'Scalar Galaxy' } });
  }, 120_000);

  it('takes "input" from docex.config.json when no --input is given', async () => {
    const repo = join(dir, 'repo');
    mkdirSync(join(repo, 'api'), { recursive: true });
    writeFileSync(join(repo, 'api', 'galaxy.yaml'), readFileSync(galaxy, 'utf8'));
    writeFileSync(join(repo, 'docex.config.json'), JSON.stringify({ input: './api/galaxy.yaml' }));
    const r = await runDocex(['docs'], { cwd: repo, timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
    expect(files(join(repo, 'site'))).toContain('reference/scalar-galaxy.html');
  }, 120_000);

  it('exits 2 with one line naming the file for a document it cannot build from, and writes nothing', async () => {
    const bad = join(dir, 'bad');
    mkdirSync(bad);
    writeFileSync(join(bad, 'swagger.yaml'), "swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n");
    writeFileSync(join(bad, 'broken.yaml'), 'openapi: 3.1.0\ninfo:\n  title: [unclosed\n');
    mkdirSync(join(bad, 'empty'));
    const cases: [string, RegExp][] = [
      ['swagger.yaml', /^docex docs: \S*swagger\.yaml:1: not an OpenAPI 3\.x document \(Swagger 2\.0\)/],
      ['broken.yaml', /^docex docs: \S*broken\.yaml:\d+: /],
      ['empty', /^docex docs: \S*empty: no <subApi>\/<version>\/openapi\.yaml or token\/openapi\.yaml found$/],
      ['none.yaml', /^docex docs: \S*none\.yaml: input not found$/],
    ];
    for (const [input, message] of cases) {
      const r = await runDocex(['docs', '--input', input], { cwd: bad });
      expect(r.code, input).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), input).toHaveLength(1);
      expect(r.stderr.trimEnd(), input).toMatch(message);
    }
    expect(readdirSync(bad).sort()).toEqual(['broken.yaml', 'empty', 'swagger.yaml']);
  }, 120_000);
});
