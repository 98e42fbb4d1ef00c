// Issue 41, failure 1: an --output that exists and is not a folder (`--output src/index.ts`, one typo) was replaced
// by the generated folder, the file's content gone. generate and docs, the two commands that replace a folder, now
// refuse it: exit 2, one line, the file's bytes as they were.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocex, type RunResult } from '../helpers/run-docex.js';
import { fixtures } from '../generator/helpers.js';

const work = mkdtempSync(join(tmpdir(), 'docex-output-file-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const basic = join(fixtures, 'basic/openapi.yaml');
const BYTES = Buffer.from('export const mine = 1;\n\u00e9\x00\xff');

function refusedOneLine(r: RunResult, command: string, shown: string, kind: string): void {
  expect(r.code, r.stderr).toBe(2);
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toBe(`docex ${command}: refusing to replace ${shown}: it is ${kind}, and --output names a folder docex writes whole`);
}

describe('an --output that exists and is not a folder', () => {
  it('docex generate refuses a file, leaving its bytes as they were', async () => {
    const file = join(work, 'index.ts');
    writeFileSync(file, BYTES);
    refusedOneLine(await runDocex(['generate', '--input', basic, '--output', file, '--quiet']), 'generate', file, 'a file');
    expect(readFileSync(file)).toEqual(BYTES);
  });

  it('docex generate refuses a symbolic link, leaving it and its target', async () => {
    const target = join(work, 'target.ts');
    writeFileSync(target, BYTES);
    const link = join(work, 'link.ts');
    symlinkSync(target, link);
    refusedOneLine(await runDocex(['generate', '--input', basic, '--output', link, '--quiet']), 'generate', link, 'a symbolic link');
    expect(readFileSync(link)).toEqual(BYTES);
  });

  it('docex docs refuses a file, leaving its bytes as they were', async () => {
    const cwd = join(work, 'repo');
    cpSync(join(repoRoot, 'openapi'), join(cwd, 'openapi'), { recursive: true });
    writeFileSync(join(cwd, 'site'), BYTES);
    refusedOneLine(await runDocex(['docs', '--output', 'site'], { cwd }), 'docs', join(cwd, 'site'), 'a file');
    expect(readFileSync(join(cwd, 'site'))).toEqual(BYTES);
  });
});
