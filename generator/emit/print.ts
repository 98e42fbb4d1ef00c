// What the emitters print TypeScript with: ts-morph's statement structures, one printStructure() per file. The
// printer itself is loaded on the TypeScript thread (typescript/printer.ts); emitters get it as an argument. And the
// few helpers every emitter writes text with.
import type { JSDocStructure, OptionalKind, StatementStructures, WriterFunction } from 'ts-morph';

export type Statement = string | WriterFunction | StatementStructures;
export type TsMorph = typeof import('ts-morph');
/** ts-morph's StructureKind, as the printer's ts-morph has it. */
export type Kinds = TsMorph['StructureKind'];

export interface Printer {
  /** The file's text from its statements (no banner; emitApi prepends it). */
  print(statements: readonly Statement[]): string;
  /** ts-morph itself, for its StructureKind. */
  readonly tsMorph: TsMorph;
}

/** A single-quoted TypeScript string literal: the one quote style of the generated files. */
export const q = (s: string) => `'${JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;

/** The `docs` of a structure: none, or one JSDoc block. As its text, not a JSDocStructure: ts-morph prints a text
 *  as it is, where a structure's description goes through a writer of its own first, to the same text. */
export function docs(description: string | undefined): (OptionalKind<JSDocStructure> | string)[] | undefined {
  return description === undefined ? undefined : [description];
}

/** A line comment's text: one line, whatever the document holds. */
export const lineComment = (s: string) => `// ${s.replace(/[\r\n\u2028\u2029]+/g, ' ')}`;

export const upperFirst = (s: string) => s[0]!.toUpperCase() + s.slice(1);
