// Resource interfaces are named by their path on the client; paths whose parts run together (`a.bC`, `aB.c`: both
// `ABC`) get names of their own, the same whatever the document's order (issue 44).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { extractSurface } from '../../generator/surface/index.js';
import { loadPrinter } from '../../generator/typescript/printer.js';
import { languageService } from './hover-coverage.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-resource-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const get = (operationId: string, param: string) => ({
  get: { operationId, parameters: [{ name: param, in: 'query', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } } },
});

async function client(order: 'ab' | 'ba'): Promise<Map<string, string>> {
  const paths = { '/one': get('a.bC.one', 'first'), '/two': get('aB.c.two', 'second') };
  const file = join(dir, `${order}.json`);
  const entries = Object.entries(paths);
  writeFileSync(file, JSON.stringify({ openapi: '3.1.0', info: { title: 'Runs', version: '1' }, paths: Object.fromEntries(order === 'ab' ? entries : entries.reverse()) }));
  return (await generateTree(file, { clients: { '*': { name: 'Runs' } } })).tree;
}

describe('resource interface names', () => {
  it('gives a.bC and aB.c interfaces of their own: each resource holds its own methods only', async () => {
    const tree = await client('ab');
    const text = tree.get('client.ts')!;
    expect(text).toContain('readonly bC: A_BCResource;');
    expect(text).toContain('readonly c: AB_CResource;');
    const files = new Map([...tree].map(([rel, t]) => [`/runs/${rel}`, t]));
    const consumer = '/runs/consumer.ts';
    files.set(consumer, `import { createRunsClient } from './index.js';
const api = createRunsClient({ baseUrl: 'http://127.0.0.1/' });
export const ok = [api.a.bC.one({ first: 'x' }), api.aB.c.two({ second: 'y' })];
// @ts-expect-error aB.c's method is not a.bC's
export const wrong = api.a.bC.two;
`);
    const service = languageService(files, consumer);
    expect(service.getSemanticDiagnostics(consumer).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    // The surface report reads each method's own parameters.
    const surface = extractSurface(await loadPrinter(), text, tree.get('schema.ts')!);
    expect([...surface.operations].map(([op, { params }]) => [op, [...params.keys()]])).toEqual([
      ['a.bC.one', ['first']],
      ['aB.c.two', ['second']],
    ]);
  }, 60_000);

  it('names them the same whatever the order of the document', async () => {
    const names = (text: string) => [...text.matchAll(/readonly (\w+): (\w+Resource);/g)].map((m) => `${m[1]}: ${m[2]}`).sort();
    expect(names((await client('ba')).get('client.ts')!)).toEqual(names((await client('ab')).get('client.ts')!));
  }, 60_000);
});
