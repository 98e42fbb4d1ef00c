// Output formats of `docex lint`: stylish (people), json (scripts), github-actions (PR annotations), markdown (step summary).
export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  file: string;
  line: number;
  column: number;
  message: string;
}

interface LintTotals {
  errors: number;
  warnings: number;
  documents: number;
}

export const FORMATS = ['stylish', 'json', 'github-actions', 'markdown'] as const;
export type LintFormat = (typeof FORMATS)[number];

export function totals(problems: LintProblem[], documents: number): LintTotals {
  const errors = problems.filter((p) => p.severity === 'error').length;
  return { errors, warnings: problems.length - errors, documents };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function stylish(problems: LintProblem[], t: LintTotals): string {
  const out: string[] = [];
  let file: string | undefined;
  for (const p of problems) {
    if (p.file !== file) {
      if (file !== undefined) out.push('');
      out.push(p.file);
      file = p.file;
    }
    out.push(`  ${`${p.line}:${p.column}`.padEnd(8)}${(p.severity === 'warn' ? 'warning' : 'error').padEnd(9)}${p.message}  ${p.ruleId}`);
  }
  if (problems.length > 0) out.push('');
  out.push(
    problems.length === 0
      ? `No problems in ${plural(t.documents, 'document')}.`
      : `${plural(problems.length, 'problem')} (${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')}) in ${plural(t.documents, 'document')}.`,
  );
  return out.join('\n') + '\n';
}

// GitHub's workflow-command escaping: data escapes %, CR, LF; properties also ':' and ','.
const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const prop = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function githubActions(problems: LintProblem[]): string {
  return problems
    .map((p) => `::${p.severity === 'warn' ? 'warning' : 'error'} file=${prop(p.file)},line=${p.line},col=${p.column},title=${prop(p.ruleId)}::${data(p.message)}\n`)
    .join('');
}

function markdown(problems: LintProblem[], t: LintTotals): string {
  const head = `### docex lint\n\n`;
  if (problems.length === 0) return `${head}No problems in ${plural(t.documents, 'document')}.\n`;
  const cell = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const rows = problems.map((p) => `| \`${cell(p.file)}:${p.line}:${p.column}\` | ${p.severity} | \`${p.ruleId}\` | ${cell(p.message)} |`);
  return `${head}${plural(t.errors, 'error')}, ${plural(t.warnings, 'warning')} in ${plural(t.documents, 'document')}.\n\n| where | severity | rule | what to change |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`;
}

export function formatProblems(problems: LintProblem[], t: LintTotals, format: LintFormat): string {
  switch (format) {
    case 'json':
      return JSON.stringify({ problems, totals: t }, null, 2) + '\n';
    case 'github-actions':
      return githubActions(problems);
    case 'markdown':
      return markdown(problems, t);
    case 'stylish':
      return stylish(problems, t);
  }
}
