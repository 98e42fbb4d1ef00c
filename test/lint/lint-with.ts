import { createConfig, getLineColLocation, lint } from '@redocly/openapi-core';
import docexPlugin from '../../generator/lint/plugin.js';

export interface Found {
  ruleId: string;
  line: number;
  message: string;
}

/** Lints `file` with only the given docex rules on (no `recommended`). */
export async function lintWith(file: string, ruleIds: string[]): Promise<Found[]> {
  const rules: Record<string, 'error'> = {};
  for (const id of ruleIds) rules[`docex/${id}`] = 'error';
  const config = await createConfig({ plugins: [docexPlugin()], rules });
  const problems = await lint({ ref: file, config });
  return problems
    .map((p) => {
      const loc = p.location[0];
      return { ruleId: p.ruleId, line: loc ? getLineColLocation(loc).start.line : 0, message: p.message };
    })
    .sort((a, b) => a.line - b.line);
}
