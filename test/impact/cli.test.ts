// Issue 36 through `docex generate`: the consumer-impact report in text, --json and GitHub annotations; what
// --fail-on-breaking=affected and the config keys decide; nothing written on a refusal; nothing of the consumer read
// when there is no breaking change.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

const fixtures = join(repoRoot, 'test/impact/fixtures/shop');
const work = mkdtempSync(join(tmpdir(), 'docex-impact-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const before = join(fixtures, 'before.yaml');
const after = join(fixtures, 'after.yaml');

/** A fixture consumer with the old output in src/generated, and docex.config.json when given. */
async function app(name: string, fixture: string, config?: object): Promise<string> {
  const dir = join(work, name);
  cpSync(join(fixtures, fixture), dir, { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  if (config) writeFileSync(join(dir, 'docex.config.json'), JSON.stringify(config));
  const r = await runDocex(['generate', '--input', before, '--output', 'src/generated', '--quiet'], { cwd: dir });
  expect(r.code, r.stderr).toBe(0);
  return dir;
}

const generate = (cwd: string, ...flags: string[]) => runDocex(['generate', '--input', after, '--output', 'src/generated', ...flags], { cwd, timeoutMs: 180_000 });
const client = (dir: string) => readFileSync(join(dir, 'src/generated/client.ts'), 'utf8');
const EXPECTED = [
  'src/calls.ts:3:34',
  'src/calls.ts:7:84',
  'src/calls.ts:8:72',
  'src/calls.ts:9:71',
  'src/calls.ts:11:71',
  'src/calls.ts:11:114',
  'src/calls.ts:13:36',
  'src/orders.ts:7:41',
  'src/orders.ts:8:56',
  'src/orders.ts:9:58',
  'src/orders.ts:13:60',
  'src/status.ts:9:24',
  'src/status.ts:20:24',
  'src/status.ts:30:37',
  'src/status.ts:31:39',
];

let shop = '';
beforeAll(async () => {
  shop = await app('shop', 'consumer');
}, 120_000);

describe('docex generate: consumer impact', () => {
  it('--fail-on-breaking=affected: the places in text, exit 1, the old output intact', async () => {
    const old = client(shop);
    const r = await generate(shop, '--fail-on-breaking=affected');
    expect(r.code).toBe(1);
    const places = r.stderr.split('\n').filter((l) => /^src\/\S+:\d+:\d+ {2}/.test(l)).map((l) => l.split('  ')[0]!);
    expect([...new Set(places)]).toEqual(EXPECTED);
    expect(r.stderr).toContain(`14 breaking changes; ${EXPECTED.length} places in your code are affected (tsconfig.json, read with docex's TypeScript 5.9.3)`);
    expect(r.stderr).toContain('left as it was (--fail-on-breaking=affected)');
    expect(client(shop)).toBe(old);
  });

  it('--json: the impact key in its documented shape', async () => {
    const r = await generate(shop, '--fail-on-breaking', '--json');
    expect(r.code).toBe(1);
    const { impact } = JSON.parse(r.stdout) as { impact: { breaking: number; affected: number; places: { file: string; line: number; column: number; change: Record<string, unknown> }[]; unaffected: unknown[] } };
    expect(Object.keys(impact).sort()).toEqual(['affected', 'breaking', 'places', 'project', 'typescript', 'unaffected']);
    expect(impact.breaking).toBe(14);
    expect(impact.affected).toBe(EXPECTED.length);
    expect([...new Set(impact.places.map((p) => `${p.file}:${p.line}:${p.column}`))]).toEqual(EXPECTED);
    expect(impact.places[0]).toEqual({ file: 'src/calls.ts', line: 3, column: 34, change: { api: '', kind: 'export-removed', target: 'ArchiveOrderParams', message: 'exported ArchiveOrderParams was removed: it breaks code that imports it' } });
  });

  it('--format github-actions: one annotation per place on stdout', async () => {
    const r = await generate(shop, '--fail-on-breaking', '--format', 'github-actions');
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split('\n');
    expect(lines.every((l) => l.startsWith('::error file=src/'))).toBe(true);
    expect(lines.find((l) => l.includes('line=9,col=24'))).toMatch(/^::error file=src\/status\.ts,line=9,col=24,title=docex%3A enum-value-added::.*Status \(response\) gained "Returned"/);
  });

  it('a consumer that is not affected: exit 0 under failOnBreaking "affected", the new output written', async () => {
    const quiet = await app('quiet', 'quiet', { failOnBreaking: 'affected' });
    const r = await generate(quiet);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('14 breaking changes; 0 places in your code are affected');
    expect(client(quiet)).not.toContain('archiveOrder');
  });

  it('no loadable project: one line, and "affected" acts as true', async () => {
    const dir = await app('missing', 'quiet', { failOnBreaking: 'affected', consumerProject: './nowhere/tsconfig.json' });
    const r = await generate(dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('consumer impact: no consumer project: nowhere/tsconfig.json does not exist; every breaking change counts as affecting your code\n');
  });

  it('consumerProject false: no report; with no breaking change an unreadable project is never read', async () => {
    const off = await app('off', 'consumer', { consumerProject: false });
    const r = await generate(off, '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).not.toHaveProperty('impact');
    const same = await app('same', 'quiet', { consumerProject: './broken.json', failOnBreaking: 'affected' });
    writeFileSync(join(same, 'broken.json'), '{ "compilerOptions": ');
    const again = await runDocex(['generate', '--input', before, '--output', 'src/generated', '--json'], { cwd: same });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('consumer');
    expect(JSON.parse(again.stdout)).not.toHaveProperty('impact');
    // The same project with a breaking change: read, and said in one line.
    const broken = await generate(same);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('consumer impact: no consumer project: broken.json:1: Expression expected; every breaking change counts as affecting your code\n');
  });

  it('bad values: exit 2, one line', async () => {
    const r = await generate(shop, '--fail-on-breaking=sometimes');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('docex generate: --fail-on-breaking takes no value or "affected", not "sometimes"\n');
    const bad = join(work, 'bad');
    cpSync(join(fixtures, 'quiet'), bad, { recursive: true });
    writeFileSync(join(bad, 'docex.config.json'), '{\n  "consumerProject": true\n}\n');
    const c = await generate(bad);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/^docex generate: docex\.config\.json:2: "consumerProject" /);
  });
});
