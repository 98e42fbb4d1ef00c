// Writes a whole directory tree so that readers see the old tree or the new one, never a mix:
// everything goes into a sibling temp dir first, then two renames swap it into place.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';

/**
 * The first file under dir whose first line lacks `marker` (it was not generated, so replacing the folder would
 * destroy someone's work: think `--output .`), or undefined. Stops at the first such file.
 */
export function firstForeignFile(dir: string, marker: string): string | undefined {
  const head = Buffer.alloc(512);
  const walk = (d: string): string | undefined => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return undefined;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        const found = walk(p);
        if (found) return found;
        continue;
      }
      if (!e.isFile()) return p;
      const fd = openSync(p, 'r');
      const n = readSync(fd, head, 0, head.length, 0);
      closeSync(fd);
      if (!head.subarray(0, n).toString('utf8').split('\n', 1)[0]!.includes(marker)) return p;
    }
    return undefined;
  };
  return walk(dir);
}

export function writeTreeAtomically(outDir: string, files: ReadonlyMap<string, string>): void {
  const parent = dirname(outDir);
  mkdirSync(parent, { recursive: true });
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const tmp = join(parent, `.${basename(outDir)}.docex-tmp-${tag}`);
  const old = join(parent, `.${basename(outDir)}.docex-old-${tag}`);
  try {
    for (const [rel, content] of files) {
      const file = join(tmp, rel);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    mkdirSync(tmp, { recursive: true });
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  const hadOld = existsSync(outDir);
  if (hadOld) renameSync(outDir, old);
  try {
    renameSync(tmp, outDir);
  } catch (err) {
    if (hadOld) renameSync(old, outDir);
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  if (hadOld) rmSync(old, { recursive: true, force: true });
}

/** Every file under dir, as paths relative to it with `/` separators. */
export function readTree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.set(relative(dir, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

export interface TreeDiff {
  stale: string[];
  missing: string[];
  extra: string[];
}

export function diffTree(expected: ReadonlyMap<string, string>, actual: ReadonlyMap<string, string>): TreeDiff {
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [rel, content] of expected) {
    const have = actual.get(rel);
    if (have === undefined) missing.push(rel);
    else if (have !== content) stale.push(rel);
  }
  const extra = [...actual.keys()].filter((k) => !expected.has(k));
  return { stale: stale.sort(), missing: missing.sort(), extra: extra.sort() };
}
