// generate bundles and models on the main thread while a worker makes the TypeScript files (typescript/thread.ts).
// Over several APIs the error reported is still the one a one-thread run meets first, in API order: here API a/v1's
// schema.ts cannot be typed (found on the TypeScript thread), while b/v1 fails to bundle (on the main thread,
// possibly earlier in time). In-process, vitest runs the tasks in-thread; through the built CLI, in the worker.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { DocexError } from '../../generator/util/errors.js';
import { runDocex } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'docex-threads-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const corpus = join(fixtures, 'corpus');
const documents = { 'a/v1': join(corpus, 'bare-string.yaml'), 'b/v1': join(corpus, 'remote-ref.yaml') };
const first = /bare-string\.yaml: cannot generate types: Expected SchemaObject, received string at #\/components\/schemas\/Group\/oneOf\/0$/;

describe('errors across APIs', () => {
  it('in-process: the first API in order wins', async () => {
    const input = join(work, 'empty');
    mkdirSync(input, { recursive: true });
    const err = await generateTree(input, { documents }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocexError);
    expect((err as DocexError).format()).toMatch(first);
  });

  it('through the worker (built CLI): the same error, exit 2, nothing written', async () => {
    const cwd = join(work, 'repo');
    mkdirSync(join(cwd, 'openapi'), { recursive: true });
    writeFileSync(join(cwd, 'docex.config.json'), JSON.stringify({ input: 'openapi', output: 'out', documents }));
    const r = await runDocex(['generate'], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(first)]);
  });

  it('through the worker: an API after a good one still generates both', async () => {
    const cwd = join(work, 'good');
    mkdirSync(join(cwd, 'openapi'), { recursive: true });
    writeFileSync(join(cwd, 'docex.config.json'), JSON.stringify({ input: 'openapi', output: 'out', documents: { 'a/v1': join(fixtures, 'basic/openapi.yaml'), 'b/v1': join(corpus, 'names.yaml') } }));
    const r = await runDocex(['generate', '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { apis: { id: string; operations: number }[] };
    expect(summary.apis.map((a) => a.id)).toEqual(['a/v1', 'b/v1']);
  });
});
