// Issue 41 (T): one rule for every credential. A document that declares security schemes but names no requirement
// anywhere sends every credential the client is given (`auth` and `tokens` alike) with every operation, and generation
// warns once with file and line; where a document names requirements somewhere, an operation without one (and no root
// `security`) is anonymous, as OpenAPI says; an explicit `security: []` always is.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateTree } from '../../generator/generate/pipeline.js';
import { writeTree } from '../../generator/write/tree.js';
import { echo, startServer, type Echo, type TestServer } from '../runtime/server.js';
import { outRoot } from './helpers.js';

const out = join(outRoot, 'security-rule');
const SCHEMES = `components:
  securitySchemes:
    appKey: { type: apiKey, in: query, name: app_key }
    appId: { type: apiKey, in: header, name: X-App-Id }
    oauth:
      type: oauth2
      flows: { clientCredentials: { tokenUrl: 'https://t.example.com/token', scopes: {} } }
`;
const op = (id: string, security = '') => `  /${id}:
    get:
      operationId: ${id}${security && `\n      security: ${security}`}
      responses: { '200': { description: ok, content: { application/json: { schema: { type: object } } } } }
`;
const documents: Record<string, string> = {
  // tfl's shape: keys declared, no requirement named anywhere.
  unnamed: `openapi: 3.0.3\ninfo: { title: Unnamed, version: '1' }\nservers: [{ url: 'https://u.example.com' }]\n${SCHEMES}paths:\n${op('lines')}${op('stops')}`,
  // Requirements named on some operations, none at the root.
  named: `openapi: 3.0.3\ninfo: { title: Named, version: '1' }\nservers: [{ url: 'https://n.example.com' }]\n${SCHEMES}paths:\n${op('secured', '[{ appKey: [] }]')}${op('byToken', '[{ oauth: [] }]')}${op('unsaid')}${op('open', '[]')}`,
  // Named at the root; one operation opts out.
  root: `openapi: 3.0.3\ninfo: { title: Root, version: '1' }\nservers: [{ url: 'https://r.example.com' }]\nsecurity: [{ appKey: [] }]\n${SCHEMES}paths:\n${op('inherits')}${op('open', '[]')}`,
  // oauth2 alone, named on one operation: the token only there.
  oauthOnly: `openapi: 3.0.3\ninfo: { title: OAuth Only, version: '1' }\nservers: [{ url: 'https://o.example.com' }]\ncomponents:\n  securitySchemes:\n    oauth: { type: oauth2, flows: { clientCredentials: { tokenUrl: 'https://t.example.com/token', scopes: {} } } }\npaths:\n${op('byToken', '[{ oauth: [] }]')}${op('unsaid')}`,
};

type Call = (params?: object) => Promise<Echo>;
const factories = new Map<string, (options: object) => Record<string, Call>>();
const warnings = new Map<string, string[]>();
let server: TestServer;
const tokens = { getAccessToken: async () => 'tok', refreshAfterUnauthorized: async () => 'tok' };

beforeAll(async () => {
  server = await startServer(echo);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // The same document as JSON: its line is found by a scan, not the YAML parser (see util/lines.ts).
  const u = parse(documents.unnamed!) as Record<string, unknown>;
  const decoy = { properties: { components: { securitySchemes: 1 } } };
  const paths = { '/x': { get: { operationId: 'x', responses: { 200: { description: 'ok', content: { 'application/json': { schema: decoy } } } } } } };
  documents.unnamedJson = JSON.stringify({ openapi: u.openapi, info: u.info, servers: u.servers, paths, components: u.components }, null, 2);
  for (const [name, text] of Object.entries(documents)) {
    const file = join(out, `${name}.${name.endsWith('Json') ? 'json' : 'yaml'}`);
    writeFileSync(file, text);
    const { tree, apis } = await generateTree(file);
    writeTree(join(out, name), tree);
    warnings.set(name, apis.flatMap((a) => a.warnings));
    const mod = (await import(join(out, name, 'index.ts'))) as Record<string, unknown>;
    factories.set(name, Object.entries(mod).find(([k]) => /^create.*Client$/.test(k) && !k.endsWith('RawClient'))![1] as (o: object) => Record<string, Call>);
  }
}, 120_000);
afterAll(() => server.close());

/** What each operation of a document's client sent of the credentials, given `options`. */
async function sent(name: string, options: object, ops: string[]): Promise<Record<string, string[]>> {
  const c = factories.get(name)!({ baseUrl: server.url, retry: false, ...options });
  const got: Record<string, string[]> = {};
  for (const o of ops) {
    const e = await c[o]!();
    got[o] = [new URL(e.url, 'http://x').searchParams.get('app_key'), e.headers['x-app-id'], e.headers.authorization].filter((v): v is string => !!v);
  }
  return got;
}

describe('security requirements: one rule for `auth` and `tokens`', () => {
  it('a document that names no requirement: every credential given, with every operation, and one warning with its line', async () => {
    expect(await sent('unnamed', { auth: { appKey: 'k1', appId: 'i1' }, tokens }, ['lines', 'stops'])).toEqual({ lines: ['k1', 'i1', 'Bearer tok'], stops: ['k1', 'i1', 'Bearer tok'] });
    expect(await sent('unnamed', { auth: { appKey: 'k1' } }, ['lines'])).toEqual({ lines: ['k1'] });
    const file = relative(process.cwd(), join(out, 'unnamed.yaml'));
    // `securitySchemes:` is on line 5 of the document.
    expect(warnings.get('unnamed')).toEqual([
      `${file}:5: the document declares security schemes but names no security requirement (no root \`security\`, none on any operation): every operation sends the credentials the client is given`,
    ]);
    for (const name of ['named', 'root', 'oauthOnly']) expect(warnings.get(name), name).toEqual([]);
    // In JSON, at the document's own `securitySchemes`, not at a property of that name in a schema before it.
    const line = documents.unnamedJson!.split('\n').indexOf('    "securitySchemes": {') + 1;
    expect(line).toBeGreaterThan(documents.unnamedJson!.split('\n').findIndex((l) => l.includes('"securitySchemes": 1')) + 1);
    expect(warnings.get('unnamedJson')).toEqual([expect.stringMatching(new RegExp(`unnamedJson\\.json:${line}: the document declares security schemes`))]);
  });

  it('a document that names requirements somewhere: an operation without one is anonymous, `security: []` too', async () => {
    const options = { auth: { appKey: 'k1', appId: 'i1' }, tokens };
    expect(await sent('named', options, ['secured', 'byToken', 'unsaid', 'open'])).toEqual({ secured: ['k1'], byToken: ['Bearer tok'], unsaid: [], open: [] });
    expect(await sent('root', options, ['inherits', 'open'])).toEqual({ inherits: ['k1'], open: [] });
    expect(await sent('oauthOnly', { tokens }, ['byToken', 'unsaid'])).toEqual({ byToken: ['Bearer tok'], unsaid: [] });
  });
});
