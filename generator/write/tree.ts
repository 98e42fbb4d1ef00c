// The one way docex replaces an output folder: everything is written into a sibling staging folder first, then
// swapped in by renames, so readers see the old tree or the new one, never a mix, and a failed swap puts the old
// one back. Used by `generate` (a tree in memory) and `docs` (a site built into the staging folder).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { isMarked, MANIFEST } from './guard.js';

/** A fresh staging folder next to `output` (same file system, so the swap is a rename). */
export function stagingFor(output: string): string {
  mkdirSync(dirname(output), { recursive: true });
  return mkdtempSync(join(dirname(output), `.${basename(output)}.docex-tmp-`));
}

/** Every file under dir, as paths relative to it with `/` separators, sorted. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
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
      else if (e.isFile()) out.push(relative(dir, p).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/**
 * Replaces `output` with the finished `staging` folder. Files in staging without a MARKER line are listed in its
 * MANIFEST first, so the guard knows the folder as docex's next time. The old folder is renamed aside and deleted
 * only once the new one is in place; if moving the new one in fails, the old one is renamed back.
 */
export function swapIn(staging: string, output: string, unmarked?: readonly string[]): void {
  const list = (unmarked ?? listFiles(staging).filter((f) => !isMarked(readFileSync(join(staging, f), 'utf8')))).filter((f) => f !== MANIFEST);
  if (list.length) writeFileSync(join(staging, MANIFEST), list.join('\n') + '\n');
  const old = `${staging}.old`;
  const hadOld = existsSync(output);
  try {
    if (hadOld) renameSync(output, old);
    try {
      renameSync(staging, output);
    } catch (err) {
      if (hadOld) renameSync(old, output);
      throw err;
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  if (hadOld) rmSync(old, { recursive: true, force: true });
}

/** Writes `files` (relative path -> content) as the whole of `output`, atomically. */
export function writeTree(output: string, files: ReadonlyMap<string, string>): void {
  const staging = stagingFor(output);
  const unmarked: string[] = [];
  try {
    for (const [rel, content] of files) {
      const file = join(staging, rel);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      if (!isMarked(content)) unmarked.push(rel);
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  swapIn(staging, output, unmarked);
}

/** Every file under dir by relative path, with its text. */
export function readTree(dir: string): Map<string, string> {
  return new Map(listFiles(dir).filter((f) => f !== MANIFEST).map((f) => [f, readFileSync(join(dir, f), 'utf8')]));
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
