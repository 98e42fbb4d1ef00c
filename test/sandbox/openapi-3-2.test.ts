// Issue 46: `docex sandbox --openapi DIR` serves OpenAPI 3.2 documents: QUERY, additionalOperations (LINK) and a
// `querystring` parameter, each answered as its operation says, over real HTTP on 127.0.0.1. A method Node's HTTP
// parser refuses is said in one line at start. DOCEX_TEST_NODES (binaries, `:`-separated) runs the CLI on more Nodes.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../generator/sandbox/index.js';
import { passwordGrant } from '../helpers/password-grant.js';
import { repoRoot } from '../helpers/run-docex.js';
import { spawnSandbox } from '../helpers/spawn-sandbox.js';
import { messages, openSandbox, type TestSandbox } from './helpers.js';

const dir = fileURLToPath(new URL('./fixtures/openapi-3.2', import.meta.url));
type Product = { id: string; name: string; price: number };

describe('a 3.2 document served by the sandbox', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await openSandbox({ openapiDir: dir });
  });
  afterAll(() => t.close());

  it('answers QUERY with its success response after validating the body, and 400 to a body its schema refuses', async () => {
    const found = await t.call('QUERY', '/catalog/v1/products', { body: { name: 'Chair', maxPrice: 100 } });
    expect(found.status).toBe(200);
    expect((found.json as Product[]).every((p) => typeof p.id === 'string' && p.price >= 0)).toBe(true);
    const wrong = await t.call('QUERY', '/catalog/v1/products', { body: { nom: 'Chair' } });
    expect(wrong.status).toBe(400);
    expect(messages(wrong.json)[0]!.technicalMessage).toContain('"nom"');
    expect((await t.call('QUERY', '/catalog/v1/products', { token: false, body: {} })).status).toBe(401);
    expect(t.sb.refused).toEqual([]);
  });

  it('serves an operation of additionalOperations with its method (LINK), its parameters checked', async () => {
    expect((await t.call('LINK', '/catalog/v1/products/p1', { headers: { link: '</products/p2>; rel="related"' } })).status).toBe(204);
    const missing = await t.call('LINK', '/catalog/v1/products/p1');
    expect(missing.status).toBe(400);
    expect(messages(missing.json)[0]!.technicalMessage).toContain('link');
  });

  it('reads a querystring parameter as one form-encoded value of its schema', async () => {
    expect((await t.call('GET', '/catalog/v1/product-search?name=Chair&maxPrice=100')).status).toBe(200);
    expect((await t.call('GET', '/catalog/v1/product-search')).status).toBe(200);
    const negative = await t.call('GET', '/catalog/v1/product-search?maxPrice=-1');
    expect(negative.status).toBe(400);
    expect(messages(negative.json)[0]!.technicalMessage).toContain('maxPrice');
    expect((await t.call('GET', '/catalog/v1/product-search?nom=Chair')).status).toBe(400);
  });

  it('on a Node whose parser lacks QUERY, leaves the QUERY operations unserved and says which', async () => {
    const { METHODS } = await import('node:http');
    const old = await openSandbox({ openapiDir: dir, acceptedMethods: METHODS.filter((m) => m !== 'QUERY') });
    try {
      expect(old.sb.refused).toEqual([{ method: 'QUERY', operations: ['QUERY /products (catalog/v1)'] }]);
      // Not routed: the sandbox's answer to any path it does not serve (which the operation does not declare).
      const unrouted = await fetch(`${old.sb.url}/catalog/v1/products`, { method: 'QUERY', headers: { authorization: `Bearer ${old.token}`, 'content-type': 'application/json' }, body: '{}' });
      expect(unrouted.status).toBe(404);
      expect((await old.call('GET', '/catalog/v1/products')).status).toBe(200);
    } finally {
      await old.close();
    }
  });
});

/** A copy of the fixture whose path item also has an operation under a method no Node's parser accepts. */
function withUnknownMethod(): string {
  const copy = mkdtempSync(join(tmpdir(), 'docex-sandbox-32-'));
  cpSync(dir, copy, { recursive: true });
  const file = join(copy, 'catalog', 'v1', 'openapi.yaml');
  const text = readFileSync(file, 'utf8').replace(
    '    additionalOperations:\n',
    "    additionalOperations:\n      FROBNICATE:\n        operationId: frobnicateProduct\n        responses: { '204': { description: Done. } }\n",
  );
  writeFileSync(file, text);
  return copy;
}

/** The status line Node's parser answers a raw request with. */
function rawStatus(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let data = '';
    socket.on('data', (d: Buffer) => (data += d.toString()));
    socket.on('close', () => resolve(data.split('\r\n')[0]!));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

const nodes = [process.execPath, ...(process.env.DOCEX_TEST_NODES?.split(':').filter(Boolean) ?? [])];

describe.each(nodes)('docex sandbox --openapi with a 3.2 tree on %s', (node) => {
  it('serves QUERY; names in one line at start the method the parser refuses, which Node answers 400', async () => {
    const s = await spawnSandbox(node, ['bin/docex.js', 'sandbox', '--port', '0', '--openapi', withUnknownMethod()], repoRoot);
    try {
      const version = (await import('node:child_process')).execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
      const line = `docex sandbox: Node ${version}'s HTTP parser refuses FROBNICATE, so these operations are not served: FROBNICATE /products/{productId} (catalog/v1)`;
      expect(s.io.err.split('\n').filter((l) => l.includes('HTTP parser'))).toEqual([line]);
      const token = (await passwordGrant(s.url, DEFAULT_CREDENTIALS)).access_token;
      const found = await fetch(`${s.url}/catalog/v1/products`, { method: 'QUERY', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{"name":"Chair"}' });
      expect(found.status).toBe(200);
      expect(Array.isArray(await found.json())).toBe(true);
      expect(await rawStatus(s.url, 'FROBNICATE /catalog/v1/products/p1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
    } finally {
      await s.stop();
    }
  }, 60_000);
});
