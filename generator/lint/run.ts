// Runs Redocly lint with docex's own redocly.yaml (the package's, not the caller's) over documents.
import { getLineColLocation, lint, loadConfig, type NormalizedProblem } from '@redocly/openapi-core';
import { join } from 'node:path';
import { DocexError } from '../util/errors.js';
import { BoundedResolver } from '../load/resolver.js';
import { displayPath } from '../util/display-path.js';
import { packageRoot } from '../util/package-root.js';
import type { LintProblem } from './format.js';

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
    const resolver = new BoundedResolver(config.resolve);
    try {
      problems = await lint({ ref: file, config, externalRefResolver: resolver });
    } catch (err) {
      if (err instanceof DocexError) throw err;
      const line = err && typeof err === 'object' && 'line' in err && typeof err.line === 'number' ? err.line : undefined;
      const message = err instanceof Error ? err.message.replace(/ in ".*$/s, '') : String(err);
      throw new DocexError(`cannot lint: ${message}`, 2, displayPath(file, cwd), line);
    }
    // A file reached by $ref that exceeds a bound is what to report, not the unresolved $ref Redocly made of it.
    resolver.check();
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
