// Where each node of a JSON document starts, for problem positions without a YAML AST. Redocly finds a problem's line
// in the AST yaml-ast-parser builds of the whole file; of a 13 MB JSON description that costs more than every docex
// rule together. A JSON text's nodes start where yaml-ast-parser's do (a string at its quote, a container at its
// bracket, a key at its quote), so one pass checks that the text is strict JSON and pairs its brackets, and each
// object or array on a problem's path has its members read once. Any text that is not strict JSON (YAML, JSON with
// comments or trailing commas, a key and its colon on two lines) gets no index: positions.ts asks the AST.

const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a];
const [OPEN_OBJECT, CLOSE_OBJECT, OPEN_ARRAY, CLOSE_ARRAY] = [0x7b, 0x7d, 0x5b, 0x5d];
const [SPACE, TAB, LF, CR] = [0x20, 0x09, 0x0a, 0x0d];

function isSpace(c: number): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB;
}

/** The characters of a bare JSON value (a number, true, false, null), which YAML reads as one plain scalar. */
function isBare(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2d || c === 0x2b || c === 0x2e;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
}

/** JSON's escapes after a backslash: " \ / b f n r t (u is checked apart). */
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** The offset just past the string that opens at `start`, or -1 if it is not a strict JSON string. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < SPACE) return -1;
    if (c !== BACKSLASH) continue;
    const e = text.charCodeAt(++i);
    if (e === 0x75) {
      for (let k = 0; k < 4; k++) if (!isHex(text.charCodeAt(++i))) return -1;
    } else if (!SIMPLE_ESCAPES.has(e)) return -1;
  }
  return -1;
}

/** The offset just past the string at `start` in a text pairBrackets checked: its first quote not escaped. */
function checkedStringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1);
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(quote - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
}

function bareEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && isBare(text.charCodeAt(i))) i++;
  return i;
}

/** A number, true, false or null, matched where it starts (sticky: no copy of the text). */
const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

/** The offset just past the literal at `start`, or -1 if the bare run there is not exactly one JSON literal. */
function literalEnd(text: string, start: number): number {
  const end = bareEnd(text, start);
  LITERAL.lastIndex = start;
  return LITERAL.test(text) && LITERAL.lastIndex === end ? end : -1;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** What the scan expects next. */
const enum Next {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  End,
}

/** Each container's closing offset by its opening one, if `text` is one strict JSON object; undefined otherwise. */
function pairBrackets(text: string): Map<number, number> | undefined {
  const closes = new Map<number, number>();
  const open: number[] = [];
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_OBJECT) return undefined;
  let next = Next.Value;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      // YAML reads a key only with its colon on the same line.
      if (next === Next.Colon && (c === LF || c === CR)) return undefined;
      continue;
    }
    if (next === Next.End) return undefined;
    if (next === Next.Colon) {
      if (c !== COLON) return undefined;
      next = Next.Value;
    } else if (next === Next.CommaOrClose || ((next === Next.KeyOrClose || next === Next.ValueOrClose) && (c === CLOSE_OBJECT || c === CLOSE_ARRAY))) {
      const top = open[open.length - 1];
      const inObject = top !== undefined && text.charCodeAt(top) === OPEN_OBJECT;
      if (c === COMMA && next === Next.CommaOrClose) next = inObject ? Next.Key : Next.Value;
      else if (top !== undefined && c === (inObject ? CLOSE_OBJECT : CLOSE_ARRAY)) {
        closes.set(top, i);
        open.pop();
        next = open.length === 0 ? Next.End : Next.CommaOrClose;
      } else return undefined;
    } else if (next === Next.Key || next === Next.KeyOrClose) {
      if (c !== QUOTE) return undefined;
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      i = end - 1;
      next = Next.Colon;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      open.push(i);
      next = c === OPEN_OBJECT ? Next.KeyOrClose : Next.ValueOrClose;
    } else if (c === QUOTE) {
      const end = stringEnd(text, i);
      if (end < 0) return undefined;
      i = end - 1;
      next = Next.CommaOrClose;
    } else if (isBare(c)) {
      const end = literalEnd(text, i);
      if (end < 0) return undefined;
      i = end - 1;
      next = Next.CommaOrClose;
    } else return undefined;
  }
  return next === Next.End ? closes : undefined;
}

/** A node of the document: where it starts, and where its key starts when it is an object member's value. */
export interface JsonNode {
  readonly start: number;
  readonly key?: number;
  /** An object's members (the first of a repeated key), read on the first lookup. */
  members?: Map<string, JsonNode>;
  /** An array's items, read on the first lookup. */
  items?: JsonNode[];
}

export class JsonOffsets {
  readonly root: JsonNode;

  private constructor(
    private readonly text: string,
    private readonly closes: Map<number, number>,
  ) {
    this.root = { start: skipSpace(text, 0) };
  }

  /** The index of `text`, or undefined when it is not strict JSON. */
  static of(text: string): JsonOffsets | undefined {
    const closes = pairBrackets(text);
    return closes && new JsonOffsets(text, closes);
  }

  isObject(node: JsonNode): boolean {
    return this.text.charCodeAt(node.start) === OPEN_OBJECT;
  }

  isArray(node: JsonNode): boolean {
    return this.text.charCodeAt(node.start) === OPEN_ARRAY;
  }

  /** An object's member `key` (the first, if the key repeats). */
  member(object: JsonNode, key: string): JsonNode | undefined {
    return (object.members ??= this.readMembers(object.start)).get(key);
  }

  /** An array's items. */
  itemsOf(array: JsonNode): JsonNode[] {
    return (array.items ??= this.readItems(array.start));
  }

  private valueEnd(start: number): number {
    const c = this.text.charCodeAt(start);
    if (c === OPEN_OBJECT || c === OPEN_ARRAY) return this.closes.get(start)! + 1;
    if (c === QUOTE) return checkedStringEnd(this.text, start);
    return bareEnd(this.text, start);
  }

  // The text was checked by pairBrackets: the readers below only step through it.
  private readMembers(open: number): Map<string, JsonNode> {
    const { text } = this;
    const index = new Map<string, JsonNode>();
    for (let i = skipSpace(text, open + 1); text.charCodeAt(i) === QUOTE; ) {
      const keyEnd = checkedStringEnd(text, i);
      const raw = text.slice(i + 1, keyEnd - 1);
      const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd)) as string) : raw;
      const start = skipSpace(text, skipSpace(text, keyEnd) + 1);
      if (!index.has(key)) index.set(key, { start, key: i });
      i = skipSpace(text, this.valueEnd(start));
      if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
    }
    return index;
  }

  private readItems(open: number): JsonNode[] {
    const { text } = this;
    const list: JsonNode[] = [];
    for (let i = skipSpace(text, open + 1); text.charCodeAt(i) !== CLOSE_ARRAY; ) {
      list.push({ start: i });
      i = skipSpace(text, this.valueEnd(i));
      if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
    }
    return list;
  }
}
