// What the emitters print TypeScript with: ts-morph's statement structures, one printStructure() per file. The
// printer itself is loaded on the TypeScript thread (typescript/printer.ts); emitters get it as an argument.
import type { StatementStructures, WriterFunction } from 'ts-morph';

export type Statement = string | WriterFunction | StatementStructures;
export type TsMorph = typeof import('ts-morph');

export interface Printer {
  /** The file's text from its statements (no banner; the caller prepends the handlebars one). */
  print(statements: readonly Statement[]): string;
  /** ts-morph itself, for its StructureKind. */
  readonly tsMorph: TsMorph;
}
