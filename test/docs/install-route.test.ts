// Issue 42: one install route that works without the registry, the same everywhere. The README, the Quick start and
// the client guide give the same first lines (test/helpers/install-route.ts, derived from package.json's version),
// and the release workflow attaches the tarball they name to the tag's GitHub release. The client-repo test and the
// Quick start test run those lines.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Lexer, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { INSTALL_COMMAND, TARBALL, TARBALL_SOURCE } from '../helpers/install-route.js';
import { repoRoot } from '../helpers/run-docex.js';

const PAGES = ['README.md', 'templates/docs/guides/quick-start.md', 'templates/docs/guides/client.md'];

/** The lines of a Markdown file's shell code blocks, in order. */
function shellLines(file: string): string[] {
  return new Lexer()
    .lex(readFileSync(join(repoRoot, file), 'utf8'))
    .filter((t): t is Tokens.Code => t.type === 'code' && t.lang === 'sh')
    .flatMap((t) => t.text.split('\n'));
}

/** The first `npm install` line and the line before it. */
function firstInstall(lines: string[]): [string | undefined, string | undefined] {
  const i = lines.findIndex((l) => /^npm (install|i)\b/.test(l));
  return [lines[i - 1], lines[i]];
}

interface Step { uses?: string; run?: string; name?: string; env?: Record<string, string> }
const workflow = parse(readFileSync(join(repoRoot, '.github', 'workflows', 'release.yml'), 'utf8')) as {
  on: { push?: { tags?: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, { steps: Step[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);

describe('the documented install route', () => {
  it.each(PAGES)('%s: the first npm install is the tarball of this version, after where to get it', (page) => {
    expect(firstInstall(shellLines(page))).toEqual([TARBALL_SOURCE, INSTALL_COMMAND]);
  });

  it('finds the first install and what precedes it (the check can fail)', () => {
    expect(firstInstall(['mkdir a', 'npm install --save-dev docex', 'npm install x'])).toEqual(['mkdir a', 'npm install --save-dev docex']);
    expect(firstInstall(['npx docex init'])).toEqual([undefined, undefined]);
  });
});

describe('.github/workflows/release.yml', () => {
  it('on a v* tag, with contents: write alone, installs, packs and attaches the tarball to the tag\'s release', () => {
    expect(workflow.on.push?.tags).toEqual(['v*']);
    expect(workflow.permissions).toEqual({ contents: 'write' });
    const runs = steps.map((s) => s.run ?? '');
    const at = (re: RegExp) => runs.findIndex((r) => re.test(r));
    expect(at(/^npm ci\b/)).toBeGreaterThanOrEqual(0);
    expect(at(/^npm pack\b/)).toBeGreaterThan(at(/^npm ci\b/));
    expect(at(/gh release (create|upload) "\$GITHUB_REF_NAME" "\$TARBALL"/)).toBeGreaterThan(at(/^npm pack\b/));
    expect(steps.find((s) => /gh release/.test(s.run ?? ''))?.env).toEqual({ GH_TOKEN: '${{ github.token }}', GH_REPO: '${{ github.repository }}' });
  });

  it('names the tarball the pages install, and refuses a tag that is not package.json\'s version', () => {
    const check = steps.find((s) => /GITHUB_ENV/.test(s.run ?? ''))!.run!;
    const dir = mkdtempSync(join(tmpdir(), 'docex-release-'));
    try {
      const run = (tag: string) => spawnSync('bash', ['-eo', 'pipefail', '-c', check], { cwd: repoRoot, env: { ...process.env, GITHUB_REF_NAME: tag, GITHUB_ENV: join(dir, tag) }, encoding: 'utf8' });
      const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
      expect(run(`v${version}`).status).toBe(0);
      expect(readFileSync(join(dir, `v${version}`), 'utf8')).toBe(`TARBALL=${TARBALL}\n`);
      const wrong = run('v999.0.0');
      expect(wrong.status).toBe(1);
      expect(wrong.stdout).toContain(`::error::the tag v999.0.0 is not v${version}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
