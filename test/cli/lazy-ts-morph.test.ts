// ts-morph is loaded by the commands that emit or read TypeScript only: lint, diff and sandbox must not pay for it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocex } from '../helpers/run-docex.js';
import { spawnSandbox } from '../helpers/spawn-sandbox.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const hook = pathToFileURL(join(repoRoot, 'test/helpers/record-imports.mjs')).href;
// ESM imports through the loader hook, CommonJS requires (ts-morph's, in generate's TypeScript thread) through this one.
const requires = join(repoRoot, 'test/helpers/record-requires.cjs');
const nodeOptions = `--import=${hook} --require=${requires}`;

/** The module URLs a docex run resolved. */
async function imports(name: string, args: string[]): Promise<{ code: number; urls: string[] }> {
  const log = join(dir, `${name}.log`);
  writeFileSync(log, '');
  const r = await runDocex(args, { env: { NODE_OPTIONS: nodeOptions, DOCEX_TEST_IMPORTS: log } });
  return { code: r.code, urls: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}
const tsMorph = (urls: string[]) => urls.filter((u) => /\/node_modules\/(ts-morph|@ts-morph)\//.test(u));

describe('ts-morph is loaded lazily', () => {
  it('generate loads it (the recorder sees it)', async () => {
    const r = await imports('generate', ['generate', '--input', 'test/generator/fixtures/basic/openapi.yaml', '--output', join(dir, 'out'), '--quiet']);
    expect(r.code).toBe(0);
    expect(tsMorph(r.urls)).not.toEqual([]);
  });

  it.each([
    ['lint', ['lint', 'openapi/document/v1/openapi.yaml']],
    ['diff', ['diff', 'test/diff/fixtures/files/base.yaml', 'test/diff/fixtures/files/head-compatible.yaml']],
  ])('%s does not', async (name, args) => {
    const r = await imports(name, args);
    expect(r.urls.length).toBeGreaterThan(10);
    expect(tsMorph(r.urls)).toEqual([]);
  });

  it('sandbox does not, serving', async () => {
    const log = join(dir, 'sandbox.log');
    writeFileSync(log, '');
    const saved = { ...process.env };
    Object.assign(process.env, { NODE_OPTIONS: nodeOptions, DOCEX_TEST_IMPORTS: log });
    let sandbox;
    try {
      sandbox = await spawnSandbox(process.execPath, [join(repoRoot, 'bin/docex.js'), 'sandbox', '--port', '0'], repoRoot);
    } finally {
      process.env.NODE_OPTIONS = saved.NODE_OPTIONS;
      process.env.DOCEX_TEST_IMPORTS = saved.DOCEX_TEST_IMPORTS;
      if (saved.NODE_OPTIONS === undefined) delete process.env.NODE_OPTIONS;
      if (saved.DOCEX_TEST_IMPORTS === undefined) delete process.env.DOCEX_TEST_IMPORTS;
    }
    await sandbox.stop();
    const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(urls.length).toBeGreaterThan(10);
    expect(tsMorph(urls)).toEqual([]);
  });
});
