// Generated clients compile under tsc --strict and send what the document says, over real HTTP on 127.0.0.1.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/emit/pipeline.js';
import { writeTreeAtomically } from '../../generator/util/atomic-write.js';
import { repoRoot } from '../helpers/run-docex.js';
import { fixtures, outRoot, typecheck } from './helpers.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let reply: { status: number; type?: string; body?: string } = { status: 200, type: 'application/json', body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    req.resume();
    req.on('end', () => {
      res.writeHead(reply.status, reply.type ? { 'content-type': reply.type } : {});
      res.end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function generateInto(input: string, dir: string): Promise<string> {
  const out = join(outRoot, dir);
  writeTreeAtomically(out, (await generateTree(input)).tree);
  return out;
}

describe('hostile names', () => {
  it('compile under tsc --strict and reach the wire under their document names', async () => {
    const out = await generateInto(join(fixtures, 'hostile/openapi.yaml'), 'hostile');
    expect(typecheck('hostile')).toBe('');
    const mod = await import(join(out, 'index.ts'));
    const client = mod.createHostileTitleProcessExit1Client({ baseUrl, retry: false });
    expect(Object.getPrototypeOf(client)).toBe(Object.prototype);
    expect(Object.keys(client)).toEqual(['class', 'constructor_', 'getDup', 'postDup', 'proto', 'raw', 'then_']);
    seen.length = 0;
    reply = { status: 200, type: 'application/json', body: '{"constructor":"c"}' };
    const result = await client.proto({ proto: 'p', constructor_: 'c', aB: 'q"', xY: '1', class: 'k', body_: 'b', _123start: 'h', toString_: 't', tickXN: 'v' });
    expect(result).toEqual({ constructor: 'c' });
    const url = new URL(seen[0]!.url, baseUrl);
    expect(decodeURIComponent(url.pathname)).toBe(`/things/p/c/'quoted"`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ 'a"b': 'q"', 'x*/y': '1', class: 'k', body: 'b', toString: 't', 'tick`${x}\\n': 'v' });
    expect(seen[0]!.headers['123start']).toBe('h');
    // Inherited names are not read as parameters when the caller leaves them out.
    seen.length = 0;
    await client.proto({ proto: 'p', constructor_: 'c' });
    expect(new URL(seen[0]!.url, baseUrl).search).toBe('');
  });
});

describe('GitHub REST API description', () => {
  it('generates a client that compiles under tsc --strict and calls operations', async () => {
    const input = join(repoRoot, 'node_modules/@octokit/openapi/generated/api.github.com.json');
    const out = await generateInto(input, 'github');
    expect(typecheck('github')).toBe('');
    const mod = await import(join(out, 'index.ts'));
    const gh = mod.createGitHubSOfficialOpenAPISpecOctokitExtensionClient({ baseUrl, retry: false });
    seen.length = 0;
    reply = { status: 200, type: 'application/json', body: '{"id":1,"full_name":"octo/hello"}' };
    expect(await gh.reposGet({ owner: 'octo', repo: 'hello' })).toEqual({ id: 1, full_name: 'octo/hello' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/repos/octo/hello' });
    reply = { status: 200, type: 'application/json', body: '[]' };
    await gh.reposListForOrg({ org: 'acme', type: 'public', perPage: 5 });
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/orgs/acme/repos?type=public&per_page=5' });
    reply = { status: 404, type: 'application/json', body: '{"message":"Not Found"}' };
    await expect(gh.reposGet({ owner: 'octo', repo: 'gone' })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
  }, 240_000);
});

describe('Figma REST API description (OpenAPI 3.1)', () => {
  it('generates a client that compiles under tsc --strict', async () => {
    await generateInto(join(repoRoot, 'node_modules/@figma/rest-api-spec/openapi/openapi.yaml'), 'figma');
    expect(typecheck('figma')).toBe('');
  }, 120_000);
});
