// Prints whole files from ts-morph statement structures: one printStructure() per file, nothing edited node by node.
// printStructure writes the structures with ts-morph's structure printers into a CodeBlockWriter, exactly what
// Project.createSourceFile(path, structure) prints, without parsing that text into a SourceFile afterwards (on
// GitHub's description the parse and wrapping were 3/4 of printing; the syntax gate parses every file once anyway).
// ts-morph is loaded here only, and lazily, so the commands that never emit TypeScript (lint, diff, sandbox) never
// load it. The settings are fixed so the same structures always print the same bytes.
import type { PrintStructureOptions, ts } from 'ts-morph';
import type { Printer, TsMorph } from '../emit/print.js';
import { requireCached } from './compile-cache.js';
import { fromTsMorph, shareTypeScript } from './internals.js';

/** The emitters' printer, and a parser for reading surfaces back. */
export interface LoadedPrinter extends Printer {
  /** A TypeScript text parsed (syntax only, no parent pointers) with ts-morph's TypeScript, for reading a surface. */
  parse(path: string, text: string): ts.SourceFile;
}

/** Two spaces, LF, single quotes, `{ a }`: what the Project's manipulation settings said before. */
const SETTINGS: PrintStructureOptions = {
  indentNumberOfSpaces: 2,
  useTabs: false,
  newLine: '\n',
  useSingleQuote: true,
  insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
};

let loading: Promise<LoadedPrinter> | undefined;

export function loadPrinter(): Promise<LoadedPrinter> {
  loading ??= (async () => {
    shareTypeScript();
    // require(), not import(): Node would scan ts-morph's CommonJS source for its export names first.
    // ts-morph's own 3 MB library first, so that ts-morph's require() of it gets the cached one.
    requireCached('@ts-morph/common', fromTsMorph());
    const tsMorph = requireCached<TsMorph>('ts-morph');
    const { printStructure, StructureKind, ts } = tsMorph;
    return {
      tsMorph,
      print: (statements) => printStructure({ kind: StructureKind.SourceFile, statements: [...statements] }, SETTINGS),
      // No parent pointers (a large part of the parse): the surface reader passes the file to getText.
      parse: (path, text) => ts.createSourceFile(path, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.TS),
    };
  })();
  return loading;
}
