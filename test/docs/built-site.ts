// A docs site built by `docex docs` from a tree of documents, once for a test file (or describe block), in a scratch
// folder removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { runDocex } from '../helpers/run-docex.js';

/** Builds the site of `tree` before the tests; the returned function gives its folder. */
export function builtSite(tree: string, name: string): () => string {
  let scratch = '';
  let site = '';
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), `docex-docs-${name}-`));
    site = join(scratch, 'site');
    const r = await runDocex(['docs', '--input', tree, '--output', site], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(0);
  }, 130_000);
  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });
  return () => site;
}
