// What the docs site shows from the other parts of docex: the linter's rule catalog, the traceability
// catalog and the breaking-change checker's changes between two `openapi/` trees.
export { lintRules, type LintRuleInfo } from '../lint/catalog.js';
export { statements } from '../trace/statements.js';
export { COLUMNS, COLUMN_TITLES, coverage, isGap, isNa, refsOf, shortRef } from '../trace/table.js';
export { diffTrees } from '../diff/index.js';
export { formatMarkdown } from '../diff/format/markdown.js';
export type { Change } from '../diff/types.js';
