// The runtime's body and parameter-style encoders reach a generated client only when its document needs them
// (issue 10: a program of a document without them does not ship them), and then encode over real HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { echo, startServer, type Echo, type TestServer } from '../runtime/server.js';
import { outRoot } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-codecs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-operation document: `param` is a query parameter, `body` a request body media type. */
function doc(name: string, param: string, body?: string, method = 'post'): string {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(
    file,
    `openapi: 3.1.0
info: { title: Codecs, version: '1' }
paths:
  /things:
    ${method}:
      operationId: send
      parameters: [${param}]
${body ? `      requestBody: { content: { '${body}': { schema: { type: object, properties: { a: { type: string } } } } } }\n` : ''}      responses: { '204': { description: done } }
`,
  );
  return file;
}

const clientOf = async (file: string) => (await generateTree(file)).tree.get('client.ts')!;

describe('encoders imported by need', () => {
  it('none for scalar and form-array query parameters and JSON bodies', async () => {
    const text = await clientOf(doc('plain', `{ name: q, in: query, schema: { type: array, items: { type: string } }, explode: false }`, 'application/json'));
    expect(text).not.toMatch(/encodedBody|styledParam/);
    expect(text).toContain("return bindOperations<CodecsClient>(options, '', ops, { replay: writeReplay, validators: () => import('./validators.js') });");
  });

  it('encodedBody for a form-urlencoded or multipart body', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      const text = await clientOf(doc('form', `{ name: q, in: query, schema: { type: string } }`, type));
      expect(text).toContain("import { encodedBody } from './runtime/body.js';");
      expect(text).toContain("ops, { body: encodedBody, replay: writeReplay, validators: () => import('./validators.js') });");
      expect(text).not.toContain('styledParam');
    }
  });

  it('styledParam for an object parameter or a style other than form', async () => {
    for (const param of [
      `{ name: f, in: query, style: deepObject, schema: { type: object } }`,
      `{ name: f, in: query, schema: { type: object, properties: { a: { type: string } } } }`,
      `{ name: f, in: query, style: pipeDelimited, schema: { type: array, items: { type: string } } }`,
      `{ name: f, in: query, schema: { oneOf: [{ type: string }, { type: object }] } }`,
    ]) {
      const text = await clientOf(doc('styled', param, undefined, 'get'));
      expect(text, param).toContain("import { styledParam } from './runtime/param-styles.js';");
      expect(text, param).toContain("ops, { param: styledParam, validators: () => import('./validators.js') });");
    }
  });
});

describe('the rules against replaying a write, imported by need', () => {
  // A replay of a DELETE, or of a write with a precondition, may misreport it: the client of a document that writes
  // takes replay.ts; one whose operations only read (GET, HEAD, QUERY) never meets such a request.
  it('none for a document whose operations only read', async () => {
    for (const method of ['get', 'head', 'query']) {
      const text = await clientOf(doc(`read-${method}`, `{ name: q, in: query, schema: { type: string } }`, method === 'query' ? 'application/json' : undefined, method));
      expect(text, method).not.toContain('writeReplay');
      expect(text, method).toContain("return bindOperations<CodecsClient>(options, '', ops, { validators: () => import('./validators.js') });");
    }
  });

  it('writeReplay for a document with a write', async () => {
    for (const method of ['post', 'put', 'patch', 'delete']) {
      const text = await clientOf(doc(`write-${method}`, `{ name: q, in: query, schema: { type: string } }`, undefined, method));
      expect(text, method).toContain("import { writeReplay } from './runtime/replay.js';");
      expect(text, method).toContain("ops, { replay: writeReplay, validators: () => import('./validators.js') });");
    }
  });
});

describe('a generated client with both encoders, over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(echo);
  });
  afterAll(() => server.close());

  it('sends a deepObject query and a form body', async () => {
    const { tree } = await generateTree(doc('both', `{ name: filter, in: query, style: deepObject, schema: { type: object } }`, 'application/x-www-form-urlencoded'));
    const out = join(outRoot, 'codecs');
    writeTree(out, tree);
    const { createCodecsClient } = (await import(join(out, 'index.ts'))) as {
      createCodecsClient: (o: object) => { send: (p: object) => Promise<Echo> };
    };
    const r = await createCodecsClient({ baseUrl: server.url, retry: false }).send({ filter: { status: 'Sent' }, body: { a: 'x y', b: ['1', '2'] } });
    expect(r.url).toBe('/things?filter%5Bstatus%5D=Sent');
    expect([r.body, r.headers['content-type']]).toEqual(['a=x+y&b=1&b=2', 'application/x-www-form-urlencoded']);
  });
});

describe('a generated client of a document with a DELETE, over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer((_req, res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('midway'));
  });
  afterAll(() => server.close());

  it('does not replay a DELETE that may have been applied, and says so', async () => {
    const { tree } = await generateTree(doc('delete', `{ name: q, in: query, schema: { type: string } }`, undefined, 'delete'));
    const out = join(outRoot, 'codecs-delete');
    writeTree(out, tree);
    const { createCodecsClient, OutcomeUnknownError } = (await import(join(out, 'index.ts'))) as {
      createCodecsClient: (o: object) => { send: (p: object) => Promise<unknown> };
      OutcomeUnknownError: new (...a: never[]) => Error;
    };
    const err = await createCodecsClient({ baseUrl: server.url, retry: { baseDelayMs: 1 } }).send({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OutcomeUnknownError);
    expect(server.requests).toHaveLength(1);
  });
});
