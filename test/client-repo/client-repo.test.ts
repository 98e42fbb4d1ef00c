// Issue 9: docex as a client developer meets it: packed, installed into a fresh project, `docex init`,
// `npm run generate`, the project's own strict tsc (node16/nodenext and bundler), and a program run against the sandbox.
// Issue 30: the client's runtime and compiler are parameters. DOCEX_CLIENT_NODE is the node binary every client-side
// process runs on (npm, docex, tsc's launcher, the sandbox, the program; default: this one), DOCEX_CLIENT_TYPESCRIPT
// the client's TypeScript (default 5.9.3). .ci/run runs this file three times: Node 22 with TypeScript 5.9 (in the
// suite), Node 24 with 7, Node 26 with 5.9. Issue 42: docex is installed by the documented command, from the tarball.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { CLIENT_TYPESCRIPT, INSTALL_COMMAND, TARBALL } from '../helpers/install-route.js';
import { repoRoot } from '../helpers/run-docex.js';
import { marked } from '../impact/markers.js';
import { spawnSandbox, type SpawnedSandbox } from '../helpers/spawn-sandbox.js';

const clientNode = process.env.DOCEX_CLIENT_NODE ?? process.execPath;
const clientTypescript = process.env.DOCEX_CLIENT_TYPESCRIPT ?? CLIENT_TYPESCRIPT;
/** The client's environment: its node first on PATH, so npm, npx and every `#!/usr/bin/env node` script run on it. */
const clientEnv = { ...process.env, PATH: `${dirname(clientNode)}${delimiter}${process.env.PATH ?? ''}`, npm_config_update_notifier: 'false' };

const work = mkdtempSync(join(tmpdir(), 'docex-client-'));
const app = join(work, 'app');
let sandbox: SpawnedSandbox | undefined;
let tarball = '';

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  const r = spawnSync(cmd, args, { cwd, env: { ...clientEnv, ...env }, encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}) in ${cwd}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** Async, so the test keeps its event loop while the program runs. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...clientEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code})\n${out}\n${err}`));
    });
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p).map((f) => `${name}/${f}`) : [name];
  });
}

beforeAll(async () => {
  const packed = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', work], repoRoot)) as { filename: string; size: number; files: { path: string }[] }[];
  tarball = join(work, packed[0]!.filename);
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'client-app', private: true, type: 'module' }, null, 2) + '\n');
  // The documented route (test/helpers/install-route.ts): the release's tarball put into the project, the command run.
  copyFileSync(tarball, join(app, TARBALL));
  sh('bash', ['-c', INSTALL_COMMAND], app);
}, 600_000);

afterAll(async () => {
  await sandbox?.stop();
  rmSync(work, { recursive: true, force: true });
});

// Issue 42: `docex docs` in a client repo, from the packed tarball alone: the shipped documents (no openapi/ there),
// and everything it runs (@redocly/cli) installed with docex.
describe('docex docs in a project where docex is all that is installed', () => {
  it('npx docex docs --output site builds the site of the shipped documents', () => {
    // Before the client's own TypeScript is installed (the next describe): docex is all the project has.
    const project = app;
    expect(Object.keys((JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as { devDependencies: object }).devDependencies)).toEqual(['docex']);
    const out = sh('npx', ['docex', 'docs', '--output', 'site'], project);
    expect(out).toMatch(/^docex docs: \d+ pages in site\//);
    const site = join(project, 'site');
    const files = filesUnder(site);
    const apis = ['document-v1', 'file-v1', 'file-v2', 'network-v1', 'token'];
    for (const f of ['index.html', 'style.css', 'guides/quick-start.html', 'changelog/index.html', 'lint-rules.html', ...apis.flatMap((a) => [`reference/${a}.html`, `reference/${a}.json`])]) {
      expect(files, f).toContain(f);
    }
    const reference = readFileSync(join(site, 'reference', 'document-v1.html'), 'utf8');
    expect(reference).toContain('<header class="docex-bar">');
    expect(reference).toContain('listDocuments');
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toContain('href="reference/document-v1.html"');
  }, 300_000);
});

describe(`docex in a client repository (DOCEX_CLIENT_NODE ${clientNode}, DOCEX_CLIENT_TYPESCRIPT ${clientTypescript})`, () => {
  beforeAll(() => {
    // The Quick start's second line: the client's own TypeScript.
    sh('npm', ['install', '--no-audit', '--no-fund', '--save-dev', `typescript@${clientTypescript}`, '@types/node@20.19.43'], app);
  }, 600_000);

  it('runs on the client\'s node and compiles with the client\'s TypeScript', () => {
    const version = sh(clientNode, ['--version'], app).trim();
    // What npm scripts and `#!/usr/bin/env node` bins (docex, tsc's launcher) run on.
    expect(sh('npm', ['exec', '-c', 'node --version'], app).trim()).toBe(version);
    expect(sh('npx', ['tsc', '--version'], app)).toContain(`Version ${clientTypescript}`);
  });

  it('is installed from the tarball in the project, which package.json names (so npm ci installs from it)', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(pkg.devDependencies['docex']).toBe(`file:${TARBALL}`);
    expect(existsSync(join(app, 'node_modules', 'docex', 'bin', 'docex.js'))).toBe(true);
  });

  it('ships the compiled generator, templates and documents, and no TypeScript sources of the generator', () => {
    const listing = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
    expect(listing).toContain('package/bin/docex.js');
    expect(listing).toContain('package/dist/generator/cli.js');
    expect(listing).toContain('package/openapi/document/v1/openapi.yaml');
    expect(listing).toContain('package/docex.config.schema.json');
    expect(listing.some((f) => f.startsWith('package/templates/runtime/'))).toBe(true);
    expect(listing.some((f) => f.startsWith('package/generator/'))).toBe(false);
    expect(listing.some((f) => f.startsWith('package/test/'))).toBe(false);
  });

  it('init writes the config and the generate script', () => {
    sh('npx', ['docex', 'init'], app);
    const pkg = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['generate']).toBe('docex generate');
    const config = JSON.parse(readFileSync(join(app, 'docex.config.json'), 'utf8')) as { output: string };
    expect(config.output).toBe('src/generated');
  });

  it('npm run generate writes every sub API, token/ and runtime/, browser-safe outside token/node.ts', () => {
    sh('npm', ['run', 'generate'], app);
    const out = join(app, 'src', 'generated');
    for (const dir of ['runtime', 'token', 'document/v1', 'file/v1', 'network/v1']) expect(existsSync(join(out, dir, 'index.ts')), dir).toBe(true);
    const nodeImports = filesUnder(out).filter((f) => f.endsWith('.ts') && f !== 'token/node.ts' && /from ['"]node:/.test(readFileSync(join(out, f), 'utf8')));
    expect(nodeImports).toEqual([]);
  });

  it('type-checks under the client project\'s strict tsc with nodenext and with bundler resolution, then runs against the sandbox', async () => {
    copyFileSync(join(repoRoot, 'test/client-repo/app/main.ts'), join(app, 'src', 'main.ts'));
    const base = { strict: true, target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], skipLibCheck: false, types: ['node'] };
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...base, module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'dist', rootDir: 'src' }, include: ['src'] }));
    writeFileSync(join(app, 'tsconfig.bundler.json'), JSON.stringify({ compilerOptions: { ...base, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] }));
    writeFileSync(join(app, 'tsconfig.node16.json'), JSON.stringify({ compilerOptions: { ...base, module: 'Node16', moduleResolution: 'Node16', noEmit: true }, include: ['src'] }));
    sh('npx', ['tsc', '-p', 'tsconfig.bundler.json'], app);
    sh('npx', ['tsc', '-p', 'tsconfig.node16.json'], app);
    sh('npx', ['tsc', '-p', 'tsconfig.json'], app);

    // The sandbox of the installed package, started as the README tells client developers to.
    sandbox = await spawnSandbox(clientNode, [join(app, 'node_modules', 'docex', 'bin', 'docex.js'), 'sandbox', '--port', '0'], app);
    const output = await run(clientNode, ['dist/main.js'], app, {
      DOCEX_AUTH_URL: sandbox.url,
      DOCEX_BASE_URL: `${sandbox.url}/`,
      DOCEX_CLIENT_ID: 'sandbox-client',
      DOCEX_CLIENT_SECRET: 'sandbox-secret',
      DOCEX_USERNAME: 'demo',
      DOCEX_PASSWORD: 'demo-password',
    });
    const result = JSON.parse(output.trim().split('\n').pop()!) as Record<string, unknown>;
    expect(result['pageSize']).toBe(50);
    expect(result['total']).toBeGreaterThanOrEqual(1000);
    expect(typeof result['senderName']).toBe('string');
    expect(result['invoices']).toBeGreaterThan(100);
    expect(result['unique']).toBe(result['invoices']);
    expect(result['updated']).toBe(true);
    expect(result['stale']).toBe(true);
    // Three strict tsc runs of the whole client: TypeScript 5.9 takes most of a minute when the suite shares 2 cores.
  }, 180_000);

  it('names the places of the client\'s own code a regeneration breaks; failOnBreaking "affected" (issue 36)', () => {
    // Consumer code with one place of each kind the changed documents produce (affected.ts) and look-alikes (fine.ts),
    // compiled first by the client's own tsc against the current output.
    mkdirSync(join(app, 'src', 'impact'));
    for (const f of ['affected.ts', 'fine.ts']) copyFileSync(join(repoRoot, 'test/client-repo/app/impact', f), join(app, 'src', 'impact', f));
    sh('npx', ['tsc', '-p', 'tsconfig.bundler.json'], app);
    const api = join(app, 'api-impact');
    sh('cp', ['-r', join(app, 'node_modules', 'docex', 'openapi'), api], app);
    const file = join(api, 'document', 'v1', 'openapi.yaml');
    const doc = parseDocument(readFileSync(file, 'utf8'));
    const schemas = ['components', 'schemas'];
    doc.setIn([...schemas, 'Direction', 'enum'], ['Sent', 'Received', 'Forwarded']);
    doc.setIn([...schemas, 'DocumentType', 'enum'], (doc.getIn([...schemas, 'DocumentType', 'enum']) as { toJSON(): string[] }).toJSON().filter((v) => v !== 'Catalogue'));
    doc.deleteIn([...schemas, 'Document', 'properties', 'note']);
    doc.setIn([...schemas, 'DocumentInput', 'required'], [...(doc.getIn([...schemas, 'DocumentInput', 'required']) as { toJSON(): string[] }).toJSON(), 'sendMode']);
    doc.deleteIn(['paths', '/documents/{documentId}/presentation']);
    const params = doc.getIn(['paths', '/documents', 'get', 'parameters']) as { items: { get?(key: string): unknown }[] };
    params.items = params.items.filter((p) => !String(p.get?.('$ref') ?? '').endsWith('/SearchTerm'));
    writeFileSync(file, doc.toString());
    const configFile = join(app, 'docex.config.json');
    const original = readFileSync(configFile, 'utf8');
    const config = (extra: object) => writeFileSync(configFile, JSON.stringify({ ...(JSON.parse(original) as object), documents: { 'document/v1': './api-impact/document/v1/openapi.yaml' }, failOnBreaking: 'affected', ...extra }, null, 2));
    const out = join(app, 'src', 'generated', 'document', 'v1');
    const before = readFileSync(join(out, 'schema.ts'), 'utf8');
    const expected = [...new Set(marked(app, 'src/impact').map((m) => m.split(' ')[0]))];
    try {
      config({});
      const text = spawnSync('npm', ['run', 'generate'], { cwd: app, env: clientEnv, encoding: 'utf8', timeout: 300_000 });
      expect(text.status).toBe(1);
      expect([...new Set(text.stderr.split('\n').filter((l) => /^src\/\S+:\d+:\d+ {2}/.test(l)).map((l) => l.split('  ')[0]!))].sort()).toEqual(expected);
      expect(text.stderr).toContain(`10 breaking changes; ${expected.length} places in your code are affected (tsconfig.json, read with docex's TypeScript 5.9.3)`);
      expect(readFileSync(join(out, 'schema.ts'), 'utf8')).toBe(before);

      const json = spawnSync('npm', ['run', 'generate', '--', '--json'], { cwd: app, env: clientEnv, encoding: 'utf8', timeout: 300_000 });
      expect(json.status).toBe(1);
      const { impact } = JSON.parse(json.stdout.slice(json.stdout.indexOf('{'))) as { impact: { places: { file: string; line: number; column: number; change: { kind: string } }[] } };
      expect(impact.places.map((p) => `${p.file}:${p.line}:${p.column} ${p.change.kind}`).sort()).toEqual(marked(app, 'src/impact'));
      expect(readFileSync(join(out, 'schema.ts'), 'utf8')).toBe(before);

      // A second consumer, fine.ts alone: not affected, so the same setting lets the regeneration through.
      writeFileSync(join(app, 'tsconfig.fine.json'), JSON.stringify({ extends: './tsconfig.bundler.json', include: [], files: ['src/impact/fine.ts'] }));
      config({ consumerProject: './tsconfig.fine.json' });
      const fine = spawnSync('npm', ['run', 'generate'], { cwd: app, env: clientEnv, encoding: 'utf8', timeout: 300_000 });
      expect(fine.status, fine.stderr).toBe(0);
      expect(fine.stderr).toContain('10 breaking changes; 0 places in your code are affected (tsconfig.fine.json');
      expect(readFileSync(join(out, 'schema.ts'), 'utf8')).not.toBe(before);
    } finally {
      // The next test starts from the shipped documents' output, as before this one.
      writeFileSync(configFile, original);
      rmSync(join(app, 'src', 'impact'), { recursive: true, force: true });
      sh('npm', ['run', 'generate'], app);
    }
  }, 300_000);

  it('reports what a regeneration changes in the clients\' TypeScript; --fail-on-breaking keeps the old output', () => {
    // The client repo's own copy of the documents, whose response enum Direction gains a value.
    const api = join(app, 'api');
    sh('cp', ['-r', join(app, 'node_modules', 'docex', 'openapi'), api], app);
    const doc = join(api, 'document', 'v1', 'openapi.yaml');
    writeFileSync(doc, readFileSync(doc, 'utf8').replace('enum: [Sent, Received]', 'enum: [Sent, Received, Forwarded]'));
    const configFile = join(app, 'docex.config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as Record<string, unknown>;
    writeFileSync(configFile, JSON.stringify({ ...config, documents: { 'document/v1': './api/document/v1/openapi.yaml' } }, null, 2) + '\n');
    const out = join(app, 'src', 'generated', 'document', 'v1');
    const before = ['client.ts', 'schema.ts'].map((f) => readFileSync(join(out, f), 'utf8'));

    const refused = spawnSync('npm', ['run', 'generate', '--', '--fail-on-breaking'], { cwd: app, env: clientEnv, encoding: 'utf8', timeout: 300_000 });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/document\/v1: [1-9]\d* breaking/);
    expect(refused.stderr).toMatch(/breaking {2}\w+: Direction \(.*response.*\) gained "Forwarded"/);
    expect(['client.ts', 'schema.ts'].map((f) => readFileSync(join(out, f), 'utf8'))).toEqual(before);

    const r = spawnSync('npm', ['run', 'generate', '--', '--json'], { cwd: app, env: clientEnv, encoding: 'utf8', timeout: 300_000 });
    expect(r.status, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { surface: { api: string; breaking: number; changes: { target?: string; values?: string[]; breaking: boolean }[] }[] };
    const report = summary.surface.find((a) => a.api === 'document/v1')!;
    expect(report.changes).toContainEqual(expect.objectContaining({ target: 'Direction', values: ['Forwarded'], breaking: true }));
    expect(readFileSync(join(out, 'schema.ts'), 'utf8')).toContain('"Forwarded"');
  });
});

