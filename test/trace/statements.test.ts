// The traceability catalog must point at things that exist: a renamed rule, a moved function or a retitled
// test breaks it here rather than silently on the docs site's traceability page, which must show all of it.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RULES } from '../../generator/diff/index.js';
import { rules } from '../../generator/lint/plugin.js';
import { statements } from '../../generator/trace/statements.js';
import { traceabilityPage } from '../../generator/docs/pages.js';
import { COLUMNS, coverage, isGap, isNa, refsOf, shortRef } from '../../generator/trace/table.js';
import { repoRoot } from '../helpers/run-docex.js';
import { bareSite, escaped, rowOf } from '../helpers/site-page.js';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
const yamlCache = new Map<string, unknown>();
const yamlOf = (file: string) => {
  if (!yamlCache.has(file)) yamlCache.set(file, parse(read(file)));
  return yamlCache.get(file);
};

function resolvePointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Why a reference does not resolve, or undefined when it does. */
function problem(ref: string): string | undefined {
  if (ref.startsWith('docex/')) return ref.slice(6) in rules ? undefined : 'no such lint rule';
  if (ref.startsWith('diff/')) return [...RULES.keys()].some((id) => id === ref.slice(5)) ? undefined : 'no such diff rule';
  const title = / > /.exec(ref);
  if (title) {
    const file = ref.slice(0, title.index);
    if (!existsSync(join(repoRoot, file))) return 'no such test file';
    return read(file).includes(ref.slice(title.index + 3)) ? undefined : 'no test with that title';
  }
  const [file = '', frag] = ref.split('#');
  if (!existsSync(join(repoRoot, file))) return 'no such file';
  if (frag === undefined) return statSync(join(repoRoot, file)).isDirectory() ? undefined : 'a file needs #name or #pointer';
  if (file.endsWith('.yaml')) return resolvePointer(yamlOf(file), frag.startsWith('/') ? frag : `/${frag}`) === undefined ? 'pointer does not resolve' : undefined;
  const declared = new RegExp(`\\b(function\\*?|class|const|let|interface|type|enum)\\s+${frag}\\b`);
  return declared.test(read(file)) ? undefined : `no declaration of ${frag}`;
}

describe('traceability catalog', () => {
  it('numbers its statements S01, S02, ... in order, each with a section and a text', () => {
    statements.forEach((s, i) => {
      expect(s.id).toBe(`S${String(i + 1).padStart(2, '0')}`);
      expect(s.section.length * s.text.length).toBeGreaterThan(0);
    });
  });

  it('fills every column with references, a reasoned n/a or a named gap', () => {
    for (const s of statements) {
      for (const c of COLUMNS) {
        const cell = s[c];
        if (isGap(cell)) expect(cell.gap.length, `${s.id} ${c}`).toBeGreaterThan(10);
        else if (isNa(cell)) expect(cell.na.length, `${s.id} ${c}`).toBeGreaterThan(10);
        else expect(refsOf(cell).length, `${s.id} ${c}`).toBeGreaterThan(0);
      }
    }
  });

  it('references only rules, declarations, document pointers and tests that exist', () => {
    const broken = statements.flatMap((s) => COLUMNS.flatMap((c) => refsOf(s[c]).flatMap((ref) => {
      const why = problem(ref);
      return why ? [`${s.id} ${c}: ${ref} (${why})`] : [];
    })));
    expect(broken).toEqual([]);
  });

  it('puts lint and diff rules in the lint column, tests in the test column, documents in the doc column', () => {
    for (const s of statements) {
      for (const c of COLUMNS) {
        for (const ref of refsOf(s[c])) {
          const kind = /^(docex|diff)\//.test(ref) ? 'lint' : ref.startsWith('test/') ? 'test' : ref.startsWith('openapi/') ? 'doc' : 'code';
          const allowed = c === 'runtime' || c === 'sandbox' ? 'code' : c;
          expect(kind, `${s.id} ${c}: ${ref}`).toBe(allowed);
        }
      }
    }
  });

  it('detects a broken reference (the checker can fail)', () => {
    expect(problem('docex/no-such-rule')).toBeDefined();
    expect(problem('openapi/shared/schemas.yaml#/NoSuchSchema')).toBeDefined();
    expect(problem('templates/runtime/etag.ts#noSuchFunction')).toBeDefined();
    expect(problem('test/runtime/etag.test.ts > no test is called this')).toBeDefined();
  });

  it("the docs site's traceability page shows every statement with every cell of the catalog", () => {
    const { html } = traceabilityPage(bareSite());
    const { covered, total } = coverage();
    expect(covered).toBeLessThanOrEqual(total);
    expect(html).toContain(`${covered} of ${total} statements are covered in every applicable column.`);
    for (const s of statements) {
      const row = rowOf(html, s.id);
      expect(row, s.id).toContain(`<td>${escaped(s.section)}</td><td>${escaped(s.text)}</td>`);
      for (const c of COLUMNS) {
        const cell = s[c];
        if (isGap(cell)) expect(row, `${s.id} ${c}`).toContain(`<strong>Gap:</strong> ${escaped(cell.gap)}`);
        else if (isNa(cell)) expect(row, `${s.id} ${c}`).toContain(`n/a: ${escaped(cell.na)}`);
        else for (const ref of refsOf(cell)) expect(row, `${s.id} ${c}`).toContain(`<code title="${escaped(ref)}">${escaped(shortRef(ref))}</code>`);
      }
    }
    expect(html.match(/<tr id="S\d+"/g)).toHaveLength(statements.length);
  });
});
