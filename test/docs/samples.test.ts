// Code samples on every operation of the reference pages (issue 33): made from the model, every TypeScript sample
// compiled under tsc --strict against the generated clients in one program, and a representative set run against
// the sandbox over real HTTP, each in its own Node process as a client developer runs it.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCodeSamples, type CodeSample } from '../../generator/docs/samples/index.js';
import { bundleFile, discoverApis, type OpenApiDocument } from '../../generator/load/index.js';
import { documentContext, documentRoot, operations, tokenGrants } from '../../generator/model/conventions/index.js';
import { startSandbox, type Sandbox } from '../../generator/sandbox/index.js';
import { DocexError } from '../../generator/util/errors.js';
import { passwordGrant } from '../helpers/password-grant.js';
import { repoRoot, runDocex } from '../helpers/run-docex.js';
import { skipUnless } from '../helpers/skip.js';
import { moduleFolder, runModule, runProcess, samplesOf, sandboxEnv, siteSamples, typecheck } from './samples-kit.js';

let samples: CodeSample[] = [];
const fileOf = (s: CodeSample) => `${s.api.replace(/\//g, '-')}.${s.op.name}${s.grant ? `.${s.grant}` : ''}.ts`;

beforeAll(async () => {
  samples = await siteSamples();
});

describe('code samples of the reference pages', () => {
  it('give every operation of every document a TypeScript and a curl sample, the token endpoint one of each per grant', async () => {
    let operationCount = 0;
    for (const entry of discoverApis(join(repoRoot, 'openapi'))) {
      const { document } = await bundleFile(entry.file, { mode: 'own' });
      const ctx = documentContext(document, entry.file);
      for (const op of operations(ctx, documentRoot(document, entry.file))) {
        operationCount++;
        const own = samples.filter((s) => s.api === entry.id && s.op.method === op.method.toUpperCase() && s.op.path === op.path);
        const grants = tokenGrants(ctx, op).map((g) => g.grant);
        const expected = grants.length ? grants.flatMap((g) => [`TypeScript (${g})`, `curl (${g})`]) : ['TypeScript', 'curl'];
        expect(own.map((s) => s.label).sort(), `${entry.id} ${op.method} ${op.path}`).toEqual(expected.sort());
        for (const s of own) expect(s.source.trim().length).toBeGreaterThan(0);
      }
    }
    expect(operationCount).toBeGreaterThanOrEqual(40);
    expect(samples.filter((s) => s.grant).length).toBeGreaterThanOrEqual(6);
  });

  it('import the generated clients, read credentials from the environment and hold no secret', () => {
    for (const s of samples) {
      const where = `${s.api} ${s.label} ${s.op.name}`;
      expect(s.source, where).not.toMatch(/sandbox-secret|demo-password|<the user's password>/);
      if (s.lang === 'curl') {
        expect(s.source, where).toContain('${DOCEX_AUTH_URL:-');
        if (s.op.conventions.secured && s.api !== 'token') expect(s.source, where).toContain('-H "Authorization: Bearer $ACCESS_TOKEN"');
        continue;
      }
      expect(s.source, where).toMatch(/from '\.\/generated\/token\/index\.js';/);
      if (s.api !== 'token') expect(s.source, where).toContain(`from './generated/${s.api}/index.js';`);
    }
  });

  it('are put into the copy of the document the page renders, leaving the document as written', async () => {
    const entry = discoverApis(join(repoRoot, 'openapi')).find((e) => e.id === 'document/v1')!;
    const { document } = await bundleFile(entry.file, { mode: 'own' });
    const before = JSON.stringify(document);
    const shown = withCodeSamples(document, samples.filter((s) => s.api === entry.id));
    expect(JSON.stringify(document)).toBe(before);
    const get = shown.paths!['/documents/{documentId}']!.get as { 'x-codeSamples'?: { lang: string; label: string; source: string }[] };
    expect(get['x-codeSamples']?.map((s) => [s.lang, s.label])).toEqual([['TypeScript', 'TypeScript'], ['bash', 'curl']]);
    expect(get['x-codeSamples']?.[0]?.source).toContain('api.getDocument({ documentId, expand: [');
  });
});

describe('a document whose operations the samples cannot fill', () => {
  const doc = (parameter: string): OpenApiDocument =>
    ({
      openapi: '3.1.0',
      info: { title: 'Things', version: '1' },
      servers: [{ url: 'https://api.example.com/thing/v1' }],
      paths: {
        '/things/{thingId}': {
          get: {
            operationId: 'getThing',
            parameters: [JSON.parse(parameter)],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } },
          },
        },
      },
    }) as OpenApiDocument;
  const samplesOfThing = (d: OpenApiDocument) => samplesOf([{ entry: { id: 'thing/v1', subApi: 'thing', version: 'v1', file: '/repo/openapi/thing/v1/openapi.yaml', relPath: 'thing/v1/openapi.yaml' }, document: d }]);

  it('fails on a required value without example, default or enum value, naming the document and the pointer', () => {
    let error: unknown;
    try {
      samplesOfThing(doc('{ "name": "thingId", "in": "path", "required": true, "schema": { "type": "string" } }'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DocexError);
    expect((error as DocexError).format()).toBe(
      '/repo/openapi/thing/v1/openapi.yaml: code samples: no example, default or enum value for the path parameter "thingId" of GET /things/{thingId} (#/paths/~1things~1{thingId}/get/parameters/0/schema): add an example',
    );
  });

  it('fails `docex docs` with exit 2 and one line naming the file and the pointer, writing nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docex-docs-samples-'));
    try {
      cpSync(join(repoRoot, 'test', 'docs', 'fixtures', 'repo', 'openapi'), join(dir, 'openapi'), { recursive: true });
      const file = join(dir, 'openapi', 'document', 'v1', 'openapi.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(', example: d1 }', ' }'));
      const r = await runDocex(['docs'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(
        `docex docs: ${file}: code samples: no example, default or enum value for the path parameter "documentId" of GET /documents/{documentId} (#/paths/~1documents~1{documentId}/get/parameters/0/schema): add an example\n`,
      );
      expect(readdirSync(dir)).toEqual(['openapi']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes the schema\'s default, else its first enum value, and gives a new operation its samples by itself', () => {
    const got = samplesOfThing(doc('{ "name": "thingId", "in": "path", "required": true, "schema": { "type": "string", "enum": ["t-1", "t-2"] } }'));
    expect(got.map((s) => `${s.op.name} ${s.label}`)).toEqual(['getThing TypeScript', 'getThing curl']);
    expect(got[0]!.source).toContain(`const thingId = 't-1';`);
    expect(got[1]!.source).toContain('"$API/things/t-1"');
  });
});

describe('every TypeScript sample', () => {
  it('compiles under tsc --strict against the generated clients, all in one program', async () => {
    // With them, the sample of a grant the token client has no method for (a fetch of the token endpoint).
    const entry = discoverApis(join(repoRoot, 'openapi')).find((e) => e.id === 'token')!;
    const { document } = await bundleFile(entry.file, { mode: 'own' });
    const form = (document.paths!['/oauth2/token']!.post!.requestBody as { content: Record<string, { schema: { oneOf: object[] } }> }).content['application/x-www-form-urlencoded']!.schema;
    form.oneOf.push({ type: 'object', required: ['grant_type', 'scope'], properties: { grant_type: { const: 'client_credentials' }, scope: { type: 'string', example: 'all' } } });
    const extra = samplesOf([{ entry, document }]).filter((s) => s.grant === 'client_credentials');
    expect(extra.map((s) => s.label)).toEqual(['TypeScript (client_credentials)', 'curl (client_credentials)']);
    expect(extra[0]!.source).toContain('await fetch(authUrl + \'/oauth2/token\'');
    expect(extra[1]!.source).toContain(`--data-urlencode 'scope=all'`);
    const typescript = [...samples, ...extra].filter((s) => s.lang === 'TypeScript');
    const dir = moduleFolder('samples', Object.fromEntries(typescript.map((s) => [fileOf(s), s.source])));
    const files = typescript.map((s) => join(dir, fileOf(s)));
    expect(new Set(files).size).toBe(typescript.length);
    expect(typecheck(files)).toBe('');
    process.stdout.write(`code samples: ${samples.length} (${typescript.length} TypeScript, all compiled in one program)\n`);
  }, 300_000);
});

describe('a representative set of samples, run against the sandbox over real HTTP', () => {
  let sandbox: Sandbox;
  let work = '';
  let dir = '';
  const sample = (api: string, name: string, label = 'TypeScript') => {
    const s = samples.find((x) => x.api === api && x.op.name === name && x.label === label);
    if (!s) throw new Error(`no ${label} sample of ${api} ${name}`);
    return s;
  };
  const run = async (s: CodeSample) => {
    const r = await runModule(join(dir, fileOf(s)), work, sandboxEnv(sandbox.url));
    // Nothing on stderr but Node's notice of the deprecated password grant.
    expect(r.stderr.replace(/^\(node:\d+\) \[DOCEX_PASSWORD_GRANT_DEPRECATED\] DeprecationWarning: .*\n(\(Use `node --trace-deprecation.*\n)?/m, ''), `${s.op.name}: ${r.stdout}`).toBe('');
    expect(r.code, `${s.op.name}: ${r.stderr}`).toBe(0);
    return r.stdout;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', documentCount: 120 });
    work = mkdtempSync(join(tmpdir(), 'docex-samples-run-'));
    // The folder the compile test wrote, or the same modules again when this block runs alone.
    dir = moduleFolder('samples-run', Object.fromEntries(samples.filter((s) => s.lang === 'TypeScript').map((s) => [fileOf(s), s.source])));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('signs in with the password grant, saving the session the other samples use', async () => {
    const out = await run(sample('token', 'requestToken', 'TypeScript (password)'));
    expect(out).toMatch(/^signed in until \d{4}-\d\d-\d\dT/);
    expect(existsSync(join(work, '.docex', 'tokens.json'))).toBe(true);
  });

  it('lists every document, page after page, with its sender expanded', async () => {
    const out = await run(sample('document/v1', 'listDocuments'));
    // One line per item (console.log of an object is several lines: count the ids instead).
    const ids = new Set([...out.matchAll(/^ {2}id: '([^']+)'/gm)].map((m) => m[1]));
    const env = sandboxEnv(sandbox.url);
    const { access_token } = await passwordGrant(sandbox.url, { clientId: env.DOCEX_CLIENT_ID!, clientSecret: env.DOCEX_CLIENT_SECRET!, username: env.DOCEX_USERNAME!, password: env.DOCEX_PASSWORD! });
    const page = (await (await fetch(`${sandbox.url}/document/v1/documents?limit=1`, { headers: { authorization: `Bearer ${access_token}` } })).json()) as { meta: { total: number } };
    expect(ids.size).toBe(page.meta.total);
    expect(out).toMatch(/sender: \{[^}]*name: '/);
  });

  it('gets a document with a reference expanded, and gets NotModified asking again with its ETag', async () => {
    const out = await run(sample('document/v1', 'getDocument'));
    expect(out).toContain("id: '0f8fad5b-d9cb-469f-a165-70867728950e'");
    expect(out).toMatch(/sender: \{[^}]*name: '/);
    expect(out.trim().split('\n').pop()).toBe('unchanged');
  });

  it('creates a document, prints its ETag, and meets the 409 of a duplicate when run again', async () => {
    const first = await run(sample('document/v1', 'createDocument'));
    expect(first).toContain("documentIdentifier: 'INV-2025-0043'");
    expect(first).toMatch(/^"[^"]+"$/m);
    expect(await run(sample('document/v1', 'createDocument'))).toMatch(/^409: /);
  });

  it('updates a document on the condition of the ETag it read, and prints the new one', async () => {
    const out = await run(sample('document/v1', 'updateDocument'));
    expect(out).toContain("note: 'Due date extended by agreement.'");
    expect(out).toMatch(/^"[^"]+"$/m);
    expect(out).not.toContain('412');
  });

  it('downloads a presentation in the media type asked for', async () => {
    await run(sample('document/v1', 'getDocumentPresentation'));
    expect(readFileSync(join(work, 'presentation.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

// The curl samples of the same set, in bash with the curl and jq a reader has (skipped, and said, without them).
const missing = ['curl', 'jq', 'bash'].filter((tool) => !process.env.PATH?.split(':').some((dir) => existsSync(join(dir, tool))));
describe('the curl samples of that set, run against the sandbox over real HTTP', skipUnless(!missing.length, `needs ${missing.join(' and ')} on PATH`), () => {
  let sandbox: Sandbox;
  let work = '';
  const run = async (api: string, name: string) => {
    const s = samples.find((x) => x.api === api && x.op.name === name && x.label === 'curl')!;
    const r = await runProcess('bash', ['-eo', 'pipefail', '-c', s.source], work, sandboxEnv(sandbox.url));
    expect(r.stderr, `${name}: ${r.stdout}`).toBe('');
    expect(r.code, name).toBe(0);
    return r.stdout;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, host: '127.0.0.1', documentCount: 120 });
    work = mkdtempSync(join(tmpdir(), 'docex-samples-curl-'));
  });
  afterAll(async () => {
    await sandbox?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('list, get with expand and its 304, create, conditional update and download', async () => {
    const page = JSON.parse(await run('document/v1', 'listDocuments')) as { meta: { limit: number }; items: { sender: { name?: string } }[] };
    expect(page.meta.limit).toBe(25);
    expect(page.items[0]?.sender.name).toEqual(expect.any(String));
    const [body, status] = (await run('document/v1', 'getDocument')).split(/\n(?=\d{3}\n$)/);
    expect((JSON.parse(body!) as { sender: { name?: string } }).sender.name).toEqual(expect.any(String));
    expect(status).toBe('304\n');
    expect(JSON.parse(await run('document/v1', 'createDocument'))).toMatchObject({ documentIdentifier: 'INV-2025-0043' });
    expect(JSON.parse(await run('document/v1', 'updateDocument'))).toMatchObject({ note: 'Due date extended by agreement.' });
    await run('document/v1', 'getDocumentPresentation');
    expect(readFileSync(join(work, 'presentation.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
