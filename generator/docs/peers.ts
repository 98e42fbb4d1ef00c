// The breaking-change checker is built in parallel with the docs site; it is loaded by name so the site builds
// (and the no-tags changelog works) before it lands. The linter's catalog is plain data, imported directly.
import type { DiffTrees } from './changelog.js';

export { lintRules, type LintRuleInfo } from '../lint/catalog.js';

export async function loadDiffTrees(): Promise<DiffTrees | undefined> {
  try {
    const mod = (await import(new URL('../diff/index.js', import.meta.url).href)) as Record<string, unknown>;
    return typeof mod.diffTrees === 'function' ? (mod.diffTrees as DiffTrees) : undefined;
  } catch (err) {
    if (err && typeof err === 'object' && 'code' in err && err.code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw err;
  }
}
