import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../helpers/run-docex.js';
import { runProcess } from '../helpers/run-process.js';

export const fixtures = join(repoRoot, 'test/generator/fixtures');
/** Generated trees the tests type-check live here: inside the repo so `openapi-fetch` resolves (ignored by tsconfig). */
export const outRoot = join(repoRoot, 'test/generator/out');

/** tsc as docex runs it over its output: client.ts, index.ts and raw.ts checked whole, through their `@ts-nocheck`. */
export const checkedTsc = join(repoRoot, 'scripts/tsc.mjs');

/** The tsconfig that type-checks `dirs` (generated folders under outRoot) under --strict, in one program. */
function configFor(name: string, dirs: string[]): string {
  mkdirSync(outRoot, { recursive: true });
  const config = join(outRoot, `tsconfig.${name.replace(/[^A-Za-z0-9]+/g, '-')}.json`);
  writeFileSync(
    config,
    JSON.stringify({ extends: '../../../tsconfig.base.json', compilerOptions: { noEmit: true, strict: true, skipLibCheck: true }, include: dirs.map((dir) => `${dir}/**/*.ts`) }),
  );
  return config;
}

/** Runs `tsc --noEmit --strict` (checkedTsc) over one generated folder; returns its diagnostics ('' when clean). */
export function typecheck(dir: string): string {
  const r = spawnSync(process.execPath, [checkedTsc, '-p', configFor(dir, [dir])], { encoding: 'utf8', timeout: 180_000 });
  return r.status === 0 ? '' : `${r.stdout}${r.stderr}` || `tsc exited ${r.status}`;
}

/**
 * Type-checks several generated folders in one checkedTsc run (one start, one read of the libraries) without blocking
 * the event loop (a test's own HTTP server keeps answering); returns each folder's diagnostics ('' when clean). A
 * diagnostic outside every folder (the config, a library) is given to each of them.
 */
export async function typecheckEach(name: string, dirs: string[]): Promise<Map<string, string>> {
  const config = configFor(name, dirs);
  const r = await runProcess(process.execPath, [checkedTsc, '-p', config, '--pretty', 'false'], repoRoot, {}, 300_000);
  const out = `${r.stdout}${r.stderr}` || (r.code === 0 ? '' : `tsc exited ${r.code}\n`);
  const byDir = new Map(dirs.map((dir) => [dir, '']));
  // A diagnostic starts at column 0 (its file first); its continuation lines are indented.
  for (const block of out.split(/\n(?=\S)/).filter((b) => b.trim())) {
    const file = resolve(repoRoot, block.slice(0, Math.max(0, block.indexOf('('))));
    const owner = dirs.find((dir) => file.startsWith(`${join(outRoot, dir)}/`));
    for (const dir of owner ? [owner] : dirs) byDir.set(dir, `${byDir.get(dir)}${block}\n`);
  }
  return byDir;
}
