// The last gate before anything is written: every emitted .ts file must parse. Syntax only (no type-check), so it
// costs a parse; a file that fails is a generator bug, reported with the document it came from.
import { createRequire } from 'node:module';
import { DocexError } from '../util/errors.js';
import type { OutputTree } from './tree.js';

const require = createRequire(import.meta.url);
const ts = require('typescript') as typeof import('typescript');

/** The first syntax error of a TypeScript text, as `line:col message`, or undefined. */
export function syntaxError(path: string, text: string): string | undefined {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  // parseDiagnostics: the parser's own diagnostics, what a program's getSyntacticDiagnostics returns for a .ts file.
  const diagnostics = (file as unknown as { parseDiagnostics: readonly import('typescript').Diagnostic[] }).parseDiagnostics;
  const d = diagnostics[0];
  if (!d) return undefined;
  const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
  return `${line + 1}:${character + 1} ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`;
}

/** Throws (exit 2) at the first emitted file of `paths` that does not parse, naming it and its document. */
export function checkSyntax(tree: OutputTree, paths: Iterable<string>, document: string): void {
  for (const path of paths) {
    if (!path.endsWith('.ts')) continue;
    const error = syntaxError(path, tree.get(path)!);
    if (error) throw new DocexError(`generator bug: the emitted ${path} does not parse (${error}); nothing was written. Please report it with the document`, 2, document);
  }
}
