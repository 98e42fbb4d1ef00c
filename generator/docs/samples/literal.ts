// Values printed as TypeScript the way a person writes them: single quotes, bare keys, short objects on one line.

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const WIDTH = 100;

/** Words a variable may not be named (ES2022 reserved words, strict mode and module code included). */
const RESERVED = new Set(
  ('await break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if implements import in instanceof interface let new null package private protected public return static ' +
    'super switch this throw true try typeof var void while with yield arguments eval undefined').split(' '),
);

/** `name` when a variable may be called so and `taken` does not hold it; else undefined. */
export function variable(name: string, taken: ReadonlySet<string>): string | undefined {
  return IDENTIFIER.test(name) && !RESERVED.has(name) && !taken.has(name) ? name : undefined;
}

/** Text for a comment: on one line (a line break, U+2028 and U+2029 included, would end the comment and start code). */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/** `'it\'s'`: a single-quoted string literal, every character outside printable ASCII escaped. */
export function quote(s: string): string {
  return `'${s.replace(/[\\']/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => escapeChar(c))}'`;
}

function escapeChar(c: string): string {
  const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
  return named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

function key(name: string): string {
  return IDENTIFIER.test(name) ? name : quote(name);
}

/** A JSON-like value as a TypeScript expression, indented for a line that starts at `indent`. */
export function literal(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return quote(value);
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return block('[', ']', value.map((v) => literal(v, `${indent}  `)), indent);
  return object(Object.entries(value).map(([k, v]) => [key(k), literal(v, `${indent}  `)]), indent);
}

/** An object literal from entries of already printed code (`[key, code]`; a key alone when the code is the key). */
export function object(entries: [string, string][], indent = ''): string {
  return block('{', '}', entries.map(([k, code]) => (k === code ? k : `${k}: ${code}`)), indent, ' ');
}

function block(open: string, close: string, items: string[], indent: string, pad = ''): string {
  if (items.length === 0) return `${open}${close}`;
  const inline = `${open}${pad}${items.join(', ')}${pad}${close}`;
  if (!inline.includes('\n') && indent.length + inline.length <= WIDTH) return inline;
  return `${open}\n${items.map((i) => `${indent}  ${i},`).join('\n')}\n${indent}${close}`;
}
