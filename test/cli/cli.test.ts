import { describe, expect, it } from 'vitest';
import { runDocex } from '../helpers/run-docex.js';

describe('docex command', () => {
  it('prints usage and exits 2 without a command', async () => {
    const r = await runDocex([]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('Usage: docex <command>');
  });

  it('rejects an unknown command with exit 2', async () => {
    const r = await runDocex(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown command "frobnicate"');
  });
});
