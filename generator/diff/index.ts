// Public surface of the breaking-change checker (used by `docex diff` and the docs site's changelog).
export { diffDocuments } from './engine.js';
export { diffTrees } from './trees.js';
export { formatMarkdown } from './format/markdown.js';
export { RULES, type RuleId } from './registry.js';
export type { Change, DiffOptions } from './types.js';
