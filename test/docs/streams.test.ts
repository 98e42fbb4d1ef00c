// Issue 47: the reference page of a stream operation shows a `for await` sample made from the model's stream reading:
// a switch over the SSE event names (the terminal one said, a default for event types added later), each JSON Lines
// item as it comes, and `curl -N`. Checked in the samples, in the built page, and in Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { bundleFile, discoverApis, type OpenApiDocument } from '../../generator/load/index.js';
import { builtSite } from './built-site.js';
import { inChromium } from './chromium-site.js';
import { samplesOf } from './samples-kit.js';

const tree = fileURLToPath(new URL('../fixtures/stream-tools/sandbox', import.meta.url));

async function streamSamples() {
  const entries = discoverApis(tree);
  return samplesOf(await Promise.all(entries.map(async (entry) => ({ entry, document: (await bundleFile(entry.file, { mode: 'own' })).document }))));
}

const SSE_SAMPLE = [
  `// Each item as it arrives; leaving the loop (break, return, a throw) closes the connection.`,
  `for await (const item of await api.streamOrderEvents()) {`,
  `  switch (item.event) {`,
  `    case 'created':`,
  `      console.log(item.data);`,
  `      break;`,
  `    case 'shipped':`,
  `      console.log(item.data);`,
  `      break;`,
  `    case 'done': // the last event: the stream ends after it`,
  `      console.log(item.data);`,
  `      break;`,
  `    default:`,
  `      // An event type added after this code was written: a new event is not an error.`,
  `      break;`,
  `  }`,
  `}`,
].join('\n');

describe('the samples of stream operations', () => {
  it('loop over the items with for await: a switch over the SSE events, each JSON Lines item as it comes', async () => {
    const samples = await streamSamples();
    const ts = (name: string) => samples.find((s) => s.op.name === name && s.lang === 'TypeScript')!.source;
    const curl = (name: string) => samples.find((s) => s.op.name === name && s.lang === 'curl')!.source;
    expect(ts('streamOrderEvents')).toContain(SSE_SAMPLE);
    expect(ts('streamOrderFeed')).toContain(`for await (const item of await api.streamOrderFeed()) {\n  console.log(item);\n}`);
    expect(ts('streamTicks')).toContain(`for await (const item of await api.streamTicks({ body: { symbol: 'ACME' } })) {\n  switch (item.event) {\n    case 'tick':`);
    expect(curl('streamOrderEvents')).toContain(`curl -s -N "$API/order-events" \\\n  -H "Authorization: Bearer $ACCESS_TOKEN" \\\n  -H 'Accept: text/event-stream'`);
    expect(curl('streamOrderFeed')).toContain(`-H 'Accept: application/jsonl'`);
  });
});

describe('the sample of a stream whose event names are hostile', () => {
  it('quotes each name: the module still parses, one case per event', () => {
    const names = [`it's`, 'a\nb */ x', '${y}`'];
    const itemSchema = { oneOf: names.map((e) => ({ type: 'object', required: ['event', 'data'], properties: { event: { const: e }, data: { type: 'string' } } })) };
    const document = {
      openapi: '3.2.0',
      info: { title: 'Hostile', version: '1' },
      servers: [{ url: 'https://api.example.com/hostile/v1' }],
      paths: { '/events': { get: { operationId: 'streamEvents', responses: { '200': { description: 'The stream never ends.', content: { 'text/event-stream': { itemSchema } } } } } } },
    } as unknown as OpenApiDocument;
    const [sample] = samplesOf([{ entry: { id: 'hostile/v1', subApi: 'hostile', version: 'v1', file: '/repo/openapi/hostile/v1/openapi.yaml', relPath: 'hostile/v1/openapi.yaml' }, document }]);
    const file = ts.createSourceFile('sample.ts', sample!.source, ts.ScriptTarget.ES2022, true);
    expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    const cases: string[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isCaseClause(n) && ts.isStringLiteral(n.expression)) cases.push(n.expression.text);
      ts.forEachChild(n, visit);
    };
    visit(file);
    expect(cases).toEqual(names);
  });
});

describe('the reference page of a stream operation', () => {
  const site = builtSite(tree, 'streams');

  it('carries the for await sample in the document it renders', () => {
    const html = readFileSync(join(site(), 'reference', 'orders-v1.html'), 'utf8');
    expect(html).toContain('for await (const item of await api.streamOrderEvents()) {');
    expect(html).toContain('switch (item.event) {');
  });

  inChromium('in Chromium', site, (s) => {
    it('shows the operation with its for await sample', async () => {
      const page = await s.browser.newPage();
      try {
        await page.goto(`${s.url}reference/orders-v1.html`);
        await page.getByText('The events of every order, as they happen.').first().waitFor();
        const text = await page.evaluate(() => document.body.innerText);
        expect(text).toContain('for await (const item of await api.streamOrderEvents()) {');
        expect(text).toMatch(/case 'done': \/\/ the last event: the stream ends after it/);
      } finally {
        await page.close();
      }
    }, 60_000);
  });
});
