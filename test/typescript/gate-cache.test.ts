// docex's own template files, copied into every output, are parsed by the syntax gate until they have parsed once
// (typescript/gate-cache.ts): a text that parsed is remembered by its hash beside the code cache, a text that does not
// parse never is, and NODE_DISABLE_COMPILE_CACHE turns it off.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { knownToParse, rememberParses } from '../../generator/typescript/gate-cache.js';
import { openSession, runTask } from '../../generator/typescript/tasks.js';

const work = mkdtempSync(join(tmpdir(), 'docex-gate-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const saved = { cache: process.env.NODE_COMPILE_CACHE, disabled: process.env.NODE_DISABLE_COMPILE_CACHE };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(work, 'cache-'));
  process.env.NODE_COMPILE_CACHE = dir;
  delete process.env.NODE_DISABLE_COMPILE_CACHE;
});
afterEach(() => {
  if (saved.cache === undefined) delete process.env.NODE_COMPILE_CACHE;
  else process.env.NODE_COMPILE_CACHE = saved.cache;
  if (saved.disabled === undefined) delete process.env.NODE_DISABLE_COMPILE_CACHE;
  else process.env.NODE_DISABLE_COMPILE_CACHE = saved.disabled;
});
const entries = () => readdirSync(dir).filter((n) => n.startsWith('parses-'));

describe("the syntax gate's verdicts on docex's templates", () => {
  it('remembers each runtime file once it has parsed, and gives the same verdicts from memory', async () => {
    const first = await runTask({ kind: 'templates', dir: 'runtime' }, openSession());
    expect(first.errors.every((e) => e === undefined)).toBe(true);
    expect(entries()).toHaveLength(first.files.length);
    for (const [, text] of first.files) expect(knownToParse(text)).toBe(true);
    const again = await runTask({ kind: 'templates', dir: 'runtime' }, openSession());
    expect(again).toEqual(first);
    expect(entries()).toHaveLength(first.files.length);
  });

  it('knows only the very text that parsed', () => {
    rememberParses('export const a = 1;\n');
    expect(knownToParse('export const a = 1;\n')).toBe(true);
    expect(knownToParse('export const a = 1;\n ')).toBe(false);
    expect(knownToParse('export const a = ;\n')).toBe(false);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE', async () => {
    process.env.NODE_DISABLE_COMPILE_CACHE = '1';
    const r = await runTask({ kind: 'templates', dir: 'runtime' }, openSession());
    expect(r.files.length).toBeGreaterThan(10);
    expect(entries()).toHaveLength(0);
    rememberParses('export const b = 1;\n');
    expect(entries()).toHaveLength(0);
  });
});
