// Prints whole files from ts-morph statement structures: one printStructure() per file, nothing edited node by node.
// printStructure writes the structures with ts-morph's structure printers into a CodeBlockWriter, exactly what
// Project.createSourceFile(path, structure) prints, without parsing that text into a SourceFile afterwards (on
// GitHub's description the parse and wrapping were 3/4 of printing; the syntax gate parses every file once anyway).
// ts-morph is imported here only, and lazily, so the commands that never emit TypeScript (lint, diff, sandbox) never
// load it. The settings are fixed so the same structures always print the same bytes.
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { requireCached } from '../util/compile-cache.js';
import type { PrintStructureOptions, StatementStructures, ts, WriterFunction } from 'ts-morph';

const require = createRequire(import.meta.url);

export type Statement = string | WriterFunction | StatementStructures;
export type TsMorph = typeof import('ts-morph');

export interface Printer {
  /** The file's text from its statements (no banner; the caller prepends the handlebars one). */
  print(statements: readonly Statement[]): string;
  /** A TypeScript text parsed (syntax only, no parent pointers) with ts-morph's TypeScript, for reading a surface. */
  parse(path: string, text: string): ts.SourceFile;
  readonly tsMorph: TsMorph;
}

/** Two spaces, LF, single quotes, `{ a }`: what the Project's manipulation settings said before. */
const SETTINGS: PrintStructureOptions = {
  indentNumberOfSpaces: 2,
  useTabs: false,
  newLine: '\n',
  useSingleQuote: true,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
};

/**
 * ts-morph runs on the pinned typescript, the one openapi-typescript loads, not on the copy @ts-morph/common
 * bundles (TypeScript 6.0, 9 MB): loading a second TypeScript cost ~0.45 s of CPU per run, half of all that
 * printing GitHub's client costs. The structure printers and the parser are all docex uses of it, and the golden
 * files show they print the same bytes on either. Done through require.cache, which Node documents as writable;
 * if @ts-morph/common is laid out otherwise, ts-morph just loads its own copy.
 */
function shareTypeScript(): void {
  try {
    const common = createRequire(require.resolve('ts-morph')).resolve('@ts-morph/common');
    const bundled = join(dirname(common), 'typescript.js');
    if (require.cache[bundled]) return;
    const shared = new Module(bundled);
    shared.filename = bundled;
    shared.loaded = true;
    shared.exports = requireCached('typescript');
    require.cache[bundled] = shared;
  } catch {
    // ts-morph's own copy, as without this.
  }
}

let loading: Promise<Printer> | undefined;

export function loadPrinter(): Promise<Printer> {
  loading ??= (async () => {
    shareTypeScript();
    // require(), not import(): Node would scan ts-morph's CommonJS source for its export names first (~0.1 s).
    // ts-morph's own 3 MB library first, so that ts-morph's require() of it gets the cached one.
    requireCached('@ts-morph/common', createRequire(require.resolve('ts-morph')));
    const tsMorph = requireCached<TsMorph>('ts-morph');
    const { printStructure, StructureKind, ts } = tsMorph;
    return {
      tsMorph,
      print: (statements) => printStructure({ kind: StructureKind.SourceFile, statements: [...statements] }, SETTINGS),
      // No parent pointers (a third of the parse of GitHub's schema.ts): the surface reader passes the file to getText.
      parse: (path, text) => ts.createSourceFile(path, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.TS),
    };
  })();
  return loading;
}
