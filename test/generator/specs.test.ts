// The operation specs of client.ts (generator/emit/specs.ts): an object literal a person reads, up to
// COMPACT_SPECS_ABOVE operations; above it JSON text, one member a line, that the runtime parses into the same specs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { COMPACT_SPECS_ABOVE } from '../../generator/emit/specs.js';
import { writeTree } from '../../generator/write/tree.js';
import { echo, startServer, type Echo, type TestServer } from '../runtime/server.js';
import { outRoot, typecheck } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-specs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A document of `n` GET operations `op0`..., each with a path and a query parameter. */
function doc(n: number): string {
  const file = join(dir, `ops-${n}.yaml`);
  const paths = Array.from(
    { length: n },
    (_, i) => `  /things${i}/{id}:
    get:
      operationId: op${i}
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }, { name: it's, in: query, schema: { type: string } }]
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
`,
  ).join('');
  writeFileSync(file, `openapi: 3.1.0\ninfo: { title: Specs, version: '1' }\npaths:\n${paths}`);
  return file;
}

/** Three operations: two declare the same error statuses and bodies (and a status without a body), the third one of them. */
function errorsDoc(): string {
  const file = join(dir, 'errors.yaml');
  const op = (id: string, statuses: string[]) =>
    `    get:\n      operationId: ${id}\n      responses:\n        '200': { description: ok }\n${statuses.map((s) => (s === '429' ? `        '429': { description: slow down }\n` : `        '${s}': { $ref: '#/components/responses/Problem' }\n`)).join('')}`;
  writeFileSync(
    file,
    `openapi: 3.1.0\ninfo: { title: Specs, version: '1' }\nservers: [{ url: 'https://specs.example.com' }]\npaths:\n` +
      `  /a:\n${op('a', ['404', '409', '429'])}  /b:\n${op('b', ['404', '409', '429'])}  /c:\n${op('c', ['404'])}` +
      `components:\n  responses:\n    Problem:\n      description: problem\n      content: { application/json: { schema: { type: object, required: [code] } } }\n`,
  );
  return file;
}

describe('operation specs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(echo);
  });
  afterAll(() => server.close());

  it(`are an object literal up to ${COMPACT_SPECS_ABOVE} operations`, async () => {
    const text = (await generateTree(doc(COMPACT_SPECS_ABOVE))).tree.get('client.ts')!;
    expect(text).toContain("const ops = {\n  op0: {\n    method: 'GET',\n    path: '/things0/{id}',\n    params: [\n      { key: 'id', name: 'id', in: 'path' },\n      { key: 'itS', name: 'it\\'s', in: 'query' },\n    ],");
    expect(text).toMatch(/\n\} satisfies Record<keyof SpecsClient, OperationSpec>;\n/);
  }, 60_000);

  it('name an error body, and the errors of several operations, written more than once (tsc types each literal apart)', async () => {
    const { tree } = await generateTree(errorsDoc());
    const text = tree.get('client.ts')!;
    expect(text).toContain("const errorBody1: ErrorSpec = { type: 'object', required: ['code'] };\n");
    // Annotated: `false` (no body) in an unannotated constant widens to boolean, which OperationSpec refuses.
    expect(text).toContain("const errors1: Readonly<Record<string, ErrorSpec>> = { '404': errorBody1, '409': errorBody1, '429': false };\n");
    expect(text.match(/    errors: errors1,\n/g)).toHaveLength(2);
    expect(text).toContain("    errors: { '404': errorBody1 },\n");
    // One error type per response and status, named by each operation's union.
    expect(text).toContain("export type Problem404Error = ApiError<components['responses']['Problem']['content']['application/json'], 404>;");
    expect(text).toContain('export type AError = Problem404Error | Problem409Error;');
    writeTree(join(outRoot, 'specs-errors'), tree);
    expect(typecheck('specs-errors')).toBe('');
  }, 120_000);

  it('are JSON text above it, and the client calls with them as with the literal', async () => {
    const { tree } = await generateTree(doc(COMPACT_SPECS_ABOVE + 1));
    const text = tree.get('client.ts')!;
    expect(text).toContain('const ops: readonly string[] = [\n  \'"op0": {"method":"GET","path":"/things0/{id}","params":[{"key":"id","name":"id","in":"path"},{"key":"itS","name":"it\\\'s","in":"query"}]');
    expect(text).not.toContain('satisfies');
    const out = join(outRoot, 'specs-compact');
    writeTree(out, tree);
    const { createSpecsClient } = (await import(join(out, 'index.ts'))) as { createSpecsClient: (o: object) => Record<string, (p: object) => Promise<Echo>> };
    const client = createSpecsClient({ baseUrl: server.url, retry: false });
    const r = await client[`op${COMPACT_SPECS_ABOVE}`]!({ id: 'a b', itS: 'x' });
    expect([r.method, r.url]).toEqual(['GET', `/things${COMPACT_SPECS_ABOVE}/a%20b?it%27s=x`]);
  }, 120_000);
});
