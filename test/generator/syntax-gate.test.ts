// The last gate before writing: an emitted file that does not parse is a generator bug. docex exits 2 naming the
// document and the file, and writes nothing. A broken emitter is swapped in through emit/tree.ts's `emitters` seam,
// a broken schema.ts through emit/typescript-tasks.ts's `schemaEmitter` (vitest runs the TypeScript thread's tasks
// in-thread, so both seams reach them).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { run } from '../../generator/commands/generate.js';
import { syntaxError } from '../../generator/emit/syntax-gate.js';
import { emitters } from '../../generator/emit/tree.js';
import { schemaEmitter } from '../../generator/emit/typescript-tasks.js';
import { DocexError } from '../../generator/util/errors.js';

const fixture = join(import.meta.dirname, 'fixtures/basic/openapi.yaml');
const dir = mkdtempSync(join(tmpdir(), 'docex-gate-'));
const original = { ...emitters };
const originalSchema = { ...schemaEmitter };
afterEach(() => {
  Object.assign(emitters, original);
  Object.assign(schemaEmitter, originalSchema);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('syntax gate', () => {
  it('reports the first syntax error with its position', () => {
    expect(syntaxError('a.ts', 'export type A = string;\n')).toBeUndefined();
    expect(syntaxError('a.ts', 'export type A = ;\n')).toMatch(/^1:17 /);
  });

  // client.ts from ts-morph's structures, schema.ts from openapi-typescript: each is parsed before writing.
  it.each([
    ['client.ts', () => (emitters['client.ts'] = (...args) => original['client.ts'](...args).replace('export interface', 'export interface {'))],
    ['schema.ts', () => (schemaEmitter.render = (document) => originalSchema.render(document).replace('export interface paths {', 'export interface paths {{'))],
  ] as const)('exits 2 naming the document and the emitted %s, writing nothing', async (file, breakIt) => {
    const out = join(dir, `fresh-${file}`);
    breakIt();
    const err = await run(['--input', fixture, '--output', out, '--quiet']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocexError);
    expect((err as DocexError).exitCode).toBe(2);
    expect((err as DocexError).format()).toMatch(new RegExp(`openapi\\.yaml: generator bug: the emitted ${file.replace('.', '\\.')} does not parse \\(\\d+:\\d+ `));
    expect(existsSync(out)).toBe(false);
  });

  it('reports schema.ts before the client files of the same document', async () => {
    schemaEmitter.render = () => 'export type A = ;\n';
    emitters['client.ts'] = () => 'export function (';
    await expect(run(['--input', fixture, '--output', join(dir, 'both'), '--quiet'])).rejects.toThrow(/emitted schema\.ts does not parse/);
  });

  it('leaves an earlier output as it was', async () => {
    const out = join(dir, 'kept');
    expect(await run(['--input', fixture, '--output', out, '--quiet'])).toBe(0);
    const before = readFileSync(join(out, 'raw.ts'), 'utf8');
    emitters['raw.ts'] = () => 'export function (';
    await expect(run(['--input', fixture, '--output', out, '--quiet'])).rejects.toThrow(/emitted raw\.ts does not parse/);
    expect(readFileSync(join(out, 'raw.ts'), 'utf8')).toBe(before);
  });
});
