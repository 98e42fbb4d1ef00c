import type { Change } from '../types.js';

/** `{"breaking": bool, "changes": [...]}`: the contract of `docex diff --format json`. */
export function formatJson(changes: Change[]): string {
  const out = changes.map((c) => ({
    id: c.id,
    level: c.level,
    api: c.api,
    operation: c.operation,
    operations: c.operations,
    location: c.location,
    message: c.message,
    ...(c.file !== undefined ? { file: c.file } : {}),
    ...(c.line !== undefined ? { line: c.line } : {}),
  }));
  return JSON.stringify({ breaking: changes.some((c) => c.level === 'breaking'), changes: out }, null, 2) + '\n';
}
