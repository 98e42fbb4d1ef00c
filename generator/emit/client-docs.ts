// The doc comments of client.ts: what an editor shows on hover. Methods: summary, HTTP line, description, @throws
// with the class of each error status the document declares, @deprecated with the sunset date, a link to the
// reference section. Parameters and `body`: the document's words in the form schema.ts gives them (`@description`,
// `@example`...), so that a parameter and a body property hover alike.
import { errorStatuses, type BodyModel, type OperationModel, type ParamModel, type Paging } from '../model/index.js';
import { pagingOf } from './client-features.js';
import { errorClassName } from '../../templates/runtime/errors.js';

/** JSDoc lines, one comment: control characters are dropped, then `*\/` escaped (in the other order, `*\x01/` would
 *  become a comment end); so document text cannot close it. */
export function jsdocText(lines: (string | undefined)[]): string | undefined {
  const text = lines
    .filter((l): l is string => l !== undefined)
    .flatMap((l) => l.split(/\r?\n|\r|\u2028|\u2029/))
    .map((l) => l.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]/g, '').replace(/\*\//g, '*\\/').trimEnd());
  // Blank lines separate paragraphs; never two in a row, none first or last.
  const out = text.filter((l, i) => l || (i > 0 && text[i - 1]));
  while (out.length && !out[out.length - 1]) out.pop();
  while (out.length && !out[0]) out.shift();
  return out.length ? out.join('\n') : undefined;
}

/** A JSON value as openapi-typescript writes it in a doc comment (objects indented, the rest as text). */
const shown = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v, null, 2) : String(v)).trim();

/** A bound as a doc-comment tag (`@maximum 100`), one line, `*\/` unable to close the comment: the same in schema.ts's
 *  doc comments and client.ts's, so that a parameter and a body property hover alike. */
export const boundTag = ([k, v]: [string, number | string]) => `@${k} ${String(v).replace(/[\r\n\u2028\u2029]+/g, ' ').replace(/\*\//g, '*\\/')}`;

/** A parameter's doc comment as openapi-typescript writes one in schema.ts, with docex's notes (model/value-notes.ts). */
export function paramDoc(p: ParamModel): string | undefined {
  return jsdocText([
    p.deprecated ? '@deprecated' : undefined,
    p.description ? `@description ${p.description.trim()}` : undefined,
    p.default !== undefined ? `@default ${shown(p.default)}` : undefined,
    p.example !== undefined ? `@example ${shown(p.example)}` : undefined,
    ...(p.bounds ?? []).map(boundTag),
  ]);
}

/** `body`: the request body's description, else its schema's. */
export const bodyDoc = (b: BodyModel) => jsdocText([b.description ? `@description ${b.description.trim()}` : undefined]);

/** `GET /documents/{documentId}`, as code. */
const httpLine = (op: OperationModel) => `\`${op.method} ${op.path.replace(/`/g, "'")}\``;

/** `@throws NotFoundError 404`: one line per class, the document's statuses that raise it, in document order. The
 *  class is a word, not a `{type}`: tsserver parses a tag's type expression in every doc comment, and that is most of
 *  what a tag costs it; the hover shows the same words. What a success without its declared body throws is said once,
 *  on the client interface: a tag on every method cost tsserver more to parse than any other line of client.ts's. */
function throwsLines(op: OperationModel): string[] {
  const byClass = new Map<string, string[]>();
  for (const status of errorStatuses(op)) {
    const name = errorClassName(status);
    byClass.set(name, [...(byClass.get(name) ?? []), status]);
  }
  return [...byClass].map(([name, statuses]) => `@throws ${name} ${statuses.join(', ')}`);
}

/** `@deprecated`, with the day it may be removed when `x-sunset` gives one. */
const deprecatedLine = (op: OperationModel) => (op.deprecated ? `@deprecated${op.sunset ? ` Sunset ${op.sunset}: may be removed from that day.` : ''}` : undefined);

/** The reference link, as text an editor links: tsc parses every doc comment holding `@see` or `@link` (to find the
 *  imports they use), and skips the others. */
const referenceLine = (op: OperationModel) => (op.docsUrl ? `Reference: ${op.docsUrl}` : undefined);

/** The summary, unless the description starts with it (the model takes a missing summary from there). */
const heading = (op: OperationModel) => (op.summary && !op.description?.trimStart().startsWith(op.summary) ? op.summary : undefined);

/** A method's doc comment; `note`: a sentence about this signature (NotModified). */
export function methodDoc(op: OperationModel, note?: string): string | undefined {
  const paragraphs = [heading(op), httpLine(op), op.description, note, referenceLine(op)].filter((p) => p !== undefined).flatMap((p, i) => (i ? ['', p] : [p]));
  return jsdocText([...paragraphs, ...throwsLines(op), deprecatedLine(op)]);
}

/** A body path as a reader writes it: `response_metadata.next_cursor`, or `the body`. */
const path = (p: readonly string[]) => (p.length ? `\`${p.join('.')}\`` : 'the body');

/** How pages() and all() walk the operation's pages by its style (the runtime's pagination.ts), in a sentence. */
function styleSentence(p: Paging): string {
  switch (p.style) {
    case 'offset':
      return `moves \`${p.offset}\` (default 0) by the items received, and stops at ${p.total ? `${path(p.total)}, ` : ''}an empty or short page, or a page the same as the one before (a server ignoring the offset).`;
    case 'page':
      return `counts \`${p.page}\` up from ${p.first}, and stops at an empty or short page, or a page the same as the one before.`;
    case 'cursor':
      return `sends the cursor at ${path(p.next)} as \`${p.cursor}\`, and stops where it is missing or empty${p.hasMore ? ` or ${path(p.hasMore)} is false` : ''}.`;
    case 'item-cursor':
      return `sends the last item's ${path(p.itemId)} as \`${p.cursor}\` while ${path(p.hasMore)} is true.`;
    case 'next-url':
      return `follows the URL at ${path(p.next)}, on the first page's origin only, and stops where it is missing or empty.`;
    case 'link':
      return 'follows the `Link` header\'s rel="next" target, on the first page\'s origin only, and stops where there is none.';
  }
}

function walk(op: OperationModel): string {
  const p = pagingOf(op)!;
  const size = p.style === 'offset' ? p.limit : p.size;
  const how = styleSentence(p);
  const sentence = size ? `Asks for \`${size}\` items a page${p.limitMax === undefined ? '' : ` (at most ${p.limitMax})`}; ${how}` : how.charAt(0).toUpperCase() + how.slice(1);
  const twice = p.style === 'cursor' || p.style === 'item-cursor' ? ', a cursor given twice' : p.style === 'next-url' || p.style === 'link' ? ', a URL given twice or one on another origin' : '';
  return `${sentence} More than \`maxPages\` pages (default 1000)${twice} throws PaginationError.`;
}

/** all(): every item. */
export function allDoc(op: OperationModel): string | undefined {
  return jsdocText([`Every item of ${op.access.join('.')}() (${httpLine(op)}), page after page: yields each item of ${path(pagingOf(op)!.items)}, one page in memory at a time.`, walk(op), ...throwsLines(op), deprecatedLine(op)]);
}

/** pages(): every page. How the pages are walked is said once, on all(): the sentence twice on every paging method of
 *  a large document was a tenth of client.ts's bytes for tsserver to parse. */
export function pagesDoc(op: OperationModel): string | undefined {
  return jsdocText([`Every page of ${op.access.join('.')}() (${httpLine(op)}): yields each page as ${op.access.join('.')}() returns it, with \`hasNextPage()\` and \`getNextPage()\`. Walks the pages as all() does.`, ...throwsLines(op), deprecatedLine(op)]);
}

/** The client interface: what every method may throw besides the statuses its document declares. */
export function clientDoc(title: string, rawFactory: string): string | undefined {
  return jsdocText([
    title ? `Client of ${title}.` : undefined,
    `One method per operation; \`${rawFactory}\` of ./raw.js gives the openapi-fetch client for path-based calls.`,
    'Each method lists the statuses its document declares as @throws; any other error status throws ApiError, or its subclass for that status.',
    '@throws NetworkError No response (DNS, connection refused or reset, CORS); `cause` holds the platform error.',
    '@throws RedirectError A request carrying a credential was redirected to another origin (in a browser: at all): not followed.',
    '@throws TimeoutError The call, all attempts included, took longer than `timeoutMs`.',
    '@throws UnexpectedBodyError A success whose body is not the one its document declares (missing, another media type, JSON that does not parse).',
    '@throws OutcomeUnknownError A DELETE, or a write with `If-Match`, that may have been applied with no answer saying whether it was (not retried): read the resource before writing again.',
  ]);
}
