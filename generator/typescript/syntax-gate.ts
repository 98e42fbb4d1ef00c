// The last gate before anything is written: every emitted .ts file must parse (schema.ts, client.ts, raw.ts,
// index.ts and the copied runtime/token templates). Syntax only, no type-check: a file that fails is a generator
// bug, reported with the document it came from. It runs on the TypeScript thread (thread.ts), with the
// pinned typescript that openapi-typescript uses there.
import { createRequire } from 'node:module';
import { DocexError } from '../util/errors.js';

const require = createRequire(import.meta.url);
// Required on first use: the main thread imports this module for unparsable() only, and must not load typescript.
let loaded: typeof import('typescript') | undefined;
const typescript = () => (loaded ??= require('typescript') as typeof import('typescript'));

/** The first syntax error of a TypeScript text, as `line:col message`, or undefined. */
export function syntaxError(path: string, text: string): string | undefined {
  const ts = typescript();
  // JSDoc is not parsed (ParseNone): its errors are never syntax errors of the file (they land in jsDocDiagnostics,
  // not parseDiagnostics), and skipping it shortens the parse of a comment-heavy schema.ts (see bench/README.md#behind-the-design-decisions).
  const file = ts.createSourceFile(path, text, { languageVersion: ts.ScriptTarget.ES2022, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.TS);
  return firstSyntaxError(file);
}

/** The syntax error of an emitted JavaScript module (validators.js), or undefined: V8 compiles it as a function body
 *  (never run), its closing `export { ... };` left out, which a function body cannot hold. TypeScript's parse of a
 *  large validators.js took longer than making it. */
export function jsSyntaxError(text: string): string | undefined {
  const body = text.replace(/^export \{[\w$, ]*\};\s*$/m, '');
  try {
    new Function(`'use strict';\n${body}`);
    return undefined;
  } catch (err) {
    return err instanceof SyntaxError ? err.message : String(err);
  }
}

/** The first syntax error of a parsed file, as `line:col message`, or undefined. */
export function firstSyntaxError(file: import('typescript').SourceFile): string | undefined {
  // parseDiagnostics: the parser's own diagnostics, what a program's getSyntacticDiagnostics returns for a .ts file.
  const diagnostics = (file as unknown as { parseDiagnostics: readonly import('typescript').Diagnostic[] }).parseDiagnostics;
  const d = diagnostics[0];
  if (!d) return undefined;
  const { line, character } = file.getLineAndCharacterOfPosition(d.start ?? 0);
  return `${line + 1}:${character + 1} ${typescript().flattenDiagnosticMessageText(d.messageText, ' ')}`;
}

/** The error of an emitted file that does not parse (exit 2), naming it and its document. */
export function unparsable(path: string, error: string, document: string): DocexError {
  return new DocexError(`generator bug: the emitted ${path} does not parse (${error}); nothing was written. Please report it with the document`, 2, document);
}
