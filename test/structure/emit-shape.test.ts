// generator/emit/ stays small and pure (issue 43): no file over 250 lines, no function over 50, and no file-system
// access (the templates are read elsewhere and handed in as data). Measured with TypeScript's own parser.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';

const MAX_FILE_LINES = 250;
const MAX_FUNCTION_LINES = 50;

const emitDir = join(repoRoot, 'generator', 'emit');
const files = () => readdirSync(emitDir, { recursive: true, encoding: 'utf8' }).filter((n) => n.endsWith('.ts')).map((n) => join(emitDir, n)).sort();

/** Every function of a source (declarations, methods, accessors, constructors, expressions, arrows) with its length
 *  in lines, first line to last, and the line it starts on. */
function functionLengths(name: string, text: string): { at: string; lines: number }[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const out: { at: string; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ at: `${name}:${first + 1}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The module specifiers a source imports, statically or by `import()`. */
const importsOf = (text: string) => ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);

describe('generator/emit/', () => {
  it('the function measure counts each kind of function, nested ones too', () => {
    const text = ['function a() {', '  const b = () => {', '    return 1;', '  };', '}', 'class C {', '  m() {', '    return 2;', '  }', '}', 'const d = function () {};'].join('\n');
    expect(functionLengths('x.ts', text)).toEqual([
      { at: 'x.ts:1', lines: 5 },
      { at: 'x.ts:2', lines: 3 },
      { at: 'x.ts:7', lines: 3 },
      { at: 'x.ts:11', lines: 1 },
    ]);
  });

  it(`has no file over ${MAX_FILE_LINES} lines`, () => {
    expect(files().length).toBeGreaterThan(3);
    const long = files()
      .map((f) => ({ file: relative(repoRoot, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files().flatMap((f) => functionLengths(relative(repoRoot, f), readFileSync(f, 'utf8')).filter((fn) => fn.lines > MAX_FUNCTION_LINES));
    expect(long).toEqual([]);
  });

  it('reads no files: no fs import, no package-root lookup', () => {
    const reads = files().flatMap((f) => importsOf(readFileSync(f, 'utf8')).filter((spec) => /^(node:)?fs(\/promises)?$|package-root/.test(spec)).map((spec) => `${relative(repoRoot, f)}: ${spec}`));
    expect(reads).toEqual([]);
  });
});
