import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTags } from '../../generator/docs/changelog.js';
import { runDocex, type RunResult } from '../helpers/run-docex.js';

const fixture = new URL('./fixtures/repo/openapi', import.meta.url).pathname;

/** A throwaway repository with three tags: before the documents existed, their first release, and a change. */
let repo = '';
let build: RunResult;

function git(args: string[], date: string): void {
  execFileSync('git', ['-c', 'user.name=docex test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd: repo,
    env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    stdio: 'ignore',
  });
}

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'docex-docs-tags-'));
  git(['init', '-q', '-b', 'main'], '2025-01-01T00:00:00Z');
  writeFileSync(join(repo, 'README.md'), 'before the documents\n');
  git(['add', '.'], '2025-01-01T00:00:00Z');
  git(['commit', '-q', '-m', 'start'], '2025-01-01T00:00:00Z');
  git(['tag', '-a', 'v0.1.0', '-m', 'v0.1.0'], '2025-01-01T00:00:00Z');

  cpSync(fixture, join(repo, 'openapi'), { recursive: true });
  git(['add', '.'], '2025-02-01T00:00:00Z');
  git(['commit', '-q', '-m', 'documents'], '2025-02-01T00:00:00Z');
  git(['tag', '-a', 'v1.0.0', '-m', 'v1.0.0'], '2025-02-01T00:00:00Z');

  // A value added to a response enum: breaking by the spec's rule.
  const doc = join(repo, 'openapi', 'document', 'v1', 'openapi.yaml');
  writeFileSync(doc, readFileSync(doc, 'utf8').replace('enum: [Invoice, Order]', 'enum: [Invoice, Order, CreditNote]'));
  git(['commit', '-q', '-am', 'credit notes'], '2025-03-01T00:00:00Z');
  git(['tag', '-a', 'v1.1.0', '-m', 'v1.1.0'], '2025-03-01T00:00:00Z');
  // An uncommitted change after the last tag is not a release.
  writeFileSync(doc, readFileSync(doc, 'utf8').replace('summary: Get a document', 'summary: Read one document'));

  build = await runDocex(['docs', '--output', 'site'], { cwd: repo, timeoutMs: 120_000 });
}, 150_000);

afterAll(async () => {
  if (repo) await rm(repo, { recursive: true, force: true });
});

describe('changelog from git tags', () => {
  it('builds byte-identical sites from the same repository', async () => {
    const again = await runDocex(['docs', '--output', 'site-again'], { cwd: repo, timeoutMs: 120_000 });
    expect(again.code).toBe(0);
    const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
    const first = join(repo, 'site');
    const second = join(repo, 'site-again');
    expect(files(second)).toEqual(files(first));
    for (const f of files(first)) {
      if (statSync(join(first, f)).isFile()) expect(readFileSync(join(second, f)).equals(readFileSync(join(first, f))), f).toBe(true);
    }
  }, 150_000);

  it('lists tags oldest first, and none outside a git repository', async () => {
    expect(await listTags(repo)).toEqual(['v0.1.0', 'v1.0.0', 'v1.1.0']);
    const plain = await mkdtemp(join(tmpdir(), 'docex-docs-notgit-'));
    try {
      expect(await listTags(plain)).toEqual([]);
    } finally {
      await rm(plain, { recursive: true, force: true });
    }
  });

  it('shows each release of a sub API version with the checker’s changes, breaking ones marked', () => {
    expect(build.code).toBe(0);
    const page = readFileSync(join(repo, 'site', 'changelog', 'document-v1.html'), 'utf8');
    const v11 = page.indexOf('<h2 id="release-0">v1.1.0');
    const v10 = page.indexOf('<h2 id="release-1">v1.0.0');
    expect(v11).toBeGreaterThan(0);
    expect(v10).toBeGreaterThan(v11);
    const latest = page.slice(v11, v10);
    expect(latest).toContain('since v1.0.0');
    expect(latest).toContain('1 breaking');
    expect(latest).toMatch(/<tr class="breaking">[\s\S]*CreditNote/);
    expect(page.slice(v10)).toContain('First released in <code>v1.0.0</code>');
    // The tag without documents is no release of this API; the working tree's change is not in any release.
    expect(page).not.toContain('v0.1.0');
    expect(page).not.toContain('Read one document');
  });

  it('writes each changelog as Markdown too: the lines `docex diff --format markdown` prints for the same two tags', async () => {
    const md = readFileSync(join(repo, 'site', 'changelog', 'document-v1.md'), 'utf8');
    expect(md).toMatch(/^# Changelog: document v1\n/);
    expect(md).toContain('## v1.1.0 (since v1.0.0)');
    expect(md).toContain('## v1.0.0\n\nFirst released in `v1.0.0`.');
    const page = readFileSync(join(repo, 'site', 'changelog', 'document-v1.html'), 'utf8');
    expect(page).toContain('<a href="document-v1.md">Markdown</a>');
    // The checker itself, between the two tags' trees (the working tree's uncommitted edit is documentation only).
    const cli = await runDocex(['diff', '--base-ref', 'v1.0.0', '--format', 'markdown'], { cwd: repo });
    const items = (text: string) => text.split('\n').filter((l) => l.startsWith('- '));
    const fromCli = items(cli.stdout.slice(cli.stdout.indexOf('`document/v1`')));
    expect(fromCli.length).toBeGreaterThan(0);
    expect(fromCli.some((l) => l.includes('CreditNote'))).toBe(true);
    const latest = md.slice(md.indexOf('## v1.1.0'), md.indexOf('## v1.0.0'));
    expect(items(latest)).toEqual(fromCli);
    expect(readFileSync(join(repo, 'site', 'changelog', 'token.md'), 'utf8')).toContain('## v1.1.0 (since v1.0.0)\n\nNo changes.');
  });

  it('says when an API did not change between two tags, and indexes the releases newest first', () => {
    const token = readFileSync(join(repo, 'site', 'changelog', 'token.html'), 'utf8');
    expect(token).toMatch(/v1\.1\.0[\s\S]*No changes to this API\.[\s\S]*v1\.0\.0[\s\S]*First released/);
    const index = readFileSync(join(repo, 'site', 'changelog', 'index.html'), 'utf8');
    expect(index).toContain('Releases, newest first: <code>v1.1.0</code>, <code>v1.0.0</code>, <code>v0.1.0</code>.');
  });
});
