// Runs Redocly lint with docex's own redocly.yaml (the package's, not the caller's) over documents.
import { getLineColLocation, lint, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocexError } from '../util/errors.js';
import type { LintProblem } from './format.js';

/** The docex package root: the nearest folder above this module whose package.json is docex's. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && /"name":\s*"docex"/.test(readFileSync(pkg, 'utf8'))) return dir;
    dir = dirname(dir);
  }
  throw new DocexError('cannot find the docex package root (package.json)', 2);
}

/** Paths under the working directory are shown relative to it, others absolute. */
export function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

function toProblem(p: NormalizedProblem, cwd: string): LintProblem {
  const loc = p.location[0];
  const lc = loc ? getLineColLocation(loc) : undefined;
  const abs = lc?.source.absoluteRef ?? '';
  return {
    ruleId: p.ruleId,
    severity: p.severity,
    file: abs ? displayPath(abs, cwd) : '',
    line: lc?.start.line ?? 1,
    column: lc?.start.col ?? 1,
    message: p.message,
  };
}

function compare(a: LintProblem, b: LintProblem): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId) || a.message.localeCompare(b.message);
}

/** Lints each file; problems deduplicated (shared components are reached from several documents) and sorted. */
export async function lintFiles(files: string[], cwd = process.cwd()): Promise<LintProblem[]> {
  const config = await loadConfig({ configPath: join(packageRoot(), 'redocly.yaml') });
  const seen = new Set<string>();
  const out: LintProblem[] = [];
  for (const file of files) {
    let problems: NormalizedProblem[];
    try {
      problems = await lint({ ref: file, config });
    } catch (err) {
      const line = err && typeof err === 'object' && 'line' in err && typeof err.line === 'number' ? err.line : undefined;
      const message = err instanceof Error ? err.message.replace(/ in ".*$/s, '') : String(err);
      throw new DocexError(`cannot lint: ${message}`, 2, displayPath(file, cwd), line);
    }
    for (const p of problems) {
      if (p.ignored) continue;
      const problem = toProblem(p, cwd);
      const key = JSON.stringify(problem);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(problem);
    }
  }
  return out.sort(compare);
}
