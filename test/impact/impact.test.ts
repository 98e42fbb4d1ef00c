// Issue 36: the places of a consumer's own code that a regeneration's breaking changes affect. The fixture consumer
// (fixtures/shop/consumer) marks each place it expects with /*@kind*/ right before the node; every kind has its own
// test, so a detector removed fails it; the look-alikes in the same files (own types and objects with the same names,
// a switch with a default, a call of an operation whose unrelated parts changed) must not be reported.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { loadPrinter } from '../../generator/typescript/printer.js';
import { consumerImpact, formatImpact, githubAnnotations, type ImpactReport } from '../../generator/impact/index.js';
import { surfaceReport, type ApiReport } from '../../generator/surface/index.js';
import { writeTree } from '../../generator/write/tree.js';
import { repoRoot } from '../helpers/run-docex.js';
import { marked } from './markers.js';

const fixtures = join(repoRoot, 'test/impact/fixtures/shop');
const work = mkdtempSync(join(tmpdir(), 'docex-impact-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A copy of a fixture consumer with the old output generated into src/generated. */
function consumer(name: string, before: Map<string, string>, from = fixtures): string {
  const app = join(work, basename(from), name);
  cpSync(join(from, name), app, { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(app, 'node_modules'), 'dir');
  writeTree(join(app, 'src/generated'), before);
  return app;
}

const found = (r: ImpactReport) => r.places.map((p) => `${p.file}:${p.line}:${p.column} ${p.change.kind}`).sort();

let reports: ApiReport[] = [];
let shop = '';
let report: ImpactReport;
let before: Map<string, string>;
let more: { app: string; report: ImpactReport };

beforeAll(async () => {
  before = (await generateTree(join(fixtures, 'before.yaml'))).tree;
  const after = (await generateTree(join(fixtures, 'after.yaml'))).tree;
  reports = surfaceReport(await loadPrinter(), before, after);
  shop = consumer('consumer', before);
  report = consumerImpact({ reports, output: join(shop, 'src/generated'), tsconfig: join(shop, 'tsconfig.json'), cwd: shop });
  const moreDir = join(repoRoot, 'test/impact/fixtures/more');
  const [b, a] = [(await generateTree(join(moreDir, 'before.yaml'))).tree, (await generateTree(join(moreDir, 'after.yaml'))).tree];
  const app = consumer('consumer', b, moreDir);
  more = { app, report: consumerImpact({ reports: surfaceReport(await loadPrinter(), b, a), output: join(app, 'src/generated'), tsconfig: join(app, 'tsconfig.json'), cwd: app }) };
}, 120_000);

const MORE = ['response-property-became-optional', 'response-enum-became-extensible', 'enum-removed', 'became-enum', 'request-property-added-required', 'parameter-added'];

const KINDS = [
  'enum-value-added',
  'response-property-removed',
  'response-type-changed',
  'parameter-removed',
  'request-property-removed',
  'parameter-became-required',
  'request-property-became-required',
  'enum-value-removed',
  'operation-removed',
  'export-removed',
];

describe('consumer impact', () => {
  it('the fixture marks every kind', () => {
    expect([...new Set(marked(shop).map((m) => m.split(' ')[1]))].sort()).toEqual([...KINDS].sort());
  });

  it.each(KINDS)('finds the places of %s, and no other', (kind) => {
    const only = (list: string[]) => list.filter((m) => m.endsWith(` ${kind}`));
    expect(only(found(report))).toEqual(only(marked(shop)));
  });

  it('reports nothing unmarked: own look-alikes, defaults, unrelated changes', () => {
    expect(found(report)).toEqual(marked(shop));
    expect(report.affected).toBe(new Set(report.places.map((p) => `${p.file}:${p.line}:${p.column}`)).size);
  });

  it('lists the breaking changes that affect no code', () => {
    expect(report.breaking).toBe(14);
    expect(report.unaffected.map((c) => `${c.kind} ${c.target}`)).toEqual(['export-removed ArchiveOrderResult']);
  });

  it('a consumer that is not affected has no place', () => {
    const app = consumer('quiet', before);
    const r = consumerImpact({ reports, output: join(app, 'src/generated'), tsconfig: join(app, 'tsconfig.json'), cwd: app });
    expect(r.places).toEqual([]);
    expect(r.unaffected).toHaveLength(14);
    expect(formatImpact(r)).toContain('14 breaking changes; 0 places in your code are affected');
  });

  it('with no breaking change nothing is loaded: an unreadable tsconfig is not an error', () => {
    const quiet = reports.map((r) => ({ ...r, breaking: 0, changes: r.changes.filter((c) => !c.breaking) }));
    const r = consumerImpact({ reports: quiet, output: join(shop, 'src/generated'), tsconfig: join(work, 'missing', 'tsconfig.json'), cwd: work });
    expect(r).toEqual({ breaking: 0, affected: 0, places: [], unaffected: [] });
  });

  it('with no loadable project it says so in one line', () => {
    const r = consumerImpact({ reports, output: join(shop, 'src/generated'), tsconfig: join(work, 'missing', 'tsconfig.json'), cwd: work });
    expect(r.notLoaded).toBe('no consumer project: missing/tsconfig.json does not exist');
    expect(formatImpact(r).split('\n')).toHaveLength(1);
  });

  it.each(MORE)('finds the places of %s (fixtures/more)', (kind) => {
    const only = (list: string[]) => list.filter((m) => m.endsWith(` ${kind}`));
    expect(only(found(more.report))).toEqual(only(marked(more.app)));
  });

  it('fixtures/more: nothing unmarked, every kind marked', () => {
    expect(found(more.report)).toEqual(marked(more.app));
    expect([...new Set(marked(more.app).map((m) => m.split(' ')[1]))].sort()).toEqual([...MORE].sort());
    expect(more.report.unaffected).toEqual([]);
  });

  it('prints file:line:column first, the count line, and GitHub annotations', () => {
    const text = formatImpact(report).split('\n');
    expect(text[0]).toBe('src/calls.ts:3:34  exported ArchiveOrderParams was removed: it breaks code that imports it [export-removed]');
    expect(text).toContain(`14 breaking changes; ${report.affected} places in your code are affected (tsconfig.json, read with docex's TypeScript 5.9.3)`);
    expect(text.slice(-2)).toEqual(['breaking changes that affect no code of yours:', '  exported ArchiveOrderResult was removed: it breaks code that imports it [export-removed]']);
    expect(githubAnnotations(report).split('\n')[0]).toBe('::error file=src/calls.ts,line=3,col=34,title=docex%3A export-removed::exported ArchiveOrderParams was removed: it breaks code that imports it [export-removed]');
  });
});

describe('methods in resources', () => {
  /** The places a regeneration from `paths(false)` to `paths(true)` (a Shelf API's) affects in `lines` (src/app.ts,
   *  after a client `shelf`), as `file:line:column kind`. */
  async function shelfImpact(name: string, paths: (after: boolean) => object, lines: string[]): Promise<{ places: string[]; before: Map<string, string> }> {
    const dir = join(work, name);
    mkdirSync(join(dir, 'app/src'), { recursive: true });
    const docOf = (after: boolean) => {
      const file = join(dir, `${after ? 'after' : 'before'}.json`);
      writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'Shelf API', version: '1' }, paths: paths(after) }));
      return file;
    };
    const [b, a] = [(await generateTree(docOf(false))).tree, (await generateTree(docOf(true))).tree];
    cpSync(join(repoRoot, 'test/impact/fixtures/more/consumer/tsconfig.json'), join(dir, 'app/tsconfig.json'));
    const head = ["import { createShelfClient } from './generated/index.js';", "const shelf = createShelfClient({ baseUrl: 'http://127.0.0.1:1/' });"];
    writeFileSync(join(dir, 'app/src/app.ts'), [...head, ...lines, ''].join('\n'));
    writeTree(join(dir, 'app/src/generated'), b);
    const app = join(dir, 'app');
    const r = consumerImpact({ reports: surfaceReport(await loadPrinter(), b, a), output: join(app, 'src/generated'), tsconfig: join(app, 'tsconfig.json'), cwd: app });
    return { places: r.places.map((p) => `${p.file}:${p.line}:${p.column} ${p.change.kind}`).sort(), before: b };
  }
  const listOp = (operationId: string, params: object[]) => ({ get: { operationId, parameters: params, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } } });
  const size = (required: boolean) => ({ name: 'size', in: 'query', required, schema: { type: 'integer' } });

  it("finds the parameters of a method whose types' names the model made unique (ItemsList2Params), not rebuilt from its path", async () => {
    // `items/list` (items.list) is named ItemsList first; the top-level `itemsList` then gets ItemsList2's types.
    const paths = (after: boolean) => ({ '/items': listOp('items/list', [size(false)]), '/list': listOp('itemsList', after ? [] : [size(false)]) });
    const { places, before } = await shelfImpact('unique-names', paths, ['export const one = shelf.items.list({ size: 1 });', 'export const two = shelf.itemsList({ size: 1 });']);
    expect([...before].find(([f]) => f.endsWith('client.ts'))![1]).toContain('export interface ItemsList2Params');
    expect(places).toEqual(['src/app.ts:4:38 parameter-removed', 'src/app.ts:4:38 request-property-removed']);
  }, 120_000);

  it('finds the calls of a method in a resource, called on its resource or taken off it', async () => {
    const paths = (after: boolean) => ({ '/items': listOp('items/list', [size(after)]) });
    const { places } = await shelfImpact('resources', paths, ['export const one = shelf.items.list({});', 'const list = shelf.items.list;', 'export const two = list({});']);
    expect(places.map((p) => p.replace(/:\d+ /, ' '))).toEqual([
      'src/app.ts:3 parameter-became-required',
      'src/app.ts:3 request-property-became-required',
      'src/app.ts:5 parameter-became-required',
      'src/app.ts:5 request-property-became-required',
    ]);
  }, 120_000);
});
