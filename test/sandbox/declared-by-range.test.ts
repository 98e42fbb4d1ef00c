// The sandbox acts on the model's readings of what an operation answers, not on which status keys are written: a
// refusal declared by its range (`4XX`) is declared, as lint and the generated client read it too. Before the record,
// the sandbox looked for the literal key ('406', '403') and answered 200 here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type TestSandbox } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-range-'));
const error = `{ description: refused, headers: { Cache-Control: { schema: { type: string, const: no-store } } }, content: { application/json: { schema: { type: object, required: [technicalMessage], properties: { technicalMessage: { type: string }, errorCode: { type: string } } } } } }`;
const ok = (schema: string) => `{ description: ok, headers: { Cache-Control: { schema: { type: string, const: no-cache } }, ETag: { schema: { type: string } } }, content: { application/json: { schema: ${schema} } } }`;
const widget = `{ $ref: '#/components/schemas/Widget' }`;

let t: TestSandbox;
beforeAll(async () => {
  mkdirSync(join(dir, 'range/v1'), { recursive: true });
  writeFileSync(
    join(dir, 'range/v1/openapi.yaml'),
    `openapi: 3.1.0
info: { title: Range, version: 1.0.0 }
paths:
  /widgets:
    get:
      operationId: listWidgets
      responses: { '200': ${ok(`{ type: array, maxItems: 5, items: ${widget} }`)}, 4XX: ${error} }
  /widgets/{widgetId}:
    parameters: [{ name: widgetId, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getWidget
      parameters: [{ name: If-None-Match, in: header, schema: { type: string } }]
      responses: { '200': ${ok(widget)}, 3XX: { description: not modified, headers: { ETag: { schema: { type: string } } } }, 4XX: ${error} }
components:
  schemas:
    Widget: { type: object, required: [id, name], properties: { id: { type: string }, name: { type: string } } }
`,
  );
  t = await openSandbox({ openapiDir: dir });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('statuses declared by their range', () => {
  it('406 for an Accept the operation cannot meet, when 4XX is declared', async () => {
    const r = await t.call('GET', '/range/v1/widgets', { headers: { accept: 'text/csv' } });
    expect(r.status).toBe(406);
    expect(t.sb.operations.find((o) => o.name === 'listWidgets')!.op.conventions.notAcceptable).toBe(true);
  });

  it('403 for another company\'s widget, 304 for the current ETag, when 4XX and 3XX are declared', async () => {
    const store = t.sb.state.storeOfSchema(t.sb.apis[0]!, 'Widget')!;
    const [foreign] = [...store.foreign.keys()];
    expect(foreign).toBeDefined();
    expect((await t.call('GET', `/range/v1/widgets/${foreign}`)).status).toBe(403);
    const [id] = [...store.items.keys()];
    const first = await t.call('GET', `/range/v1/widgets/${id}`);
    const again = await t.call('GET', `/range/v1/widgets/${id}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});
