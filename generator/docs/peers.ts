// What the docs site shows from the other parts of docex: the linter's rule catalog and the
// breaking-change checker's changes between two `openapi/` trees.
export { lintRules, type LintRuleInfo } from '../lint/catalog.js';
export { diffTrees } from '../diff/index.js';
export { formatMarkdown } from '../diff/format/markdown.js';
export type { Change } from '../diff/types.js';
