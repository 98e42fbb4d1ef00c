// Every name generator/ exports is imported by some other file (in generator/, bin/, bench/, scripts/, templates/ or
// test/): an export used only by its own file is surface the next maintainer must read as public and cannot change
// freely. One TypeScript Program and its checker follow imports properly: through re-exports, `import type`,
// namespace imports (`ns.name`; a namespace used whole uses every export), `import('./x').T` types and dynamic
// `import()`. The .mjs/.js files outside the Program reach the compiled generator through `dist/generator/...` paths;
// their destructured names count, and anything less clear counts as using every export of that file.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';

interface Unused {
  readonly file: string;
  readonly line: number;
  readonly name: string;
}

/** Exports of `checked` files that no file of the Program (nor a name in `external`) uses outside the declaring file. */
function unusedExports(program: ts.Program, checked: (fileName: string) => boolean, external: ExternalUses): Unused[] {
  const checker = program.getTypeChecker();
  const used = new Set<ts.Symbol>();
  const moduleOf = (file: ts.SourceFile) => checker.getSymbolAtLocation(file);
  const exportsOf = (file: ts.SourceFile) => {
    const sym = moduleOf(file);
    return sym ? checker.getExportsOfModule(sym) : [];
  };
  /** An import names an alias; the alias names another (a re-export) or the declaration: each link is used. */
  const markChain = (start: ts.Symbol | undefined) => {
    for (let sym = start, n = 0; sym && !used.has(sym) && n < 20; n++) {
      used.add(sym);
      if (!(sym.flags & ts.SymbolFlags.Alias)) break;
      sym = checker.getImmediateAliasedSymbol(sym);
    }
  };
  const markName = (file: ts.SourceFile, name: string) => markChain(exportsOf(file).find((s) => s.name === name));
  const markAll = (file: ts.SourceFile) => exportsOf(file).forEach(markChain);
  const sourceOfSpecifier = (spec: ts.Expression): ts.SourceFile | undefined => {
    const sym = checker.getSymbolAtLocation(spec);
    const decl = sym?.valueDeclaration;
    return decl && ts.isSourceFile(decl) ? decl : undefined;
  };

  /** `ns.name` marks `name`; `ns` used any other way marks every export. Matched by text within `scope`. */
  const markNamespaceUses = (target: ts.SourceFile, ns: string, scope: ts.Node, declaration: ts.Node) => {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === ns && node !== declaration) {
        const parent = node.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.expression === node) markName(target, parent.name.text);
        else if (ts.isQualifiedName(parent) && parent.left === node) markName(target, parent.right.text);
        else if (!(ts.isPropertyAccessExpression(parent) && parent.name === node)) markAll(target);
      }
      ts.forEachChild(node, visit);
    };
    visit(scope);
  };

  /** What a dynamic `import()` (or anything that loads a module at run time) takes from `target`. */
  const markDynamic = (target: ts.SourceFile, call: ts.Node) => {
    let node: ts.Node = call;
    while (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent)) node = node.parent;
    const parent = node.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
      if (parent.name.text !== 'then') return markName(target, parent.name.text);
      const callback = ts.isCallExpression(parent.parent) ? parent.parent.arguments[0] : undefined;
      if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
        const param = callback.parameters[0];
        if (param && ts.isIdentifier(param.name)) return markNamespaceUses(target, param.name.text, callback.body, param.name);
      }
    }
    if (ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name)) {
      const names = parent.name.elements.map((e) => (e.propertyName ?? e.name) as ts.Node);
      if (names.every(ts.isIdentifier) && !parent.name.elements.some((e) => e.dotDotDotToken)) return names.forEach((n) => markName(target, (n as ts.Identifier).text));
    }
    markAll(target);
  };

  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && node.importClause) {
        const target = sourceOfSpecifier(node.moduleSpecifier);
        const clause = node.importClause;
        if (clause.name) markChain(checker.getImmediateAliasedSymbol(checker.getSymbolAtLocation(clause.name)!));
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const spec of bindings.elements) markChain(checker.getImmediateAliasedSymbol(checker.getSymbolAtLocation(spec.name)!));
        } else if (bindings && target) markNamespaceUses(target, bindings.name.text, file, bindings.name);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const target = sourceOfSpecifier(node.argument.literal);
        if (target) {
          const first = node.qualifier && (ts.isIdentifier(node.qualifier) ? node.qualifier : leftmost(node.qualifier));
          if (first) markName(target, first.text);
          else markAll(target);
        }
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
        const target = ts.isStringLiteralLike(node.arguments[0]) ? sourceOfSpecifier(node.arguments[0]) : undefined;
        if (target) markDynamic(target, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  for (const use of external) {
    const target = program.getSourceFile(use.file);
    if (!target) continue;
    if (use.names === 'all') markAll(target);
    else use.names.forEach((n) => markName(target, n));
  }

  const unused: Unused[] = [];
  for (const file of program.getSourceFiles()) {
    if (!checked(file.fileName)) continue;
    for (const sym of exportsOf(file)) {
      if (used.has(sym)) continue;
      const decl = sym.declarations?.find((d) => d.getSourceFile() === file);
      if (!decl) continue; // `export *`: the declaring file reports it
      unused.push({ file: file.fileName, line: file.getLineAndCharacterOfPosition(decl.getStart()).line + 1, name: sym.name });
    }
  }
  return unused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function leftmost(name: ts.QualifiedName): ts.Identifier {
  let left: ts.EntityName = name;
  while (ts.isQualifiedName(left)) left = left.left;
  return left;
}

type ExternalUses = readonly { readonly file: string; readonly names: readonly string[] | 'all' }[];

/**
 * Uses of the compiled generator (`dist/generator/x.js`, or `x.js` beside a `dist/generator` base path) by files the
 * Program does not hold, read by syntax: destructured names of a declaration holding the path, `(await ...).name`,
 * and otherwise every export.
 */
function externalUses(files: readonly string[], generatorDir: string): ExternalUses {
  const uses: { file: string; names: readonly string[] | 'all' }[] = [];
  for (const path of files) {
    const text = readFileSync(path, 'utf8');
    if (!text.includes('dist/generator')) continue;
    const kind = /\.m?js$/.test(path) ? ts.ScriptKind.JS : /\.ya?ml$/.test(path) ? undefined : ts.ScriptKind.TS;
    if (kind === undefined) {
      for (const m of text.matchAll(/dist\/generator\/([\w\-/]+)\.js/g)) uses.push({ file: join(generatorDir, `${m[1]}.ts`), names: 'all' });
      continue;
    }
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true, kind);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node)) {
        const m = /^(?:.*dist\/generator\/)?([\w\-/]+)\.js$/.exec(node.text);
        const file = m && join(generatorDir, `${m[1]}.ts`);
        if (file && existsSync(file)) uses.push({ file, names: takenNames(node) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return uses;
}

/** The names a statement holding a module path takes from the module: see externalUses. */
function takenNames(path: ts.Node): readonly string[] | 'all' {
  for (let node = path.parent; node && !ts.isSourceFile(node) && !ts.isBlock(node); node = node.parent) {
    const parent = node.parent;
    if (ts.isAwaitExpression(node) && ts.isParenthesizedExpression(parent) && ts.isPropertyAccessExpression(parent.parent)) return [parent.parent.name.text];
    if (ts.isVariableDeclaration(node)) {
      if (!ts.isObjectBindingPattern(node.name) || node.name.elements.some((e) => e.dotDotDotToken)) return 'all';
      return node.name.elements.map((e) => ((e.propertyName ?? e.name) as ts.Identifier).text);
    }
    if (ts.isArrowFunction(node) || ts.isFunctionDeclaration(node)) return 'all';
  }
  return 'all';
}

function sources(dir: string, ext: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'out' || e.name === 'fixtures') return [];
    return e.isDirectory() ? sources(join(dir, e.name), ext) : ext.test(e.name) ? [join(dir, e.name)] : [];
  });
}

/**
 * The repository's Program: tsconfig.json's files (generator/, templates/, test/, bench/, generated/). Packages' and
 * the standard library's declarations are read as empty files: no name this test follows lives there, and parsing
 * them was most of the time.
 */
function repoProgram(): ts.Program {
  const config = ts.readConfigFile(join(repoRoot, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
  const options: ts.CompilerOptions = { ...parsed.options, noLib: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => (name.includes('/node_modules/') ? ts.createSourceFile(name, '', language) : read(name, language, ...rest));
  return ts.createProgram({ rootNames: parsed.fileNames, options, host });
}

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A Program over `files` (path -> text) written to a temporary directory, and the unused exports under its lib/. */
function unusedIn(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'docex-exports-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
  const options: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, noLib: true, types: [] };
  const program = ts.createProgram({ rootNames: Object.keys(files).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f)), options });
  const external = externalUses(sources(join(dir, 'bin'), /\.m?js$/), join(dir, 'lib'));
  return unusedExports(program, (f) => f.startsWith(join(dir, 'lib')), external).map((u) => `${relative(dir, u.file)}:${u.line} ${u.name}`);
}

describe('exports of generator/', () => {
  it('the walk follows named, type-only, namespace, re-exported, import-type and dynamic uses', () => {
    const found = unusedIn({
      'package.json': '{"type":"module"}',
      'lib/a.ts': [
        'export const named = 1;',
        'export type OnlyType = string;',
        'export const viaNamespace = 2;',
        'export const notViaNamespace = 3;',
        'export const reExported = 4;',
        'export interface ImportType { x: number }',
        'export const dynamic = 5;',
        'export function selfOnly(): number { return named; }',
        'export const dead = 6;',
        'export const fromBin = 7;',
        'export const thenUse = 8;',
      ].join('\n'),
      'lib/index.ts': "export { reExported } from './a.js';\nexport { named as unusedAlias } from './a.js';\n",
      'lib/other.ts': [
        "import { named } from './a.js';",
        "import type { OnlyType } from './a.js';",
        "import * as ns from './a.js';",
        "export const t: OnlyType = String(named + ns.viaNamespace);",
        "export type T = import('./a.js').ImportType;",
        "export const d = async () => (await import('./a.js')).dynamic;",
        "export const e = import('./a.js').then((m) => m.thenUse);",
      ].join('\n'),
      'lib/user.ts': "import { reExported } from './index.js';\nimport { t, d, e } from './other.js';\nimport type { T } from './other.js';\nexport const all: [number, string, unknown, unknown, T?] = [reExported, t, d, e];\n",
      'lib/whole.ts': "import * as whole from './user.js';\nconsole.log(whole);\n",
      'bin/run.mjs': "const { fromBin } = await import('../dist/generator/a.js');\nconsole.log(fromBin);\n",
    });
    expect(found).toEqual(['lib/a.ts:4 notViaNamespace', 'lib/a.ts:8 selfOnly', 'lib/a.ts:9 dead', 'lib/index.ts:2 unusedAlias']);
  });

  it('are each used by another file (tests count), checked in one Program', () => {
    const started = performance.now();
    const generatorDir = join(repoRoot, 'generator');
    const program = repoProgram();
    const outside = [
      ...sources(join(repoRoot, 'bin'), /\.m?js$/),
      ...sources(join(repoRoot, 'bench'), /\.m?js$/),
      ...sources(join(repoRoot, 'scripts'), /\.m?js$/),
      ...sources(join(repoRoot, 'test'), /\.(m?js|ts)$/),
      ...sources(generatorDir, /\.ts$/),
      join(repoRoot, 'redocly.yaml'),
    ];
    const found = unusedExports(program, (f) => f.startsWith(`${generatorDir}/`), externalUses(outside, generatorDir))
      .map((u) => `${relative(repoRoot, u.file)}:${u.line} ${u.name}`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`exports check: ${program.getSourceFiles().length} files in ${seconds} s`);
    expect(program.getSourceFiles().filter((f) => f.fileName.startsWith(generatorDir)).length).toBeGreaterThan(100);
    expect(found, `exported but used only in their own file (un-export them, or delete what is dead):\n${found.join('\n')}`).toEqual([]);
  });
});
