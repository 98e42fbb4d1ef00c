// Prints whole files from ts-morph statement structures: one printStructure() per file, nothing edited node by node.
// printStructure writes the structures with ts-morph's structure printers into a CodeBlockWriter, exactly what
// Project.createSourceFile(path, structure) prints, without parsing that text into a SourceFile afterwards (on
// GitHub's description the parse and wrapping were 3/4 of printing; the syntax gate parses every file once anyway).
// ts-morph is imported here only, and lazily, so the commands that never emit TypeScript (lint, diff, sandbox) never
// load it. The settings are fixed so the same structures always print the same bytes.
import type { PrintStructureOptions, StatementStructures, ts, WriterFunction } from 'ts-morph';

export type Statement = string | WriterFunction | StatementStructures;
export type TsMorph = typeof import('ts-morph');

export interface Printer {
  /** The file's text from its statements (no banner; the caller prepends the handlebars one). */
  print(statements: readonly Statement[]): string;
  /** A TypeScript text parsed (syntax only, parents set) with ts-morph's TypeScript, for reading a previous output back. */
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

let loading: Promise<Printer> | undefined;

export function loadPrinter(): Promise<Printer> {
  loading ??= (async () => {
    const tsMorph = await import('ts-morph');
    const { printStructure, StructureKind, ts } = tsMorph;
    return {
      tsMorph,
      print: (statements) => printStructure({ kind: StructureKind.SourceFile, statements: [...statements] }, SETTINGS),
      parse: (path, text) => ts.createSourceFile(path, text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, true, ts.ScriptKind.TS),
    };
  })();
  return loading;
}
