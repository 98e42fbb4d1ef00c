// What the code-sample and Quick start tests share: the site's samples as `docex docs` makes them, one tsc program
// over many modules, and a module run as a client developer runs it (bundled, in its own Node process, with its
// own environment) against the sandbox.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { describeApi } from '../../generator/docs/api-info.js';
import { codeSamples, sampleApi, sampleSite, type CodeSample } from '../../generator/docs/samples/index.js';
import { bundleFile, discoverApis, type ApiEntry, type OpenApiDocument } from '../../generator/load/index.js';
import { seeThrough } from '../../scripts/tsc.mjs';
import { repoRoot } from '../helpers/run-docex.js';
import { runProcess, type Run } from '../helpers/run-process.js';

export { runProcess, type Run };

/** Every sample of the documents in `openapi/`, as the docs site builds them. */
export async function siteSamples(openapiDir = join(repoRoot, 'openapi')): Promise<CodeSample[]> {
  const entries = discoverApis(openapiDir);
  return samplesOf(await Promise.all(entries.map(async (entry) => ({ entry, document: (await bundleFile(entry.file, { mode: 'own' })).document }))));
}

/** The samples of documents given with their entries, as `docex docs` makes them. */
export function samplesOf(documents: { entry: ApiEntry; document: OpenApiDocument }[]): CodeSample[] {
  const infos = documents.map((d) => describeApi(d.entry, d.document));
  const apis = documents.map((d, i) => sampleApi(infos[i]!, d.document, d.entry.file));
  const site = sampleSite(apis, infos);
  return apis.flatMap((a) => codeSamples(a, site));
}

/** A folder of modules beside a `generated/` link to this repository's generated clients (inside the repo, so
 *  `openapi-fetch` and `@types/node` resolve as in a client project). */
export function moduleFolder(name: string, files: Record<string, string>): string {
  const dir = join(repoRoot, 'test-results', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  symlinkSync(join(repoRoot, 'generated'), join(dir, 'generated'), 'dir');
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

/** The compiler options of a client project under `tsc --strict`, Node ESM. */
export const CLIENT_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: ['node'],
  skipLibCheck: true,
};

/** Type-checks `files` in one program, generated/'s client files whole (scripts/tsc.mjs); the diagnostics, '' when
 *  there are none. */
export function typecheck(files: string[]): string {
  const host = ts.createCompilerHost(CLIENT_OPTIONS);
  host.readFile = seeThrough(host.readFile);
  const program = ts.createProgram(files, CLIENT_OPTIONS, host);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => repoRoot, getNewLine: () => '\n' });
}

/** Bundles `entry` (TypeScript importing generated/) into one ESM file and runs it with Node in `cwd` and `env`. */
export async function runModule(entry: string, cwd: string, env: Record<string, string>): Promise<Run> {
  const outfile = entry.replace(/\.ts$/, '.bundle.mjs');
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent' });
  return runProcess(process.execPath, [outfile], cwd, env);
}

/** The sandbox's public test credentials, as the environment a sample reads. */
export function sandboxEnv(url: string): Record<string, string> {
  return {
    DOCEX_AUTH_URL: url,
    DOCEX_BASE_URL: `${url}/`,
    DOCEX_CLIENT_ID: 'sandbox-client',
    DOCEX_CLIENT_SECRET: 'sandbox-secret',
    DOCEX_USERNAME: 'demo',
    DOCEX_PASSWORD: 'demo-password',
  };
}
