// The code cache of the large CommonJS modules (typescript/compile-cache.ts), in fresh processes on the built module: an
// entry is written once and then used; a damaged entry is rejected by V8, the module still loads and the entry is
// written again; the module is the one every later require() gets; NODE_DISABLE_COMPILE_CACHE turns it off. On
// Node 22 and later docex hands the work to module.enableCompileCache(), whose own tests are Node's.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { skipUnless } from '../helpers/skip.js';

const built = pathToFileURL(join(import.meta.dirname, '../../dist/generator/typescript/compile-cache.js')).href;
const work = mkdtempSync(join(tmpdir(), 'docex-compile-cache-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const nodeMajor = Number(process.versions.node.split('.')[0]);

/** A CommonJS module with a function V8 compiles lazily, loaded through requireCached in a new process. */
const moduleFile = join(work, 'node_modules', 'sample', 'index.js');
writeFileSync(join(work, 'package.json'), '{"name":"host","type":"module"}');
const script = `
import { createRequire } from 'node:module';
import { requireCached, saveCompileCache } from ${JSON.stringify(built)};
const require = createRequire(${JSON.stringify(join(work, 'package.json'))});
const m = requireCached('sample', require);
const again = require('sample');
console.log(JSON.stringify({ value: m.twice(21), same: m === again }));
saveCompileCache();
`;

function run(env: Record<string, string> = {}): { value: number; same: boolean } {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: work, encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: join(work, 'cache'), ...env } });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { value: number; same: boolean };
}
const entries = () => {
  try {
    return readdirSync(join(work, 'cache')).map((n) => join(work, 'cache', n));
  } catch {
    return [];
  }
};

describe('compile cache (Node 20: vm.Script cachedData)', skipUnless(nodeMajor < 22, `Node 20 only: on Node ${nodeMajor} docex uses module.enableCompileCache(), which Node tests`), () => {
  it('writes an entry once, then uses it; the module is the one require() returns', () => {
    mkdirSync(join(work, 'node_modules', 'sample'), { recursive: true });
    writeFileSync(moduleFile, `'use strict';\nexports.twice = function twice(n) { return n * 2; };\n`);
    expect(run()).toEqual({ value: 42, same: true });
    expect(entries()).toHaveLength(1);
    const [entry] = entries();
    const first = readFileSync(entry!);
    const mtime = statSync(entry!).mtimeMs;
    expect(run()).toEqual({ value: 42, same: true });
    // Accepted: not written again.
    expect(statSync(entry!).mtimeMs).toBe(mtime);
    expect(readFileSync(entry!).equals(first)).toBe(true);
  });

  it('a damaged entry is rejected, the module still loads, and the entry is written again', () => {
    const [entry] = entries();
    writeFileSync(entry!, Buffer.from('not a code cache'));
    expect(run()).toEqual({ value: 42, same: true });
    expect(readFileSync(entry!).toString()).not.toBe('not a code cache');
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 loads the module without the cache', () => {
    rmSync(join(work, 'cache'), { recursive: true, force: true });
    expect(run({ NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual({ value: 42, same: true });
    expect(entries()).toEqual([]);
  });
});
