// Issue 30: every command that reads documents holds each file it reads, the entry document and every file reached by
// `$ref`, to docex's bounds (generator/load/bounds.ts): past one, exit 2 with one `file:line` line, nothing else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/write/tree.js';
import { aliasBomb, aliasBombPart, deepJson, documentYaml, prototypeNamed, refChain, refChainPart, referencing } from '../helpers/hostile.js';
import { runDocex, type RunResult } from '../helpers/run-docex.js';

const work = mkdtempSync(join(tmpdir(), 'docex-bounds-'));
const at = (...p: string[]) => join(work, ...p);
beforeAll(() => {
  writeFileSync(at('base.yaml'), documentYaml(['    Thing:', '      type: object', '      properties:', '        kind: { type: string }']));
  writeFileSync(at('bomb.yaml'), aliasBomb());
  writeFileSync(at('deep.json'), deepJson(10_000));
  writeFileSync(at('parts.yaml'), aliasBombPart());
  writeFileSync(at('main.yaml'), referencing('parts.yaml'));
  // An openapi/ tree whose document reaches the bomb by $ref, for docs and the sandbox.
  mkdirSync(at('tree', 'openapi', 'document', 'v1'), { recursive: true });
  writeFileSync(at('tree', 'openapi', 'document', 'v1', 'parts.yaml'), aliasBombPart());
  writeFileSync(at('tree', 'openapi', 'document', 'v1', 'openapi.yaml'), referencing('parts.yaml'));
  // Issue 41: 2,000 schemas, each a property of the one before (lint exited 2 without a line, diff 70 with a stack).
  writeFileSync(at('chain.yaml'), refChain(2000, 'property'));
  mkdirSync(at('chains', 'openapi', 'document', 'v1'), { recursive: true });
  writeFileSync(at('chains', 'openapi', 'document', 'v1', 'parts.yaml'), refChainPart(2000, 'property'));
  writeFileSync(at('chains', 'openapi', 'document', 'v1', 'openapi.yaml'), referencing('parts.yaml'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Exit 2, nothing on stdout, and on stderr exactly one line: `docex <command>: <file>:<line>: <message>`. */
function refused(r: RunResult, command: string, file: string, message: RegExp): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^docex ${command}: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:[1-9]\\d*: `));
  expect(lines[0]).toMatch(message);
}

const ALIASES = /alias \*l\d: YAML aliases would add over 100,000 nodes/;
const DEPTH = /nested more than 100 levels deep/;

describe('a 1 KB YAML alias bomb', () => {
  it.each([
    ['generate', ['--input', 'bomb.yaml', '--output', 'out']],
    ['lint', ['bomb.yaml']],
    ['diff', ['base.yaml', 'bomb.yaml']],
  ])('docex %s refuses it at the alias, exit 2', async (command, args) => {
    refused(await runDocex([command, ...args], { cwd: work }), command, 'bomb.yaml', ALIASES);
  });

  it.each([
    ['generate', ['--input', 'main.yaml', '--output', 'out']],
    ['lint', ['main.yaml']],
    ['diff', ['base.yaml', 'main.yaml']],
    ['docs', ['--output', join(work, 'site')]],
    ['sandbox', ['--openapi', 'openapi', '--port', '0']],
  ])('in a file reached by $ref, docex %s refuses it there, exit 2', async (command, args) => {
    const cwd = command === 'docs' || command === 'sandbox' ? at('tree') : work;
    const file = cwd === work ? 'parts.yaml' : 'openapi/document/v1/parts.yaml';
    refused(await runDocex([command, ...args], { cwd, timeoutMs: 60_000 }), command, file, ALIASES);
  });
});

describe('a schema nested 10,000 deep', () => {
  it.each([
    ['generate', ['--input', 'deep.json', '--output', 'out']],
    ['lint', ['deep.json']],
    ['diff', ['base.yaml', 'deep.json']],
  ])('docex %s refuses it, exit 2', async (command, args) => {
    refused(await runDocex([command, ...args], { cwd: work }), command, 'deep.json', DEPTH);
  });

  it('generate leaves the earlier output as it was', async () => {
    const out = at('earlier');
    expect((await runDocex(['generate', '--input', 'base.yaml', '--output', out, '--quiet'], { cwd: work })).code).toBe(0);
    const before = readTree(out);
    refused(await runDocex(['generate', '--input', 'deep.json', '--output', out], { cwd: work }), 'generate', 'deep.json', DEPTH);
    refused(await runDocex(['generate', '--input', 'bomb.yaml', '--output', out], { cwd: work }), 'generate', 'bomb.yaml', ALIASES);
    expect(readTree(out)).toEqual(before);
  });
});

describe('a chain of 2,000 schemas, each referring to the next', () => {
  const CHAIN = /more than 250 levels deep with its \$refs followed/;
  it.each([
    ['generate', ['--input', 'chain.yaml', '--output', 'out']],
    ['lint', ['chain.yaml']],
    ['diff', ['chain.yaml', 'chain.yaml']],
  ])('docex %s refuses it at a schema of the chain, exit 2', async (command, args) => {
    refused(await runDocex([command, ...args], { cwd: work }), command, 'chain.yaml', CHAIN);
  });

  it.each([
    ['docs', ['--output', join(work, 'chain-site')]],
    ['sandbox', ['--openapi', 'openapi', '--port', '0']],
  ])('in a file reached by $ref, docex %s refuses it there, exit 2', async (command, args) => {
    refused(await runDocex([command, ...args], { cwd: at('chains'), timeoutMs: 60_000 }), command, 'openapi/document/v1/parts.yaml', CHAIN);
  });
});

describe('a schema property named hasOwnProperty', () => {
  it('docex lint says Redocly cannot lint it, at its line, exit 2 (generate and diff read it)', async () => {
    const text = prototypeNamed(['constructor', 'hasOwnProperty']);
    writeFileSync(at('names.yaml'), text);
    const r = await runDocex(['lint', 'names.yaml'], { cwd: work });
    refused(r, 'lint', 'names.yaml', /Redocly's rules cannot lint a mapping with a key named "hasOwnProperty"/);
    const line = Number(/names\.yaml:(\d+)/.exec(r.stderr)![1]);
    expect(text.split('\n')[line - 1]).toMatch(/^\s+hasOwnProperty: \{ type: string \}$/);
    expect((await runDocex(['generate', '--input', 'names.yaml', '--output', 'names-out', '--quiet'], { cwd: work })).code).toBe(0);
    expect((await runDocex(['diff', 'base.yaml', 'names.yaml'], { cwd: work })).code).toBe(1);
  });
});
