// `docex generate` runs its steps from one place, generator/generate/: the command only parses flags, calls the
// runner and prints. And the model is built from one walk of the document: its record of an operation is assembled
// from the readings, never from the document again.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';

const source = (path: string) => ts.createSourceFile(path, readFileSync(join(repoRoot, path), 'utf8'), ts.ScriptTarget.Latest, true);

describe("generate's steps", () => {
  it('commands/generate.ts is under 100 lines', () => {
    expect(readFileSync(join(repoRoot, 'generator/commands/generate.ts'), 'utf8').split('\n').length).toBeLessThan(100);
  });

  it('commands/generate.ts runs no step itself: no write, check, impact or surface import', () => {
    const imports = source('generator/commands/generate.ts').statements.filter(ts.isImportDeclaration).map((d) => (d.moduleSpecifier as ts.StringLiteral).text);
    expect(imports).toContain('../generate/run.js');
    expect(imports.filter((spec) => /\/(write|impact|surface|emit|load|model|typescript)\//.test(spec))).toEqual([]);
  });
});

describe('the model', () => {
  it("builds an operation's record without the document: buildOperation takes no OpenApiDocument", () => {
    const file = source('generator/model/build.ts');
    const fn = file.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === 'buildOperation');
    expect(fn).toBeDefined();
    const types = fn!.parameters.map((p) => p.type?.getText(file) ?? '');
    expect(types.length).toBeGreaterThan(0);
    expect(types.filter((t) => /OpenApiDocument|OperationObject|ParameterObject/.test(t))).toEqual([]);
  });

  it('reads no raw parameter in build.ts: no deref, no `${in}:${name}` key', () => {
    const text = readFileSync(join(repoRoot, 'generator/model/build.ts'), 'utf8');
    expect(text).not.toMatch(/\bderef\b/);
    expect(text).not.toMatch(/\$\{[^}]*\.in\}:\$\{[^}]*\.name\}/);
  });
});
