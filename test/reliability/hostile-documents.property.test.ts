// Issue 30, property test: hostile documents drawn by fast-check (seeded) go to `docex generate`, `lint` and `diff`,
// each a process under --max-old-space-size=512 with a hang guard far above a normal run (a few seconds). Each
// command either does what it does with any document (generate writes, lint and diff report), or, past a stated bound
// (templates/docs/guides/reliability.md), exits 2 with one `file:line` line and nothing else. Never an abort (134),
// a kill (137), a docex bug (70) or a stack; generate leaves the earlier output as it was when it refuses.
// DOCEX_PROPERTY_SEED=<seed> draws other cases (the seed is in each test's name).
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/write/tree.js';
import { aliasBomb, aliasBombPart, deepByAlias, deepJson, deepYaml, depthWithRefs, documentYaml, huge, laughsAdded, PROTOTYPE_NAMES, prototypeNamed, refChain, refChainPart, referencing, type ChainKind } from '../helpers/hostile.js';
import { runDocex, type RunResult } from '../helpers/run-docex.js';

const SEED = process.env.DOCEX_PROPERTY_SEED ? Number(process.env.DOCEX_PROPERTY_SEED) : 20261130;
const MAX_DEPTH = 100;
const ALIAS_NODES = 100_000;
const MAX_REF_DEPTH = 250;
/** A normal run of any of these is a few seconds; a hang is what this catches. */
const HANG_GUARD_MS = 120_000;

interface Case {
  name: string;
  files: Record<string, string>;
  entry: string;
  /** Past a stated bound: every command refuses it, naming a line of this file. */
  refusedAt?: string;
  /** Only lint may refuse it (a key `hasOwnProperty`: reliability.md), naming a line of this file. */
  lintMayRefuseAt?: string;
}

/** The depth of a parsed value: a scalar is 1 level, a collection one more than its deepest key or value. */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 1;
  const values = Object.values(v);
  return values.length === 0 ? 1 : 1 + Math.max(Array.isArray(v) ? 0 : 1, ...values.map(depthOf));
}

/** The oracle for nesting: the document read by plain js-yaml (aliases expanded by walking them), its depth. */
function depthOfText(text: string): number {
  return depthOf(load(text, { maxDepth: 100_000 }));
}

const bombs = fc.record({ levels: fc.integer({ min: 2, max: 9 }), fanout: fc.integer({ min: 2, max: 9 }), referenced: fc.boolean() }).map(({ levels, fanout, referenced }): Case => {
  const over = laughsAdded(levels, fanout) > ALIAS_NODES;
  const name = `alias bomb ${levels} levels of ${fanout}${referenced ? ', in a file reached by $ref' : ''} (${laughsAdded(levels, fanout).toLocaleString('en-US')} nodes by aliases)`;
  if (!referenced) return { name, files: { 'bomb.yaml': aliasBomb(levels, fanout) }, entry: 'bomb.yaml', ...(over ? { refusedAt: 'bomb.yaml' } : {}) };
  return { name, files: { 'main.yaml': referencing('parts.yaml'), 'parts.yaml': aliasBombPart(levels, fanout) }, entry: 'main.yaml', ...(over ? { refusedAt: 'parts.yaml' } : {}) };
});

const deep = fc
  .record({ levels: fc.oneof(fc.integer({ min: 44, max: 50 }), fc.constant(10_000)), form: fc.constantFrom('json', 'flow', 'block', 'alias') })
  .map(({ levels, form }): Case => {
    // Block style indents 4 columns a level: 10,000 levels would be a 200 MB file.
    const n = form === 'block' ? Math.min(levels, 60) : levels;
    const [file, text] =
      form === 'json' ? ['deep.json', deepJson(n)] : form === 'alias' ? ['deep.yaml', deepByAlias(Math.floor(n / 2), n - Math.floor(n / 2))] : ['deep.yaml', deepYaml(n, form)];
    const depth = n > 1000 ? Infinity : depthOfText(text);
    return { name: `${n} schemas deep, ${form} (depth ${depth})`, files: { [file]: text }, entry: file, ...(depth > MAX_DEPTH ? { refusedAt: file } : {}) };
  });

/** Chains of schemas, each referring to the next: next to the bound across $refs, or 2,000 long; in the entry document or in a file it reaches. */
const chains = fc
  .record({ offset: fc.oneof(fc.integer({ min: -8, max: 8 }), fc.constant(2000)), kind: fc.constantFrom<ChainKind>('property', 'ref', 'items', 'allOf'), referenced: fc.boolean() })
  .map(({ offset, kind, referenced }): Case => {
    // About the longest chain within the bound, by the levels a link takes.
    const length = offset === 2000 ? 2000 : Math.round((MAX_REF_DEPTH - 12) / { property: 3, allOf: 3, items: 2, ref: 1 }[kind]) + offset;
    const whole = refChain(length, kind);
    const depth = length > 1000 ? Infinity : depthWithRefs(load(whole));
    const name = `a chain of ${length} schemas through ${kind}${referenced ? ', in a file reached by $ref' : ''} (depth ${depth} with $refs followed)`;
    if (!referenced) return { name, files: { 'chain.yaml': whole }, entry: 'chain.yaml', ...(depth > MAX_REF_DEPTH ? { refusedAt: 'chain.yaml' } : {}) };
    const main = referencing('parts.yaml');
    const total = length > 1000 ? Infinity : depthWithRefs(load(main)) - 1 + depthWithRefs(load(refChainPart(length, kind))) - 1;
    return { name: `${name.slice(0, name.lastIndexOf('('))}(depth ${total} with $refs followed)`, files: { 'main.yaml': main, 'parts.yaml': refChainPart(length, kind) }, entry: 'main.yaml', ...(total > MAX_REF_DEPTH ? { refusedAt: 'parts.yaml' } : {}) };
  });

const huges = fc
  .record({ stringBytes: fc.integer({ min: 100_000, max: 4_000_000 }), keyLength: fc.integer({ min: 1_000, max: 20_000 }), enumSize: fc.integer({ min: 1_000, max: 20_000 }), arraySize: fc.integer({ min: 10_000, max: 300_000 }) })
  .map((o): Case => ({ name: `huge: a ${o.stringBytes.toLocaleString('en-US')}-byte string, a ${o.keyLength}-character key, ${o.enumSize} enum values, an example of ${o.arraySize} items`, files: { 'huge.json': huge(o) }, entry: 'huge.json' }));

const prototypes = fc.shuffledSubarray(PROTOTYPE_NAMES, { minLength: 2 }).map(
  (names): Case => ({ name: `prototype names ${names.join(', ')}`, files: { 'names.yaml': prototypeNamed(names) }, entry: 'names.yaml', ...(names.includes('hasOwnProperty') ? { lintMayRefuseAt: 'names.yaml' } : {}) }),
);

/** Anchors and merge keys as documents use them: legal, well under the bound. */
const merges: Case = {
  name: 'anchors and merge keys',
  files: {
    'merges.yaml': documentYaml([
      '    Base: &base',
      '      type: object',
      '      properties: &common { id: { type: string }, createdAt: { type: string, format: date-time } }',
      '    Thing:',
      '      <<: *base',
      '      description: a thing',
      '      properties: { <<: *common, kind: { type: string } }',
    ]),
  },
  entry: 'merges.yaml',
};

/** `count` different cases of `arb`, some past the bound and some not when `bothSides`. */
function draw(arb: fc.Arbitrary<Case>, count: number, seed: number, bothSides = false): Case[] {
  const all = fc.uniqueArray(arb, { minLength: count, maxLength: count, selector: (c) => c.name });
  // Unbiased: fast-check's bias towards small values would rarely draw the cases next to a bound.
  const drawn = bothSides ? fc.noBias(all).filter((cs) => cs.some((c) => c.refusedAt) && cs.some((c) => !c.refusedAt)) : all;
  return fc.sample(bothSides ? drawn : fc.noBias(all), { seed, numRuns: 1 })[0]!;
}

const cases: Case[] = [
  ...draw(bombs, 4, SEED, true),
  ...draw(deep, 3, SEED + 1, true),
  ...draw(chains, 4, SEED + 4, true),
  ...draw(huges, 1, SEED + 2),
  ...draw(prototypes, 2, SEED + 3),
  merges,
];

const work = mkdtempSync(join(tmpdir(), 'docex-hostile-'));
const earlier = join(work, 'earlier');
beforeAll(async () => {
  writeFileSync(join(work, 'base.yaml'), documentYaml(['    Thing:', '      type: object', '      properties:', '        kind: { type: string }']));
  const r = await runDocex(['generate', '--input', 'base.yaml', '--output', earlier, '--quiet'], { cwd: work });
  expect(r.code, r.stderr).toBe(0);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const run = (args: string[], cwd: string): Promise<RunResult> => runDocex(args, { cwd, env: { NODE_OPTIONS: '--max-old-space-size=512' }, timeoutMs: HANG_GUARD_MS });

/** Exit 2, stdout empty, one stderr line `docex <command>: <file>:<line>: ...`. */
function expectRefused(r: RunResult, command: string, file: string): void {
  expect(r.code, r.stderr.slice(0, 2000)).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter(Boolean);
  expect(lines, r.stderr.slice(0, 2000)).toHaveLength(1);
  expect(lines[0]!.startsWith(`docex ${command}: ${file}:`), lines[0]).toBe(true);
  expect(lines[0]).toMatch(/^[^:]+: [^:]+:[1-9]\d*: /);
}

describe(`hostile documents to generate, lint and diff (fast-check seed ${SEED}, ${cases.length} cases)`, () => {
  it.each(cases.map((c, i) => [`${i}: ${c.name}`, c] as const))('%s', async (_, c) => {
    const dir = join(work, `case-${cases.indexOf(c)}`);
    mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(c.files)) writeFileSync(join(dir, name), text);
    const out = join(dir, 'out');
    cpSync(earlier, out, { recursive: true });
    const [generated, linted, diffed] = await Promise.all([
      run(['generate', '--input', c.entry, '--output', 'out', '--quiet'], dir),
      run(['lint', c.entry], dir),
      run(['diff', join(work, 'base.yaml'), c.entry], dir),
    ]);
    for (const r of [generated, linted, diffed]) {
      expect([134, 137, 70, -1]).not.toContain(r.code);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    if (c.refusedAt) {
      expectRefused(generated, 'generate', c.refusedAt);
      expectRefused(linted, 'lint', c.refusedAt);
      expectRefused(diffed, 'diff', c.refusedAt);
      expect(readTree(out)).toEqual(readTree(earlier));
      return;
    }
    // As with any document: generate writes (and only its own files: no scratch folder left), lint reports
    // (0 clean, 1 violations), diff reports (0 or 1).
    expect(generated.code, generated.stderr.slice(0, 2000)).toBe(0);
    expect(readTree(out).has('schema.ts')).toBe(true);
    expect(readdirSync(dir).filter((f) => f.includes('docex-tmp'))).toEqual([]);
    if (c.lintMayRefuseAt && linted.code === 2) expectRefused(linted, 'lint', c.lintMayRefuseAt);
    else expect([0, 1], linted.stderr.slice(0, 2000)).toContain(linted.code);
    expect([0, 1], diffed.stderr.slice(0, 2000)).toContain(diffed.code);
    expect(diffed.stdout).toMatch(/\n$/);
  }, 4 * HANG_GUARD_MS);
});
