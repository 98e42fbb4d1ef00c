// Issue 36: the consumer's project is input docex does not control. Whatever its code (syntax errors, names that
// collide with the generated ones, deep nesting, odd characters) and whatever its tsconfig (circular extends, a
// folder, bad JSON), the report returns places inside the consumer's own files or says in one line why it could not
// read the project: it never throws.
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { loadPrinter } from '../../generator/typescript/printer.js';
import { consumerImpact, formatImpact } from '../../generator/impact/index.js';
import { PROJECT_BOUNDS } from '../../generator/impact/project.js';
import { surfaceReport, type ApiReport } from '../../generator/surface/index.js';
import { writeTree } from '../../generator/write/tree.js';
import { repoRoot } from '../helpers/run-docex.js';

const fixtures = join(repoRoot, 'test/impact/fixtures/shop');
const work = mkdtempSync(join(tmpdir(), 'docex-impact-hostile-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let reports: ApiReport[] = [];
let app = '';
let before: Map<string, string>;

beforeAll(async () => {
  before = (await generateTree(join(fixtures, 'before.yaml'))).tree;
  reports = surfaceReport(await loadPrinter(), before, (await generateTree(join(fixtures, 'after.yaml'))).tree);
  app = join(work, 'app');
  cpSync(join(fixtures, 'consumer'), app, { recursive: true });
  rmSync(join(app, 'src'), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(app, 'node_modules'), 'dir');
  writeTree(join(app, 'src/generated'), before);
}, 120_000);

const FRAGMENTS = [
  "import { createShopClient, type components } from './generated/index.js';",
  "const shop = createShopClient({ baseUrl: 'http://127.0.0.1:1/' });",
  "switch ((null as unknown as components['schemas']['Order']).status) { case 'Open': break; case 'Shipped': break; }",
  "void shop.listOrders({ color: 'red', priority: 'urgent' });",
  "void shop.archiveOrder({ orderId: '1' });",
  'const title = { title: 1 }.title; const archiveOrder = () => title;',
  'switch (',
  '}}}{{{',
  "'unterminated",
  'const \u{1F600}x = 1; const ℮ = "\\u0000";',
  'let constructor = 1; let __proto__ = { toString: 2 };',
  "type Order = components['schemas']['Order']; const o = {} as Order; void o.title; void o['code'];",
];

const deep = (n: number) => `export const deep = ${'('.repeat(n)}1${')'.repeat(n)};\nexport const arr = ${'['.repeat(n)}${']'.repeat(n)};`;

function check(files: Record<string, string>, readable = true): void {
  const src = join(app, 'src');
  for (const f of ['a.ts', 'b.ts', 'deep.ts']) rmSync(join(src, f), { force: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(src, name), text);
  const r = consumerImpact({ reports, output: join(src, 'generated'), tsconfig: join(app, 'tsconfig.json'), cwd: app });
  if (!readable) {
    expect(r.notLoaded).toMatch(/^no consumer project: tsconfig\.json: TypeScript could not read it \(.+\)$/);
    return;
  }
  expect(r.notLoaded).toBeUndefined();
  for (const p of r.places) {
    expect(Object.keys(files).map((f) => `src/${f}`)).toContain(p.file);
    expect(p.line).toBeGreaterThanOrEqual(1);
    expect(p.column).toBeGreaterThanOrEqual(1);
  }
  expect(r.breaking).toBe(14);
}

describe('consumer impact on hostile input', () => {
  it('any mix of fragments: places only in the consumer\'s files, never a throw', () => {
    const file = fc.array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 40 })), { maxLength: 12 }).map((parts) => parts.join('\n'));
    fc.assert(fc.property(file, file, (a, b) => check({ 'a.ts': a, 'b.ts': b })), { numRuns: 12 });
  }, 120_000);

  it('deep nesting: read up to what TypeScript reads; beyond, one line saying so', () => {
    check({ 'deep.ts': deep(200) });
    check({ 'deep.ts': deep(20_000) }, false);
  }, 60_000);

  it('a tsconfig with options this TypeScript does not know is still read (the client\'s compiler may be newer)', () => {
    const dir = join(work, 'newer');
    cpSync(join(fixtures, 'consumer'), dir, { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const config = JSON.parse(readFileSync(join(dir, 'tsconfig.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ ...config, compilerOptions: { ...config.compilerOptions, someOptionOfTypeScript9: true, target: 'ES2099' } }));
    writeTree(join(dir, 'src/generated'), before);
    const r = consumerImpact({ reports, output: join(dir, 'src/generated'), tsconfig: join(dir, 'tsconfig.json'), cwd: dir });
    expect(r.notLoaded).toBeUndefined();
    expect(r.affected).toBeGreaterThan(0);
  });

  it.each([
    ['circular extends', { 'tsconfig.json': '{ "extends": "./other.json" }', 'other.json': '{ "extends": "./tsconfig.json" }' }],
    ['bad JSON', { 'tsconfig.json': '{ "compilerOptions": ' }],
    ['a folder', { 'tsconfig.json/': '' }],
    ['no files', { 'tsconfig.json': '{ "include": ["nowhere"] }' }],
  ])('a tsconfig with %s: one line saying so', (_name, files) => {
    const dir = join(work, _name.replace(/\W+/g, '-'));
    mkdirSync(dir, { recursive: true });
    for (const [f, text] of Object.entries(files)) {
      if (f.endsWith('/')) mkdirSync(join(dir, f), { recursive: true });
      else writeFileSync(join(dir, f), text);
    }
    const r = consumerImpact({ reports, output: join(app, 'src/generated'), tsconfig: join(dir, 'tsconfig.json'), cwd: dir });
    expect(r.notLoaded).toMatch(/^no consumer project: tsconfig\.json\b/);
    expect(formatImpact(r)).not.toContain('\n');
  });
});

/** Every entry under `dir` (links not followed) with its size and modification time: what a write would change. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const st = lstatSync(p);
      out.push(`${p} ${st.size} ${st.mtimeMs}`);
      if (e.isDirectory() && e.name !== 'node_modules') walk(p);
    }
  };
  walk(dir);
  return out.sort();
}

// Issue 41: a hostile consumer project. The report reads at most PROJECT_BOUNDS (files, bytes of one file, bytes in
// all), regular files only; past a bound it says in one line that the project was not read. It never writes in the
// project (nor runs anything of it), and each case ends in seconds.
describe('consumer impact on a hostile project', () => {
  const project = (name: string, tsconfig: object = { compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', types: [], noEmit: true }, include: ['src'] }) => {
    const dir = join(work, name);
    cpSync(app, dir, { recursive: true, verbatimSymlinks: true });
    for (const f of ['a.ts', 'b.ts', 'deep.ts']) rmSync(join(dir, 'src', f), { force: true });
    writeFileSync(join(dir, 'src/use.ts'), "import { createShopClient } from './generated/index.js';\nvoid createShopClient({ baseUrl: 'http://127.0.0.1:1/' }).archiveOrder({ orderId: '1' });\n");
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    return dir;
  };
  const report = (dir: string) => {
    const before = snapshot(dir);
    const started = performance.now();
    const r = consumerImpact({ reports, output: join(dir, 'src/generated'), tsconfig: join(dir, 'tsconfig.json'), cwd: dir });
    const ms = performance.now() - started;
    expect(snapshot(dir)).toEqual(before);
    if (r.notLoaded) expect(formatImpact(r)).not.toContain('\n');
    return { r, ms };
  };

  it(`a 50 MB source file: not read, said in one line, at once`, () => {
    const dir = project('big-file');
    writeFileSync(join(dir, 'src/big.ts'), `export const big = '${'x'.repeat(50 * 2 ** 20)}';\n`);
    const { r, ms } = report(dir);
    expect(r.notLoaded).toBe('no consumer project: tsconfig.json: not read, src/big.ts is 50.0 MB, over the 10.0 MB docex reads of one file');
    expect(ms).toBeLessThan(5_000);
  }, 60_000);

  it(`20,000 files: not read, said in one line`, () => {
    const dir = project('many-files');
    mkdirSync(join(dir, 'src/many'));
    for (let i = 0; i < 20_000; i++) writeFileSync(join(dir, 'src/many', `f${i}.ts`), `export const f${i} = ${i};\n`);
    const { r, ms } = report(dir);
    expect(r.notLoaded).toMatch(/^no consumer project: tsconfig\.json: not read, it includes 20,0\d\d files, more than the 10,000 docex reads$/);
    expect(ms).toBeLessThan(10_000);
  }, 120_000);

  it('symbolic link loops (a folder linking to its parent, two files linking to each other): read, places in the project only', () => {
    const dir = project('loops');
    symlinkSync(join(dir, 'src'), join(dir, 'src/again'), 'dir');
    symlinkSync(join(dir, 'src/b-link.ts'), join(dir, 'src/a-link.ts'));
    symlinkSync(join(dir, 'src/a-link.ts'), join(dir, 'src/b-link.ts'));
    const { r, ms } = report(dir);
    expect(r.notLoaded).toBeUndefined();
    expect(r.places.map((p) => p.file)).toContain('src/use.ts');
    expect(ms).toBeLessThan(30_000);
  }, 60_000);

  it.each([
    ['a chain of configs outside the project', (dir: string) => {
      mkdirSync(join(dir, '../outside-1'), { recursive: true });
      writeFileSync(join(dir, '../outside-1/base.json'), JSON.stringify({ extends: '../outside-2/base.json' }));
      mkdirSync(join(dir, '../outside-2'), { recursive: true });
      writeFileSync(join(dir, '../outside-2/base.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'ESNext', moduleResolution: 'Bundler', types: [] } }));
      return '../outside-1/base.json';
    }, undefined],
    ['a device', () => '/dev/zero', /^no consumer project: tsconfig\.json: /],
    ['a named pipe', (dir: string) => {
      const fifo = join(dir, 'pipe.json');
      expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
      return './pipe.json';
    }, /^no consumer project: tsconfig\.json: /],
  ])('extends naming %s: read as configs are, or one line; never a hang', (name, make, refused) => {
    const dir = project(`extends-${name.replace(/\W+/g, '-')}`);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: make(dir), include: ['src'] }));
    const { r } = report(dir);
    if (refused) expect(r.notLoaded).toMatch(refused);
    else expect(r.places.map((p) => p.file)).toContain('src/use.ts');
  }, 60_000);

  it('the bounds', () => {
    expect(PROJECT_BOUNDS).toEqual({ files: 10_000, fileBytes: 10 * 2 ** 20, totalBytes: 100 * 2 ** 20 });
  });
});
