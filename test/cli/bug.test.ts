// Issue 30: a stack trace is for docex's own bugs, and then the output says how to report them; bad input, and a file
// system that fails, are one line and exit 2.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../generator/cli.js';
import { BUG_EXIT } from '../../generator/util/bug.js';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

// `docex lint` standing in for any command with a bug in it.
vi.mock('../../generator/commands/lint.js', () => ({
  run: async () => {
    const missing = undefined as unknown as { id: string };
    return missing.id.length;
  },
}));

const work = mkdtempSync(join(tmpdir(), 'docex-bug-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a docex bug', () => {
  it('prints its stack and how to report it, and exits 70, none of the README\'s exit codes', async () => {
    let stderr = '';
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      stderr += String(chunk);
      return true;
    });
    try {
      expect(await main(['lint'])).toBe(BUG_EXIT);
    } finally {
      write.mockRestore();
    }
    expect(BUG_EXIT).toBe(70);
    expect(stderr).toMatch(/^docex lint: internal error: this is a bug in docex, not a problem with your input\.\nTypeError: Cannot read properties of undefined/);
    expect(stderr).toMatch(/\n {4}at /);
    expect(stderr).toMatch(/Please report it to the docex maintainers with this whole message, the command you ran and, if you can share it, the input \(docex \d+\.\d+\.\d+, Node v\d+/);
  });
});

describe('a file system that fails', () => {
  it('is one line naming the path, exit 2', async () => {
    const file = join(work, 'a-file');
    writeFileSync(file, 'not a folder\n');
    const r = await runDocex(['generate', '--input', join(repoRoot, 'test/generator/fixtures/basic/openapi.yaml'), '--output', join(file, 'out'), '--quiet']);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^docex generate: E[A-Z]+: .*a-file/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
