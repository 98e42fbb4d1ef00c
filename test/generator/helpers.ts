import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/run-docex.js';

export const fixtures = join(repoRoot, 'test/generator/fixtures');
/** Generated trees the tests type-check live here: inside the repo so `openapi-fetch` resolves (ignored by tsconfig). */
export const outRoot = join(repoRoot, 'test/generator/out');

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

/** Runs `tsc --noEmit --strict` over one generated folder; returns its diagnostics ('' when clean). */
export function typecheck(dir: string): string {
  mkdirSync(outRoot, { recursive: true });
  const config = join(outRoot, `tsconfig.${dir.replace(/[^A-Za-z0-9]+/g, '-')}.json`);
  writeFileSync(
    config,
    JSON.stringify({ extends: '../../../tsconfig.base.json', compilerOptions: { noEmit: true, strict: true, skipLibCheck: true }, include: [`${dir}/**/*.ts`] }),
  );
  const r = spawnSync(process.execPath, [tsc, '-p', config], { encoding: 'utf8', timeout: 180_000 });
  return r.status === 0 ? '' : `${r.stdout}${r.stderr}` || `tsc exited ${r.status}`;
}
