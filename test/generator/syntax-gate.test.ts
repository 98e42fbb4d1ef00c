// The last gate before writing: an emitted file that does not parse is a generator bug. docex exits 2 naming the
// document and the file, and writes nothing. A broken emitter or schema.ts renderer is passed to `docex generate` as an
// override (typescript/tasks.ts's EmitOverrides), which runs the TypeScript thread's tasks in-thread.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../generator/commands/generate.js';
import { renderSchema } from '../../generator/emit/schema.js';
import { EMITTERS, type Emitter } from '../../generator/emit/tree.js';
import { syntaxError } from '../../generator/typescript/syntax-gate.js';
import type { EmitOverrides } from '../../generator/typescript/tasks.js';
import { DocexError } from '../../generator/util/errors.js';

const fixture = join(import.meta.dirname, 'fixtures/basic/openapi.yaml');
const dir = mkdtempSync(join(tmpdir(), 'docex-gate-'));
const broken: Emitter = () => 'export function (';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('syntax gate', () => {
  it('reports the first syntax error with its position', () => {
    expect(syntaxError('a.ts', 'export type A = string;\n')).toBeUndefined();
    expect(syntaxError('a.ts', 'export type A = ;\n')).toMatch(/^1:17 /);
  });

  // client.ts from ts-morph's structures, schema.ts from openapi-typescript: each is parsed before writing.
  it.each([
    ['client.ts', { emitters: { ...EMITTERS, 'client.ts': (...args) => EMITTERS['client.ts'](...args).replace('export interface', 'export interface {') } }],
    ['schema.ts', { renderSchema: (document, kit) => renderSchema(document, kit).replace('export interface paths {', 'export interface paths {{') }],
  ] as [string, EmitOverrides][])('exits 2 naming the document and the emitted %s, writing nothing', async (file, overrides) => {
    const out = join(dir, `fresh-${file}`);
    const err = await run(['--input', fixture, '--output', out, '--quiet'], overrides).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocexError);
    expect((err as DocexError).exitCode).toBe(2);
    expect((err as DocexError).format()).toMatch(new RegExp(`openapi\\.yaml: generator bug: the emitted ${file.replace('.', '\\.')} does not parse \\(\\d+:\\d+ `));
    expect(existsSync(out)).toBe(false);
  });

  it('reports schema.ts before the client files of the same document', async () => {
    const overrides: EmitOverrides = { renderSchema: () => 'export type A = ;\n', emitters: { ...EMITTERS, 'client.ts': broken } };
    await expect(run(['--input', fixture, '--output', join(dir, 'both'), '--quiet'], overrides)).rejects.toThrow(/emitted schema\.ts does not parse/);
  });

  it('leaves an earlier output as it was', async () => {
    const out = join(dir, 'kept');
    expect(await run(['--input', fixture, '--output', out, '--quiet'])).toBe(0);
    const before = readFileSync(join(out, 'raw.ts'), 'utf8');
    await expect(run(['--input', fixture, '--output', out, '--quiet'], { emitters: { ...EMITTERS, 'raw.ts': broken } })).rejects.toThrow(/emitted raw\.ts does not parse/);
    expect(readFileSync(join(out, 'raw.ts'), 'utf8')).toBe(before);
  });
});
