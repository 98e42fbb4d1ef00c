// Issue 44: the request id header a document declares (opc-request-id) or the config names (`requestIdHeader`) is the
// generated factory's default, so `requestId` on errors and `.withResponse()` reads it with no client setting.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { resolveConfig } from '../../generator/util/config.js';
import { DocexError } from '../../generator/util/errors.js';
import { writeTree } from '../../generator/write/tree.js';
import { startServer, type TestServer } from '../runtime/server.js';
import { outRoot } from './helpers.js';

const DOCUMENT = `openapi: 3.1.0
info: { title: Request ids, version: '1' }
servers: [{ url: 'https://api.example.com/' }]
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: ok
          headers: { opc-request-id: { schema: { type: string } } }
          content: { application/json: { schema: { type: object } } }
        '404':
          description: none
          headers: { opc-request-id: { schema: { type: string } } }
          content: { application/json: { schema: { type: object, properties: { message: { type: string } } } } }
`;

let server: TestServer;
const dir = join(outRoot, 'request-id');
const input = join(dir, 'openapi.yaml');
beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(input, DOCUMENT);
  server = await startServer((req, res) => {
    const status = req.url.endsWith('/gone') ? 404 : 200;
    res.writeHead(status, { 'content-type': 'application/json', 'opc-request-id': 'opc-1', 'cf-ray': 'ray-1' });
    res.end(status === 404 ? '{"message":"Not Found"}' : '{}');
  });
});
afterAll(() => server.close());

interface Client {
  getThing(p: { id: string }): Promise<unknown> & { withResponse(): Promise<{ requestId: string | undefined }> };
}
/** The client generated into `name`, created with `options`. */
async function client(name: string, requestIdHeader?: string, options: Record<string, unknown> = {}): Promise<{ text: string; api: Client }> {
  const { tree } = await generateTree(input, requestIdHeader ? { requestIdHeader } : {});
  writeTree(join(dir, name), tree);
  const mod = (await import(join(dir, name, 'index.ts'))) as { createRequestIdsClient(o: object): Client };
  return { text: tree.get('client.ts')!, api: mod.createRequestIdsClient({ baseUrl: server.url, retry: false, ...options }) };
}

describe('the request id header', () => {
  it('a header the document declares on its responses is the factory default: requestId on errors and withResponse()', async () => {
    const { text, api } = await client('declared');
    expect(text).toContain(`{ ...options, baseUrl: options.baseUrl ?? 'https://api.example.com/', requestIdHeader: options.requestIdHeader ?? 'opc-request-id' }`);
    expect((await api.getThing({ id: 'a' }).withResponse()).requestId).toBe('opc-1');
    await expect(api.getThing({ id: 'gone' })).rejects.toMatchObject({ status: 404, requestId: 'opc-1', message: '404 Not Found' });
  });

  it("the config's requestIdHeader wins over the document's, and the client's option over both", async () => {
    const { text, api } = await client('configured', 'cf-ray');
    expect(text).toContain(`requestIdHeader: options.requestIdHeader ?? 'cf-ray'`);
    await expect(api.getThing({ id: 'gone' })).rejects.toMatchObject({ requestId: 'ray-1' });
    const own = (await client('configured', 'cf-ray', { requestIdHeader: 'opc-request-id' })).api;
    expect((await own.getThing({ id: 'a' }).withResponse()).requestId).toBe('opc-1');
  });

  it('is read from docex.config.json, and a value that is no header name is refused naming the line', () => {
    const app = mkdtempSync(join(tmpdir(), 'docex-request-id-'));
    writeFileSync(join(app, 'docex.config.json'), JSON.stringify({ requestIdHeader: 'cf-ray' }));
    expect(resolveConfig(app, {}).requestIdHeader).toBe('cf-ray');
    writeFileSync(join(app, 'docex.config.json'), '{\n  "requestIdHeader": "x: evil"\n}\n');
    let error: unknown;
    try {
      resolveConfig(app, {});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DocexError);
    expect((error as DocexError).format()).toMatch(/docex\.config\.json:2: "requestIdHeader" must match pattern/);
  });
});
