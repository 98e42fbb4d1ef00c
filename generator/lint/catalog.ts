// The rule list shown on the docs site's Lint rules page: what each rule checks and the sentence of the API's
// conventions spec it enforces, with the spec's section number, as each rule module states them.
import { ruleModules } from './rule-list.js';

export interface LintRuleInfo {
  id: string;
  summary: string;
  spec: string;
}

export const lintRules: readonly LintRuleInfo[] = ruleModules.map(({ id, summary, spec }) => ({ id: `docex/${id}`, summary, spec }));
