import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverApis } from '../../generator/load/index.js';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

const bad = 'test/lint/fixtures/error-body/bad.yaml';

describe('docex lint (built CLI)', () => {
  it('exits 1 on a violation and names the rule, file, line and column (stylish)', async () => {
    const r = await runDocex(['lint', bad]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${bad}\n`);
    expect(r.stdout).toMatch(/^ {2}12:15 +error +Use the error body for this error response: .* {2}docex\/error-body$/m);
    expect(r.stdout).toMatch(/\d+ problems \(\d+ errors, \d+ warnings?\) in 1 document\.\n$/);
  });

  it('--format json prints only JSON with each problem and the totals', async () => {
    const r = await runDocex(['lint', bad, '--format', 'json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { problems: Record<string, unknown>[]; totals: { errors: number; warnings: number; documents: number } };
    expect(out.problems).toContainEqual({
      ruleId: 'docex/error-body',
      severity: 'error',
      file: bad,
      line: 12,
      column: 15,
      message: 'Use the error body for this error response: a message object with a required string "technicalMessage", or an array of them.',
    });
    expect(out.totals.errors).toBe(out.problems.filter((p) => p.severity === 'error').length);
    expect(out.totals.documents).toBe(1);
  });

  it('--format github-actions prints one annotation per problem', async () => {
    const r = await runDocex(['lint', bad, '--format', 'github-actions']);
    expect(r.code).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.every((l) => /^::(error|warning) file=[^,]+,line=\d+,col=\d+,title=[^:]+::\S/.test(l))).toBe(true);
    expect(lines).toContain(`::error file=${bad},line=16,col=9,title=docex/error-body::Give the 404 response an application/json body with the error body: a message with a required string "technicalMessage", or an array of them.`);
  });

  it('uses its own redocly.yaml wherever it runs, and shows outside files with absolute paths', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'docex-lint-'));
    const file = join(repoRoot, 'test/lint/fixtures/http-methods/bad.yaml');
    const r = await runDocex(['lint', file, '--format', 'json'], { cwd });
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { problems: { ruleId: string; file: string; line: number }[] };
    expect(out.problems.filter((p) => p.ruleId === 'docex/http-methods').map((p) => [p.file, p.line])).toEqual([
      [file, 6],
      [file, 7],
      [file, 9],
      [file, 11],
    ]);
  });

  it('exits 2 naming the file for a missing file, and file and line for unparsable YAML', async () => {
    const missing = await runDocex(['lint', 'no/such.yaml']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no/such.yaml: no such file or directory');
    const dir = mkdtempSync(join(tmpdir(), 'docex-lint-'));
    writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.1.0\ninfo: { title: t\npaths: {}\n');
    const broken = await runDocex(['lint', 'broken.yaml'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.yaml:3: cannot lint: /);
    expect(broken.stdout).toBe('');
  });

  it('exits 2 on an unknown format', async () => {
    const r = await runDocex(['lint', bad, '--format', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown --format "xml"');
  });

  it('lints every document under ./openapi by default and exits 0 when they are clean', async () => {
    const r = await runDocex(['lint', '--format', 'json']);
    const out = JSON.parse(r.stdout) as { problems: { severity: string }[]; totals: { documents: number } };
    expect(out.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(r.code).toBe(0);
    expect(out.totals.documents).toBeGreaterThanOrEqual(4);
  });

  it('reports what `npx redocly lint` reports with the same redocly.yaml (one config, two ways in)', async () => {
    const files = ['test/lint/fixtures/error-body/bad.yaml', 'test/lint/fixtures/sort-param/bad.yaml', ...discoverApis(join(repoRoot, 'openapi')).map((a) => relative(repoRoot, a.file))];
    const ours = await runDocex(['lint', ...files, '--format', 'json']);
    const mine = JSON.parse(ours.stdout) as { problems: { ruleId: string; severity: string; file: string; line: number; column: number }[] };
    const cli = join(repoRoot, 'node_modules/@redocly/cli/bin/cli.js');
    const theirs = spawnSync(process.execPath, [cli, 'lint', ...files, '--format', 'json'], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    // One JSON report per document, written back to back (`}{`).
    type Report = { problems: { ruleId: string; severity: string; location: { source: { ref: string }; start: { line: number; col: number } }[] }[] };
    const reports = theirs.stdout.replace(/^\}\{$/gm, '}\n\u0000{').split('\n\u0000').map((r) => JSON.parse(r) as Report);
    expect(reports).toHaveLength(files.length);
    const key = (ruleId: string, severity: string, file: string, line: number, col: number) => `${file}:${line}:${col} ${severity} ${ruleId}`;
    const expected = new Set(
      reports.flatMap((r) => r.problems).map((p) => {
        const at = p.location[0]!;
        return key(p.ruleId, p.severity, relative(repoRoot, resolve(repoRoot, at.source.ref)), at.start.line, at.start.col);
      }),
    );
    expect(expected.size).toBeGreaterThan(2);
    expect([...expected].some((k) => k.endsWith('docex/sort-param'))).toBe(true);
    expect(new Set(mine.problems.map((p) => key(p.ruleId, p.severity, p.file, p.line, p.column)))).toEqual(expected);
    expect(ours.code).toBe(theirs.status);
  });
});

