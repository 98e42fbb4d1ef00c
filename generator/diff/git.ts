// `--base-ref`: the same path at a git ref, written to a temporary directory (removed by the caller).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { DocexError } from '../util/errors.js';

function git(cwd: string, args: string[]): Buffer {
  return execFileSync('git', args, { cwd, maxBuffer: 512 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
}

interface Checkout {
  /** The path inside the temporary directory that corresponds to `target` at the ref. */
  path: string;
  /** Whether the target exists at the ref at all. */
  exists: boolean;
  tempDir: string;
}

/** Writes `target` (a file or directory under the repository of `cwd`) as it was at `ref` into a temp dir. */
export function checkoutAtRef(cwd: string, ref: string, target: string): Checkout {
  let top: string;
  try {
    top = git(cwd, ['rev-parse', '--show-toplevel']).toString().trim();
  } catch {
    throw new DocexError('--base-ref needs a git repository (run it inside one)', 2, cwd);
  }
  try {
    git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new DocexError(`unknown git ref "${ref}"`, 2);
  }
  const rel = relative(top, resolve(cwd, target)).split(sep).join('/');
  if (rel.startsWith('..')) throw new DocexError(`${target} is outside the git repository ${top}`, 2);
  // A document may $ref its neighbours (`../../shared/…`): take the whole top-level folder it lives in.
  const scope = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : rel;
  const files = git(top, ['ls-tree', '-r', '-z', '--name-only', ref, '--', scope || '.'])
    .toString()
    .split('\0')
    .filter(Boolean);
  const exists = files.some((f) => f === rel || f.startsWith(`${rel}/`) || rel === '');
  const tempDir = mkdtempSync(join(tmpdir(), 'docex-diff-'));
  for (const file of files) {
    const out = join(tempDir, file);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, git(top, ['show', `${ref}:${file}`]));
  }
  const path = join(tempDir, rel);
  if (!exists || files.every((f) => f !== rel)) mkdirSync(path, { recursive: true });
  return { path, exists, tempDir };
}
