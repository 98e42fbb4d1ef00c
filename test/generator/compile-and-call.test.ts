// Generated clients compile under tsc --strict and send what the document says, over real HTTP on 127.0.0.1.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { bundleFile, HTTP_METHODS } from '../../generator/load/index.js';
import { writeTree } from '../../generator/write/tree.js';
import { repoRoot } from '../helpers/run-docex.js';
import { fixtures, outRoot, typecheckEach } from './helpers.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
let reply: { status: number; type?: string; body?: string } = { status: 200, type: 'application/json', body: '{}' };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(reply.status, reply.type ? { 'content-type': reply.type } : {});
      res.end(reply.body);
    });
  });
  // Only the client closes idle connections: a server-side keep-alive timeout that fires while the loop is blocked (a synchronous
  // tsc run, a loaded machine) races the client's next request on that socket: ECONNRESET.
  server.keepAliveTimeout = 0;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

// Every client is generated first, then type-checked in one tsc run; each test checks its own folder's diagnostics.
const INPUTS = {
  hostile: join(fixtures, 'hostile/openapi.yaml'),
  github: join(repoRoot, 'node_modules/@octokit/openapi/generated/api.github.com.json'),
  figma: join(repoRoot, 'node_modules/@figma/rest-api-spec/openapi/openapi.yaml'),
  stapi: join(repoRoot, 'node_modules/@readme/oas-examples/3.0/json/star-trek.json'),
  readme: join(repoRoot, 'node_modules/@readme/oas-examples/3.1/json/readme.json'),
  galaxy: join(repoRoot, 'node_modules/@scalar/galaxy/dist/latest.yaml'),
  train: join(repoRoot, 'node_modules/@readme/oas-examples/3.1/json/train-travel.json'),
};
type Dir = keyof typeof INPUTS;
/** A consumer of GitHub's named types (issue 44), type-checked with its client. */
const GITHUB_NAMED_TYPES = `import type { components, NullableSimpleUser, Repository } from './index.js';
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const repository: Equals<Repository, components['schemas']['repository']> = true;
export const user: Equals<NullableSimpleUser, components['schemas']['nullable-simple-user']> = true;
declare const repo: Repository;
export const updated: Repository = { ...repo, description: 'read, then updated' };
`;
let diagnostics = new Map<string, string>();
beforeAll(async () => {
  // GitHub's client as issue 44 names it (`--name GitHub`); the others under their titles, shortened.
  for (const [dir, input] of Object.entries(INPUTS)) writeTree(join(outRoot, dir), (await generateTree(input, dir === 'github' ? { clients: { '*': { name: 'GitHub' } } } : {})).tree);
  // A consumer of GitHub's client, type-checked with it: resources, a detached method, withResponse.
  writeFileSync(
    join(outRoot, 'github/consumer.ts'),
    [
      "import { createGitHubClient, type GitHubClient, type GitHubClientOptions } from './index.js';",
      "const options: GitHubClientOptions = { baseUrl: 'http://127.0.0.1:1/' };",
      'const gh: GitHubClient = createGitHubClient(options);',
      'export async function main(): Promise<string> {',
      '  const get = gh.repos.get;',
      "  const { data, requestId } = await get({ owner: 'o', repo: 'r' }).withResponse();",
      "  const repos = await gh.repos.listForUser({ username: 'octo' });",
      "  return `${data.full_name} ${requestId ?? ''} ${repos.length}`;",
      '}',
      '',
    ].join('\n'),
  );
  writeFileSync(join(outRoot, 'github', 'named-types.ts'), GITHUB_NAMED_TYPES);
  diagnostics = await typecheckEach('compile-and-call', Object.keys(INPUTS));
}, 300_000);

/** The folder of `dir`'s client, after checking it compiled under tsc --strict. */
function compiled(dir: Dir): string {
  expect(diagnostics.get(dir)).toBe('');
  return join(outRoot, dir);
}

describe('hostile names', () => {
  it('compile under tsc --strict and reach the wire under their document names', async () => {
    const out = compiled('hostile');
    const mod = await import(join(out, 'index.ts'));
    const client = mod.createHostileTitleProcessExitClient({ baseUrl, retry: false });
    expect(Object.getPrototypeOf(client)).toBe(Object.prototype);
    expect(Object.keys(client)).toEqual(['proto', 'raw', 'then_', 'class', 'constructor_', 'getDup', 'postDup']); // document order
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
  it("exports its schemas as named types: import type { Repository } compiles and equals components['schemas']['repository']", () => {
    compiled('github');
    const lines = readFileSync(join(outRoot, 'github', 'index.ts'), 'utf8').split('\n');
    const at = lines.indexOf("export type Repository = components['schemas']['repository'];");
    expect(lines[at - 1]).toBe('/** A repository on GitHub. */');
  });

  it('generates a client that compiles under tsc --strict and calls operations', async () => {
    const out = compiled('github');
    const mod = await import(join(out, 'index.ts'));
    const gh = mod.createGitHubClient({ baseUrl, retry: false });
    // Resources from operationId namespaces: completion after `gh.` lists them, not 1,223 methods.
    expect(Object.keys(gh).length).toBeLessThanOrEqual(60);
    expect(Object.keys(gh)).toContain('repos');
    seen.length = 0;
    reply = { status: 200, type: 'application/json', body: '{"id":1,"full_name":"octo/hello"}' };
    expect(await gh.repos.get({ owner: 'octo', repo: 'hello' })).toEqual({ id: 1, full_name: 'octo/hello' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/repos/octo/hello' });
    // A method taken off its resource is a closure: it needs no `this`, nor do the promise's methods.
    const get = gh.repos.get;
    const { data, response } = await get({ owner: 'octo', repo: 'detached' }).withResponse();
    expect([data, response.status]).toEqual([{ id: 1, full_name: 'octo/hello' }, 200]);
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/repos/octo/detached' });
    reply = { status: 200, type: 'application/json', body: '[]' };
    const listForUser = gh.repos.listForUser;
    expect((await listForUser({ username: 'octo' }).asResponse()).status).toBe(200);
    expect(seen[2]).toMatchObject({ method: 'GET', url: '/users/octo/repos' });
    await gh.repos.listForOrg({ org: 'acme', type: 'public', perPage: 5 });
    expect(seen[3]).toMatchObject({ method: 'GET', url: '/orgs/acme/repos?type=public&per_page=5' });
    reply = { status: 404, type: 'application/json', body: '{"message":"Not Found"}' };
    await expect(gh.repos.get({ owner: 'octo', repo: 'gone' })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
  }, 240_000);
});

describe('Figma REST API description (OpenAPI 3.1)', () => {
  it('generates a client that compiles under tsc --strict', async () => {
    compiled('figma');
  }, 120_000);
});

/** Operations in a document: what the generated client must offer one method each for. */
async function operationCount(input: string): Promise<number> {
  const { document } = await bundleFile(input, { mode: 'foreign' });
  return Object.values(document.paths ?? {}).reduce((n, item) => n + HTTP_METHODS.filter((m) => item?.[m]).length, 0);
}

/** The type-checked client, after checking it has one method per operation of the document. */
async function generateChecked(dir: Dir, factory: string): Promise<Record<string, (...a: unknown[]) => Promise<unknown>>> {
  const input = INPUTS[dir];
  const out = compiled(dir);
  const mod = (await import(join(out, 'index.ts'))) as Record<string, (o: object) => Record<string, (...a: unknown[]) => Promise<unknown>>>;
  const client = mod[factory]!({ baseUrl, retry: false });
  expect(Object.keys(client)).toHaveLength(await operationCount(input));
  return client;
}

// More vendors and styles (issue 4): a 3.0 document with form bodies, 3.1 JSON with snake_case path parameters, 3.1
// YAML with XML alternatives, multipart and ETags, and 3.1 with webhooks and links.
describe('STAPI, the Star Trek API (OpenAPI 3.0, form-encoded search bodies, 120 operations)', () => {
  it('generates a client that compiles under tsc --strict and posts its search forms', async () => {
    const client = await generateChecked('stapi', 'createSTAPIClient');
    seen.length = 0;
    reply = { status: 200, type: 'application/json', body: '{"animals":[]}' };
    expect(await client['postAnimalSearch']!({ pageNumber: 2, body: { name: 'tribble', earthAnimal: false } })).toEqual({ animals: [] });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/animal/search?pageNumber=2', body: 'name=tribble&earthAnimal=false' });
    expect(seen[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  }, 120_000);
});

describe('ReadMe API (OpenAPI 3.1, snake_case path parameters)', () => {
  it('generates a client that compiles under tsc --strict and fills its paths', async () => {
    const client = await generateChecked('readme', 'createReadMeClient');
    seen.length = 0;
    reply = { status: 200, type: 'application/json', body: '{"data":[]}' };
    await client['getAPIKeys']!({ subdomain: 'acme', perPage: 10 });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/projects/acme/apikeys?per_page=10' });
    reply = { status: 404, type: 'application/json', body: '{"title":"Not found"}' };
    await expect(client['getAPIKey']!({ subdomain: 'acme', apiKeyId: 'k 1' })).rejects.toMatchObject({ name: 'NotFoundError', status: 404 });
    expect(seen[1]).toMatchObject({ method: 'GET', url: '/projects/acme/apikeys/k%201' });
  }, 120_000);
});

describe('Scalar Galaxy (OpenAPI 3.1 YAML, JSON or XML, multipart, ETags)', () => {
  it('generates a client that compiles under tsc --strict and negotiates the media type', async () => {
    const client = await generateChecked('galaxy', 'createScalarGalaxyClient');
    seen.length = 0;
    reply = { status: 200, type: 'application/xml', body: '<planet><id>1</id></planet>' };
    expect(await client['getPlanet']!({ planetId: 1 }, { accept: 'application/xml' })).toBe('<planet><id>1</id></planet>');
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/planets/1' });
    expect(seen[0]!.headers.accept).toBe('application/xml');
  }, 120_000);
});

describe('Train Travel API by Bump.sh (OpenAPI 3.1, webhooks and links)', () => {
  it('generates a client that compiles under tsc --strict', async () => {
    const client = await generateChecked('train', 'createTrainTravelClient');
    seen.length = 0;
    reply = { status: 200, type: 'application/json', body: '{"data":[]}' };
    await client['getTrips']!({ origin: 'a', destination: 'b', date: '2026-11-24T10:00:00Z' });
    expect(seen[0]!.method).toBe('GET');
    expect(Object.fromEntries(new URL(seen[0]!.url, baseUrl).searchParams)).toMatchObject({ origin: 'a', destination: 'b', date: '2026-11-24T10:00:00Z' });
  }, 120_000);
});
