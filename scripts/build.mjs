#!/usr/bin/env node
// Compiles generator/ to dist/ and links this package's own `docex` bin into
// node_modules/.bin, because npm links bins of dependencies only, and the npm
// scripts here are exactly `docex <command>`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, chmodSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc');
} catch {
  // Installed as a package from a tarball: dist/ is already built.
  process.exit(0);
}
// tsc's incremental state says what it emitted before: with dist/ deleted it would emit nothing. Start over then.
if (!existsSync(join(root, 'dist', 'generator', 'cli.js'))) rmSync(join(root, '.tmp', 'build.tsbuildinfo'), { force: true });
const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);

// tsc never deletes: an output whose source is gone would stay importable here and hide a broken import that a
// clean clone meets (a deleted module once kept a benchmark working only on this machine). Prune them.
// Files this script writes itself, below.
const BUILT = new Set(['validators-checks.js', 'handlebars-templates.cjs']);
const pruned = [];
const prune = (dir, srcDir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const out = join(dir, e.name);
    if (e.isDirectory()) {
      if (existsSync(join(srcDir, e.name))) prune(out, join(srcDir, e.name));
      else (rmSync(out, { recursive: true, force: true }), pruned.push(out));
      continue;
    }
    const stem = e.name.replace(/\.(js|d\.ts)(\.map)?$/, '');
    if (stem === e.name || BUILT.has(e.name)) continue;
    if (!existsSync(join(srcDir, `${stem}.ts`))) (rmSync(out, { force: true }), pruned.push(out));
  }
};
if (existsSync(join(root, 'dist', 'generator'))) prune(join(root, 'dist', 'generator'), join(root, 'generator'));
if (pruned.length) console.error(`build: removed ${pruned.length} outputs whose sources are gone`);

// validators.js's start, made once here rather than at each generation's start (package-templates.ts reads it).
// The Handlebars templates, precompiled: a generation loads Handlebars' runtime only.
const { checksAsJavaScript, precompileTemplates } = await import('../dist/generator/typescript/package-templates.js');
writeFileSync(join(root, 'dist', 'generator', 'typescript', 'validators-checks.js'), checksAsJavaScript());
writeFileSync(join(root, 'dist', 'generator', 'typescript', 'handlebars-templates.cjs'), precompileTemplates());

const binDir = join(root, 'node_modules', '.bin');
const link = join(binDir, 'docex');
const target = join(root, 'bin', 'docex.js');
chmodSync(target, 0o755);
if (existsSync(join(root, 'node_modules'))) {
  mkdirSync(binDir, { recursive: true });
  rmSync(link, { force: true });
  symlinkSync(relative(binDir, target), link);
}
