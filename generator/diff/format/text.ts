// Plain text for terminals: one block per API, one line per change, and a verdict.
import type { Change, Level } from '../types.js';
import { countLevels } from './summary.js';

const TAG: Record<Level, string> = { breaking: 'BREAKING    ', 'non-breaking': 'non-breaking', info: 'info        ' };

export function formatText(changes: Change[]): string {
  if (!changes.length) return 'No changes.\n';
  const lines: string[] = [];
  let api: string | undefined;
  for (const c of changes) {
    if (c.api !== api) {
      if (api !== undefined) lines.push('');
      api = c.api;
      lines.push(`${api}:`);
    }
    const where = c.operation ? `${c.operation}: ` : '';
    lines.push(`  ${TAG[c.level]}  ${where}${c.message}  [${c.id} at ${c.location}]`);
    if (c.operations.length > 1) lines.push(`                ${c.operations.length} operations: ${c.operations.join(', ')}`);
  }
  const n = countLevels(changes);
  lines.push('', `${n.breaking} breaking, ${n['non-breaking']} non-breaking, ${n.info} info: ${n.breaking ? 'BREAKING' : 'not breaking'}`);
  return lines.join('\n') + '\n';
}
