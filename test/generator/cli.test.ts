// The command as users run it (built bin): --check, atomic writes, bad input, --json.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/write/tree.js';
import { repoRoot, runDocex } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

let work: string;
const basic = join(fixtures, 'basic/openapi.yaml');
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'docex-gen-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('docex generate --check', () => {
  it('exits 0 on fresh output and 1 listing stale, missing and extra files', async () => {
    const out = join(work, 'check');
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    const fresh = await runDocex(['generate', '--input', basic, '--output', out, '--check']);
    expect(fresh.code).toBe(0);

    appendFileSync(join(out, 'client.ts'), '// edited\n');
    rmSync(join(out, 'index.ts'));
    writeFileSync(join(out, 'stray.ts'), 'export {};\n');
    const before = readTree(out);
    const stale = await runDocex(['generate', '--input', basic, '--output', out, '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('stale: client.ts');
    expect(stale.stderr).toContain('missing: index.ts');
    expect(stale.stderr).toContain('extra: stray.ts');
    expect(readTree(out)).toEqual(before); // --check never writes

    const json = await runDocex(['generate', '--input', basic, '--output', out, '--check', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, stale: ['client.ts'], missing: ['index.ts'], extra: ['stray.ts'] });
  });

  it('prints one line per API and a summary, or only JSON with --json', async () => {
    const out = join(work, 'lines');
    const r = await runDocex(['generate', '--input', basic, '--output', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/openapi\.yaml\s+4 operations\s+[\d.]+ s/);
    expect(r.stderr).toMatch(/generated: \d+ files, 1 APIs, 4 operations/);
    const j = await runDocex(['generate', '--input', basic, '--output', out, '--json']);
    expect(j.stderr).toBe('');
    expect(JSON.parse(j.stdout)).toMatchObject({ ok: true, apis: [{ id: 'openapi.yaml', operations: 4 }] });
  });
});

describe('selection and docex.config.json', () => {
  it('--api picks APIs; runtime/ comes along with the modules they import', async () => {
    const out = join(work, 'only-token');
    expect((await runDocex(['generate', '--input', join(repoRoot, 'openapi'), '--api', 'token', '--output', out, '--quiet'])).code).toBe(0);
    const dirs = [...new Set([...readTree(out).keys()].map((k) => k.split('/')[0]))].sort();
    expect(dirs).toEqual(['runtime', 'token']);
  });

  it('says what the token API gives: the token client, not a count of operations (issue 42)', async () => {
    const r = await runDocex(['generate', '--input', join(repoRoot, 'openapi'), '--api', 'token', '--output', join(work, 'token-line')]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^token +the token client: sign-in, refresh, sign-out +[\d.]+ s$/m);
    expect(r.stderr).not.toMatch(/^token +0 operations/m);
  });

  it('uses a local document from the config in place of the shipped one', async () => {
    const app = join(work, 'app');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'docex.config.json'), JSON.stringify({ apis: ['document/v1'], documents: { 'document/v1': basic } }));
    const r = await runDocex(['generate', '--quiet'], { cwd: app });
    expect(r.code, r.stderr).toBe(0);
    const client = readFileSync(join(app, 'src/generated/document/v1/client.ts'), 'utf8');
    expect(client).toContain('export function createDocumentClient(');
    expect(client).toContain('listItems: ListItemsCall;');
    expect(client).toContain("(options, 'document/v1/', ops, { param: styledParam, replay: writeReplay,"); // its cookie parameter, its writes
  });

  it("links each method to its section of the docs site at docsUrl, and refuses a docsUrl that is no http(s) URL", async () => {
    const app = join(work, 'linked');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'docex.config.json'), JSON.stringify({ apis: ['document/v1'], docsUrl: 'https://acme.example/api-docs' }));
    const r = await runDocex(['generate', '--quiet'], { cwd: app });
    expect(r.code, r.stderr).toBe(0);
    const client = readFileSync(join(app, 'src/generated/document/v1/client.ts'), 'utf8');
    expect(client).toContain('Reference: https://acme.example/api-docs/reference/document-v1.html#/documents/getdocument');
    writeFileSync(join(app, 'docex.config.json'), '{\n  "docsUrl": "javascript:alert(1)"\n}\n');
    const bad = await runDocex(['generate', '--quiet'], { cwd: app });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/docex\.config\.json:2: "docsUrl" must match pattern/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('docex generate --name and clients', () => {
  it('--name names the client; a config groups by tag, renames, and warns about a rename that matches nothing', async () => {
    const out = join(work, 'named');
    const r = await runDocex(['generate', '--input', basic, '--output', out, '--name', 'Shelf', '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const client = readFileSync(join(out, 'client.ts'), 'utf8');
    expect(client).toMatch(/export function createShelfClient\(options: ClientOptions\): ShelfClient \{/);
    expect(client).toContain('listItems: ListItemsCall;'); // no namespace: top-level, as before
    const app = join(work, 'grouped');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'docex.config.json'), JSON.stringify({ input: join(repoRoot, 'openapi'), apis: ['document/v1'], output: 'out', clients: { 'document/v1': { groupBy: 'tag', resources: { Documents: 'docs' }, methods: { listDocuments: 'all', gone: 'x' } } } }));
    const grouped = await runDocex(['generate'], { cwd: app });
    expect(grouped.code, grouped.stderr).toBe(0);
    expect(grouped.stderr).toContain('the rename of method "gone" matches no operationId');
    const text = readFileSync(join(app, 'out/document/v1/client.ts'), 'utf8');
    expect(text).toMatch(/export interface DocumentClient \{[^}]*readonly docs: DocsResource;[^}]*readonly companies: CompaniesResource;/);
    expect(text).toContain("'docs.all': {");
    expect(text).toContain("'companies.get': {"); // getCompany under Companies
  });

  it('refuses --name for several APIs, and a client setting it does not know, with exit 2 and one line', async () => {
    const several = await runDocex(['generate', '--input', join(repoRoot, 'openapi'), '--output', join(work, 'several'), '--name', 'X']);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/names one API/);
    const app = join(work, 'bad-clients');
    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'docex.config.json'), '{\n  "clients": { "*": { "groupBy": "path" } }\n}\n');
    const bad = await runDocex(['generate', '--quiet'], { cwd: app });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/docex\.config\.json:2: "clients\.\*\.groupBy" must be equal to one of the allowed values/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('output safety', () => {
  it('refuses to replace a folder holding files docex did not generate', async () => {
    const out = join(work, 'project');
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    writeFileSync(join(out, 'notes.md'), 'my notes\n');
    const before = readTree(out);
    const r = await runDocex(['generate', '--input', basic, '--output', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to replace .*notes\.md was not generated by docex/);
    expect(readTree(out)).toEqual(before);
  });

  it('rejects a Swagger 2.0 document with exit 2', async () => {
    const file = join(work, 'swagger.json');
    writeFileSync(file, JSON.stringify({ swagger: '2.0', info: { title: 't', version: '1' }, paths: {} }));
    const r = await runDocex(['generate', '--input', file, '--output', join(work, 'sw')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/swagger\.json:1: not an OpenAPI 3\.x document \(Swagger 2\.0\)/);
  });

  it('rejects a YAML file that is no OpenAPI document with exit 2, at its first line', async () => {
    const file = join(work, 'plain.yaml');
    writeFileSync(file, 'hello: world\n');
    const r = await runDocex(['generate', '--input', file, '--output', join(work, 'plain')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/plain\.yaml:1: not an OpenAPI 3\.x document \(no "openapi: 3\.x"\)/);
    expect(existsSync(join(work, 'plain'))).toBe(false);
  });
});

describe('bad input', () => {
  it.each([
    ['bad-yaml', /bad-yaml\/doc\/v1\/openapi\.yaml:9: cannot parse/],
    ['dangling', /dangling\/doc\/v1\/openapi\.yaml:15: Can't resolve \$ref/],
    ['dup-id', /dup-id\/doc\/v1\/openapi\.yaml:13: .*unique `operationId`/],
  ])('%s exits 2 naming file and line, leaving the previous output untouched', async (name, message) => {
    const out = join(work, `atomic-${name}`);
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    const before = readTree(out);
    const r = await runDocex(['generate', '--input', join(fixtures, name), '--output', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(readTree(out)).toEqual(before);
    expect(readdirSync(work).filter((f) => f.includes('docex-tmp') || f.includes('docex-old'))).toEqual([]);
  });

  it('holds a foreign document to parse errors and dangling refs only', async () => {
    const r = await runDocex(['generate', '--input', join(fixtures, 'dangling/doc/v1/openapi.yaml'), '--output', join(work, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/openapi\.yaml:15: Can't resolve \$ref/);
    const dup = await runDocex(['generate', '--input', join(fixtures, 'dup-id/doc/v1/openapi.yaml'), '--output', join(work, 'dup')]);
    expect(dup.code).toBe(0);
    expect(dup.stderr).toContain('duplicate operationId "getThing"');
    expect(readFileSync(join(work, 'dup/client.ts'), 'utf8')).toMatch(/^  getA: \(params\?: GetAParams/m);
  });

  it('replaces a previous tree whole on success (no stale files survive, no temp dirs left)', async () => {
    const out = join(work, 'replace');
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    writeFileSync(join(out, 'old.ts'), '// Generated by docex from gone.yaml. DO NOT EDIT\n');
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    expect(readTree(out).has('old.ts')).toBe(false);
    expect(readdirSync(work).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
