// Issue 47: a stream gains an event type. The client-surface report sees the items' `event` enum grow (each
// alternative of the item union names its event); the consumer-impact report finds each `switch (item.event)` over a
// stream's items (a `for await` loop's variable) that has no `default`, whatever events its cases name. A switch with
// a default, or over a value that is not a stream's item, is not reported. Marked places: fixtures/<fixture>/consumer.
// Two documents: `stream`, OpenAPI 3.1 (`schema` on the event stream, the item type a component), and `stream-32`,
// OpenAPI 3.2 (an inline `itemSchema`, its items reached only through the generated method). diff flags the same pair.
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/index.js';
import { loadDocument } from '../../generator/diff/load.js';
import { generateTree } from '../../generator/generate/pipeline.js';
import { consumerImpact, type ImpactReport } from '../../generator/impact/index.js';
import { surfaceReport, type ApiReport } from '../../generator/surface/index.js';
import { loadPrinter } from '../../generator/typescript/printer.js';
import { writeTree } from '../../generator/write/tree.js';
import { repoRoot } from '../helpers/run-docex.js';
import { marked } from './markers.js';

const work = mkdtempSync(join(tmpdir(), 'docex-impact-stream-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Each fixture: the surface report's target, and diff's rule (3.1 has no item schema, so no event names: a union
// variant added to the response schema).
describe.each([
  ['stream', 'OrderEvent.event', 'response-variant-added'],
  ['stream-32', 'streamOrderEvents result.event', 'stream-event-added'],
])('%s', (fixture, target, rule) => {
  const fixtures = join(repoRoot, 'test/impact/fixtures', fixture);
  let reports: ApiReport[] = [];
  let app = '';
  let report: ImpactReport;

  beforeAll(async () => {
    const before = (await generateTree(join(fixtures, 'before.yaml'))).tree;
    const after = (await generateTree(join(fixtures, 'after.yaml'))).tree;
    reports = surfaceReport(await loadPrinter(), before, after);
    app = join(work, fixture);
    cpSync(join(fixtures, 'consumer'), app, { recursive: true });
    symlinkSync(join(repoRoot, 'node_modules'), join(app, 'node_modules'), 'dir');
    writeTree(join(app, 'src/generated'), before);
    report = consumerImpact({ reports, output: join(app, 'src/generated'), tsconfig: join(app, 'tsconfig.json'), cwd: app });
  }, 120_000);

  it('the surface report sees the event added to the items of the stream, as breaking', () => {
    const changes = reports.flatMap((r) => r.changes).filter((c) => c.breaking);
    expect(changes.map((c) => `${c.kind} ${c.target} ${c.values?.join(',')}`)).toEqual([`enum-value-added ${target} shipped`]);
  });

  it('diff flags the added event type on the same pair, as breaking', async () => {
    const changes = await diffDocuments(await loadDocument(join(fixtures, 'before.yaml')), await loadDocument(join(fixtures, 'after.yaml')), 'orders', { today: '2026-01-01' });
    expect(changes.map((c) => `${c.level} ${c.id} ${c.operation}`)).toEqual([`breaking ${rule} GET /order-events`]);
  });

  it("reports each switch over a stream item's event without a default, and nothing else", () => {
    expect(report.places.map((p) => `${p.file}:${p.line}:${p.column} ${p.change.kind}`).sort()).toEqual(marked(app));
    expect(report.unaffected).toEqual([]);
  });
});
