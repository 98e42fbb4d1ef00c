// Runs Redocly lint with docex's own redocly.yaml (the package's, not the caller's) over documents.
import { lint, loadConfig, Oas3_2Types, type NormalizedProblem } from '@redocly/openapi-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocexError } from '../util/errors.js';
import { boundedResolver, checkRefChains, type BoundedResolver } from '../load/resolver.js';
import { repairRedoclyTypes } from '../load/redocly-types.js';
import { displayPath } from '../util/display-path.js';
import { packageRoot } from '../util/package-root.js';
import type { LintProblem } from './format.js';
import { positionOf } from './positions.js';

function toProblem(p: NormalizedProblem, cwd: string, shown: Map<string, string>): LintProblem {
  const loc = p.location[0];
  const at = loc ? positionOf(loc) : undefined;
  const abs = at?.source.absoluteRef ?? '';
  let file = shown.get(abs);
  if (file === undefined) shown.set(abs, (file = abs ? displayPath(abs, cwd) : ''));
  return {
    ruleId: p.ruleId,
    severity: p.severity,
    file,
    line: at?.line ?? 1,
    column: at?.col ?? 1,
    message: p.message,
  };
}

/** localeCompare, without asking ICU when the strings are the same (most pairs: one file, one rule). */
function text(a: string, b: string): number {
  return a === b ? 0 : a.localeCompare(b);
}

function compare(a: LintProblem, b: LintProblem): number {
  return text(a.file, b.file) || a.line - b.line || a.column - b.column || text(a.ruleId, b.ruleId) || text(a.message, b.message);
}

/**
 * Sorted, each problem once (shared components are reached from several documents): the sort is stable, so a
 * problem's copies follow it among the problems that compare equal to it (they differ at most in severity).
 */
function sortedOnce(problems: LintProblem[]): LintProblem[] {
  problems.sort(compare);
  const out: LintProblem[] = [];
  let run = 0;
  for (const p of problems) {
    const last = out[out.length - 1];
    if (!last || compare(last, p) !== 0) run = out.length;
    else if (out.slice(run).some((q) => q.severity === p.severity)) continue;
    out.push(p);
  }
  return out;
}

/**
 * Some of Redocly's rules call `mapping.hasOwnProperty(key)`, which a mapping with a key of that name (a schema
 * property called `hasOwnProperty`) turns into a crash: said as what it is, at the first such key.
 */
function shadowedMethod(err: unknown, resolver: BoundedResolver, cwd: string): DocexError | undefined {
  if (!(err instanceof TypeError) || !/\.hasOwnProperty is not a function/.test(err.message)) return undefined;
  for (const file of resolver.getFiles()) {
    const text = readFileSync(file, 'utf8');
    const key = /(^|[\s{,])(["']?)hasOwnProperty\2[ \t]*:/m.exec(text);
    if (key) {
      const line = text.slice(0, key.index + key[1]!.length).split('\n').length;
      return new DocexError('Redocly\'s rules cannot lint a mapping with a key named "hasOwnProperty" (they call that method on it)', 2, displayPath(file, cwd), line);
    }
  }
  return undefined;
}

/** Lints each file; problems deduplicated (shared components are reached from several documents) and sorted. */
export async function lintFiles(files: string[], cwd = process.cwd()): Promise<LintProblem[]> {
  repairRedoclyTypes(Oas3_2Types);
  const config = await loadConfig({ configPath: join(packageRoot(), 'redocly.yaml') });
  const out: LintProblem[] = [];
  /** Each file as shown, by its absolute ref: tens of thousands of problems share a few files. */
  const shown = new Map<string, string>();
  for (const file of files) {
    let problems: NormalizedProblem[];
    const resolver = await boundedResolver(config);
    await checkRefChains(resolver, file);
    try {
      problems = await lint({ ref: file, config, externalRefResolver: resolver });
    } catch (err) {
      if (err instanceof DocexError) throw err;
      const shadowed = shadowedMethod(err, resolver, cwd);
      if (shadowed) throw shadowed;
      const line = err && typeof err === 'object' && 'line' in err && typeof err.line === 'number' ? err.line : undefined;
      const message = err instanceof Error ? err.message.replace(/ in ".*$/s, '') : String(err);
      throw new DocexError(`cannot lint: ${message}`, 2, displayPath(file, cwd), line);
    }
    // A file reached by $ref that exceeds a bound is what to report, not the unresolved $ref Redocly made of it.
    resolver.check();
    for (const p of problems) if (!p.ignored) out.push(toProblem(p, cwd, shown));
  }
  return sortedOnce(out);
}
