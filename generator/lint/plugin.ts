// The `docex` Redocly plugin: one rule per convention of the spec, each from its module in rule-list.ts.
import type { Oas3Rule, Plugin } from '@redocly/openapi-core';
import { ruleModules, type DocexRuleName } from './rule-list.js';

export const rules = Object.fromEntries(ruleModules.map((m) => [m.id, m.check])) as Record<DocexRuleName, Oas3Rule>;

const recommended = Object.fromEntries(ruleModules.map((m) => [`docex/${m.id}`, 'error' as const]));

export default function docexPlugin() {
  return {
    id: 'docex',
    rules: { oas3: rules },
    configs: { recommended: { rules: recommended } },
  } satisfies Plugin;
}
