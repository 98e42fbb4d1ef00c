// Public surface of the breaking-change checker (used by `docex diff` and the docs site's changelog).
export { diffDocuments, sortChanges } from './engine.js';
export { diffTrees, diffFiles, diffTreesDetailed, apiLabel, type TreeDiff, type ComparedApi } from './trees.js';
export { formatMarkdown, type MarkdownOptions } from './format/markdown.js';
export { formatText } from './format/text.js';
export { formatJson } from './format/json.js';
export { formatGithubActions } from './format/github-actions.js';
export { loadDocument } from './load.js';
export { RULES, type Rule, type RuleId } from './registry.js';
export type { Change, DiffOptions, Level } from './types.js';
export { checkoutAtRef, type Checkout } from './git.js';
