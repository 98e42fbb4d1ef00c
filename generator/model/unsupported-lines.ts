// The warnings of what a document holds that docex does not carry (conventions/unsupported.ts), as every command
// prints them: `file:line: message`, the file as the command was given it (never the document's `$self`), and the
// failure `--strict` makes of them.
import type { OpenApiDocument } from '../load/index.js';
import { displayPath } from '../util/display-path.js';
import { DocexError } from '../util/errors.js';
import { unescapePointer } from '../util/json.js';
import { pointerLine } from '../util/lines.js';
import { documentContext, documentRoot, unsupportedConstructs } from './conventions/index.js';
import type { SourceRef } from './types.js';

/** The exit code of a command that `--strict` (or `strict: true` in docex.config.json) stops on such a warning. */
export const STRICT_EXIT = 3;

/** One located warning about the bundled document read from `file`: its file as shown and the line of its pointer. */
export function locatedLine(file: string, at: Pick<SourceRef, 'pointer'>, message: string): string {
  const line = pointerLine(file, at.pointer.replace(/^#\/?/, '').split('/').filter(Boolean).map(unescapePointer));
  return `${displayPath(file)}${line ? `:${line}` : ''}: ${message}`;
}

/** The constructs of a bundled document that docex does not carry, one line each. */
export function unsupportedLines(doc: OpenApiDocument, file: string): string[] {
  return unsupportedConstructs(documentContext(doc, file), documentRoot(doc, file)).map((u) => locatedLine(file, u.at, u.message));
}

/** Under `--strict`, the failure of a run that met `count` such warnings (none without them). */
export function strictFailure(strict: boolean, count: number): DocexError | undefined {
  if (!strict || count === 0) return undefined;
  return new DocexError(`--strict: ${count} construct${count === 1 ? '' : 's'} of the documents docex does not carry (the warnings above)`, STRICT_EXIT);
}
