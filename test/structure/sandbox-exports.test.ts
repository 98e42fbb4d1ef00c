// No file of generator/sandbox/ exports more than MAX_EXPORTS names: a file that needs more mixes concerns (as
// handler-kit.ts once did with lookup, preconditions, representations and write checks) and is split by concern.
// Counted from the syntax with TypeScript's parser: declarations, `export { ... }` lists and what `export *` brings.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';

const MAX_EXPORTS = 12;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : []));
}

const isExported = (s: ts.Statement): boolean => ts.canHaveModifiers(s) && !!ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module's text exports; `export * from './x.js'` adds x's names (read with `read`). */
function exportedNames(text: string, file: string, read: (file: string) => string | undefined = readSource): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const s of sf.statements) {
    if (ts.isExportDeclaration(s)) {
      if (s.exportClause && ts.isNamedExports(s.exportClause)) names.push(...s.exportClause.elements.map((e) => e.name.text));
      else if (s.exportClause) names.push(s.exportClause.name.getText(sf));
      else if (s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier)) {
        const target = resolve(dirname(file), s.moduleSpecifier.text).replace(/\.js$/, '.ts');
        const targetText = read(target);
        names.push(...(targetText === undefined ? [`* from ${s.moduleSpecifier.text}`] : exportedNames(targetText, target, read)));
      }
    } else if (ts.isExportAssignment(s)) names.push('default');
    else if (isExported(s)) {
      if (ts.isVariableStatement(s)) names.push(...s.declarationList.declarations.map((d) => d.name.getText(sf)));
      else names.push((s as ts.DeclarationStatement).name?.getText(sf) ?? 'default');
    }
  }
  return names;
}

function readSource(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

describe('exports of generator/sandbox/', () => {
  it('are counted: declarations, export lists, re-exports and `export *`', () => {
    const other = 'export const a = 1; export function b() {} const hidden = 2;';
    const text = [
      "import { x } from './y.js';",
      'export interface I {}',
      'export type T = string;',
      'export const c = 1, d = 2;',
      'export class K {}',
      'export default function () {}',
      'function local() {}',
      'export { local as e, x };',
      "export { f } from './f.js';",
      "export * from './other.js';",
    ].join('\n');
    const read = (file: string) => (file.endsWith('/other.ts') ? other : undefined);
    expect(exportedNames(text, '/src/mod.ts', read)).toEqual(['I', 'T', 'c', 'd', 'K', 'default', 'e', 'x', 'f', 'a', 'b']);
  });

  it(`are at most ${MAX_EXPORTS} per file`, () => {
    const files = sources(join(repoRoot, 'generator', 'sandbox'));
    expect(files.length).toBeGreaterThan(20);
    const over = files.flatMap((file) => {
      const names = exportedNames(readFileSync(file, 'utf8'), file);
      return names.length > MAX_EXPORTS ? [`${relative(repoRoot, file)}: ${names.length} exports (${names.join(', ')})`] : [];
    });
    expect(over).toEqual([]);
  });
});
