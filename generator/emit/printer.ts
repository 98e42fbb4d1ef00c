// Prints whole files from ts-morph statement structures: one createSourceFile per file, nothing edited node by node.
// ts-morph is imported here only, and lazily, so the commands that never emit TypeScript (lint, diff, sandbox) never
// load it. The settings are fixed so the same structures always print the same bytes.
import type { StatementStructures, ts, WriterFunction } from 'ts-morph';

export type Statement = string | WriterFunction | StatementStructures;
export type TsMorph = typeof import('ts-morph');

export interface Printer {
  /** The file's text from its statements (no banner; the caller prepends the handlebars one). */
  print(statements: readonly Statement[]): string;
  /** A TypeScript text parsed (syntax only) by ts-morph, for reading a previous output back. */
  parse(path: string, text: string): ts.SourceFile;
  readonly tsMorph: TsMorph;
}

let loading: Promise<Printer> | undefined;

export function loadPrinter(): Promise<Printer> {
  loading ??= (async () => {
    const tsMorph = await import('ts-morph');
    const { IndentationText, NewLineKind, Project, QuoteKind } = tsMorph;
    const project = new Project({
      useInMemoryFileSystem: true,
      skipLoadingLibFiles: true,
      manipulationSettings: {
        indentationText: IndentationText.TwoSpaces,
        newLineKind: NewLineKind.LineFeed,
        quoteKind: QuoteKind.Single,
        useTrailingCommas: false,
        insertSpaceAfterOpeningAndBeforeClosingNonemptyBraces: true,
      },
    });
    return {
      tsMorph,
      print(statements) {
        const file = project.createSourceFile('/emit.ts', { statements: [...statements] }, { overwrite: true });
        const text = file.getFullText();
        project.removeSourceFile(file);
        return text;
      },
      parse(path, text) {
        const file = project.createSourceFile(path, text, { overwrite: true });
        const node = file.compilerNode;
        project.removeSourceFile(file);
        return node;
      },
    };
  })();
  return loading;
}
