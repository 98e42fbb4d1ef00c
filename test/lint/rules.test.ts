import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rules } from '../../generator/lint/plugin.js';
import { lintWith } from './lint-with.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));

/**
 * Lines of a fixture marked `# expect`: exactly where the rule must report. `# expect: text` also requires the
 * message to contain `text`, for rules with several reasons to report.
 */
function expectations(file: string): { line: number; text?: string }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, i) => {
      const m = /#\s*expect(?::\s*(.+?))?\s*$/.exec(line);
      return m ? [{ line: i + 1, ...(m[1] ? { text: m[1] } : {}) }] : [];
    });
}

describe.each(Object.keys(rules))('docex/%s', (id) => {
  const bad = `${fixtures}${id}/bad.yaml`;
  const good = `${fixtures}${id}/good.yaml`;

  it('reports every marked line of its bad fixture, and nothing else', async () => {
    expect(existsSync(bad), bad).toBe(true);
    const want = expectations(bad);
    expect(want.length).toBeGreaterThan(0);
    const found = await lintWith(bad, [id]);
    expect(found.map((f) => f.ruleId)).toEqual(want.map(() => `docex/${id}`));
    expect(found.map((f) => f.line)).toEqual(want.map((w) => w.line));
    found.forEach((f, i) => {
      expect(f.message).toMatch(/^[A-Z].*[.)]$/);
      if (want[i]!.text) expect(f.message, `line ${f.line}`).toContain(want[i]!.text);
    });
  });

  it('reports nothing on its good fixture', async () => {
    expect(existsSync(good), good).toBe(true);
    expect(await lintWith(good, [id])).toEqual([]);
  });
});
