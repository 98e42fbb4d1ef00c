import type { Change, Level } from '../types.js';

export function countLevels(changes: Change[]): Record<Level, number> {
  const n: Record<Level, number> = { breaking: 0, 'non-breaking': 0, info: 0 };
  for (const c of changes) n[c.level]++;
  return n;
}
