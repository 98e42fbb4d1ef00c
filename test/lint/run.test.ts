// lintFiles: problems of several documents, each once (a shared component is reached from each document that
// refers to it) and sorted by file, line, column, rule and message.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintFiles } from '../../generator/lint/run.js';
import type { LintProblem } from '../../generator/lint/format.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-lint-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A document whose one schema is the shared file's, plus a snake_case property of its own. */
function documentUsingShared(name: string, own: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    `openapi: 3.1.0
info: { title: t, version: '1' }
paths: {}
components:
  schemas:
    Shared: { $ref: './shared.yaml#/Shared' }
    Own:
      type: object
      properties:
        ${own}: { type: string }
`,
  );
  return file;
}

describe('lintFiles', () => {
  it('reports a problem of a file two documents share once, and sorts every problem', async () => {
    writeFileSync(join(dir, 'shared.yaml'), 'Shared:\n  type: object\n  properties:\n    shared_name: { type: string }\n    Other: { type: string }\n');
    const files = [documentUsingShared('b.yaml', 'b_own'), documentUsingShared('a.yaml', 'a_own')];
    const problems = await lintFiles(files, dir);
    const camel = problems.filter((p) => p.ruleId === 'docex/property-camel-case').map((p) => `${p.file}:${p.line}:${p.column}`);
    expect(camel).toEqual(['a.yaml:10:9', 'b.yaml:10:9', 'shared.yaml:4:5', 'shared.yaml:5:5']);
    const key = (p: LintProblem) => JSON.stringify(p);
    expect(new Set(problems.map(key)).size).toBe(problems.length);
    const order = (p: LintProblem) => [p.file, p.line, p.column, p.ruleId, p.message] as const;
    for (let i = 1; i < problems.length; i++) {
      const [a, b] = [order(problems[i - 1]!), order(problems[i]!)];
      const cmp = a[0].localeCompare(b[0]) || a[1] - b[1] || a[2] - b[2] || a[3].localeCompare(b[3]) || a[4].localeCompare(b[4]);
      expect(cmp, `${a.join(' ')} before ${b.join(' ')}`).toBeLessThanOrEqual(0);
    }
  });
});
