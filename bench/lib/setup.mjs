// Shared paths, the commands of docex and its peers, and preparation steps (inputs, generated clients, bundles).
import { createRequire } from 'node:module';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runOnce } from './measure.mjs';
import { peerBin } from './peers.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const benchDir = join(root, 'bench');
/** Scratch output (git-ignored); inside the repo so generated code resolves openapi-fetch from node_modules. */
export const outDir = join(benchDir, 'out');
const require = createRequire(join(root, 'package.json'));

/** An empty working directory for the measured tools: the repo's redocly.yaml (our lint rules) must not apply to
 *  peers (openapi-typescript reads redocly.yaml from its cwd and fails on Figma under our rules). */
export function neutralCwd() {
  const dir = join(tmpdir(), 'docex-bench-cwd');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The JS file of a package's bin, run with the current node (no shell, no npx). */
export function binOf(pkg, name) {
  const pkgJson = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(pkgJson, 'utf8'));
  const rel = typeof bin === 'string' ? bin : bin[name ?? Object.keys(bin)[0]];
  return join(dirname(pkgJson), rel);
}

export function versionOf(pkg) {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;
}

export const docexBin = join(root, 'bin', 'docex.js');
export const tscBin = () => binOf('typescript', 'tsc');

export const INPUTS = {
  // runs/warmup: generation rounds; tscRuns: type-check rounds; *BudgetMs: no new round starts after that long.
  'document/v1': { file: () => join(outDir, 'inputs', 'document-v1.json'), runs: 5, warmup: 1, genBudgetMs: 40_000, tscRuns: 5, tscBudgetMs: 30_000 },
  github: { file: () => require.resolve('@octokit/openapi/generated/api.github.com.json'), runs: 3, warmup: 0, genBudgetMs: 110_000, tscRuns: 3, tscBudgetMs: 80_000 },
  figma: { file: () => require.resolve('@figma/rest-api-spec/openapi/openapi.yaml'), runs: 5, warmup: 1, genBudgetMs: 50_000, tscRuns: 5, tscBudgetMs: 40_000 },
};

/** A peer's bin (bench/lib/peers.mjs), installed on first use. */
const peer = (name, bin) => peerBin(name, { bin, install: true, log: (line) => process.stderr.write(`${line}\n`) });

/** The generator commands of the issue, each writing into `out`. */
export const GENERATORS = {
  docex: (input, out) => ({ args: [docexBin, 'generate', '--input', input, '--output', out, '--quiet'] }),
  'openapi-typescript': (input, out) => ({ args: [binOf('openapi-typescript'), input, '-o', join(out, 'schema.ts')] }),
  'hey-api': (input, out) => ({ args: [peer('@hey-api/openapi-ts', 'openapi-ts'), '-i', input, '-o', out] }),
  orval: (input, out) => ({ args: [peer('orval', 'orval'), '--input', input, '--output', join(out, 'api.ts'), '--client', 'fetch'] }),
};

export function fresh(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Every file under dir (recursively), sorted. */
export function filesUnder(dir, ext) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (!ext || p.endsWith(ext)) out.push(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** TypeScript files, lines and bytes of an output folder. */
export function outputSize(dir) {
  const files = filesUnder(dir, '.ts');
  let bytes = 0;
  let lines = 0;
  for (const f of files) {
    bytes += statSync(f).size;
    lines += readFileSync(f, 'utf8').split('\n').length;
  }
  return { files: files.length, bytes, lines };
}

/** Our document/v1 bundled into one JSON file with docex's own loader, so every tool reads the same single file. */
export async function bundledDocumentV1() {
  const file = INPUTS['document/v1'].file(); // rewritten every run: openapi/ may have changed since the last one
  const { bundleFile } = await import(join(root, 'dist/generator/load/index.js'));
  const { document } = await bundleFile(join(root, 'openapi/document/v1/openapi.yaml'), { mode: 'own' });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(document, null, 2));
  return file;
}

/** `docex generate --input FILE --output DIR` (once, cached within a run). */
const generated = new Map();
export function docexGenerate(input, output) {
  const key = `${input}\n${output}`;
  if (!generated.has(key)) {
    fresh(output);
    const args = [docexBin, 'generate', '--output', output, '--quiet'];
    if (input) args.splice(2, 0, '--input', input);
    generated.set(key, runOnce({ args, cwd: root }).then(() => output));
  }
  return generated.get(key);
}

/** The tiny /items document's docex client (bench/out/items-docex), with the token client in token/ beside
 *  runtime/ as `docex generate` lays out a client repo's output (token/ imports ../runtime/, so both share it). */
export const itemsDoc = join(benchDir, 'fixtures', 'items.yaml');
let items;
export function itemsDocex() {
  items ??= docexGenerate(itemsDoc, join(outDir, 'items-docex')).then(withTokenClient);
  return items;
}

/** The same document as a sub API of an `openapi/` tree (items/v1/ in bench/out/items-sub), generated as docex's own
 *  APIs are: without the any-API codecs (default server, `auth`, typed error bodies) a single document gets. */
let itemsSub;
export function itemsDocexSubApi() {
  itemsSub ??= (async () => {
    const tree = fresh(join(outDir, 'items-tree'));
    mkdirSync(join(tree, 'items', 'v1'), { recursive: true });
    copyFileSync(itemsDoc, join(tree, 'items', 'v1', 'openapi.yaml'));
    return withTokenClient(await docexGenerate(tree, join(outDir, 'items-sub')));
  })();
  return itemsSub;
}

/** Adds the generator's own copy of templates/token (what it emits for a token document), from the built generator. */
async function withTokenClient(out) {
  const { copyTemplates } = await import(pathToFileURL(join(root, 'dist', 'generator', 'emit', 'tree.js')).href);
  const { readTemplateSources, readTemplates } = await import(pathToFileURL(join(root, 'dist', 'generator', 'typescript', 'package-templates.js')).href);
  for (const [path, text] of copyTemplates('token', readTemplateSources('token'), readTemplates())) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  return out;
}
/** hey-api's client of the same document (bench/out/items-hey), once per run. */
let heyItems;
export function itemsHey() {
  heyItems ??= runOnce({ ...GENERATORS['hey-api'](itemsDoc, fresh(join(outDir, 'items-hey'))), cwd: neutralCwd(), timeoutMs: 120_000 }).then(() => join(outDir, 'items-hey'));
  return heyItems;
}
/** The repo's own openapi/ tree generated afresh (clients + token client), as a user would. */
export const ownGenerated = () => docexGenerate(undefined, join(outDir, 'generated'));

/** esbuild bundle of a TypeScript/JS entry; returns the output path, or esbuild's result with `metafile: true`. */
export async function bundle(entry, outfile, options = {}) {
  const { build } = await import('esbuild');
  mkdirSync(dirname(outfile), { recursive: true });
  if (options.metafile) return build({ entryPoints: [entry], outfile, bundle: true, logLevel: 'silent', ...options });
  await build({ entryPoints: [entry], outfile, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'silent', ...options });
  return outfile;
}

/** Writes a file (creating folders) and returns its path. */
export function write(path, text) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return path;
}
