// The line of a JSON pointer in a YAML or JSON file (the deepest key of it that exists), for messages that name a
// file and line about a document docex read without positions (a bundled one).
import { readFileSync } from 'node:fs';
import { LineCounter, isMap, isNode, isScalar, isSeq, parseDocument, type Node } from 'yaml';

export interface LinedFile {
  root: Node | null;
  counter: LineCounter;
}

/** The file parsed with positions; undefined when it cannot be read. */
export function linedFile(file: string, text?: string): LinedFile | undefined {
  try {
    const counter = new LineCounter();
    const doc = parseDocument(text ?? readFileSync(file, 'utf8'), { lineCounter: counter, uniqueKeys: false });
    return { root: doc.contents, counter };
  } catch {
    return undefined;
  }
}

/**
 * Line of the deepest key of `pointer` (its segments) in a file. A JSON file is scanned once, without building a tree:
 * the YAML parser's positions cost a large JSON document far more time and memory than its generation
 * (see bench/README.md#behind-the-design-decisions).
 */
export function pointerLine(file: string, pointer: string[]): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  if (!text.trimStart().startsWith('{')) {
    const lined = linedFile(file, text);
    return lined && lineOf(lined, pointer);
  }
  // Each key of the pointer is looked for among the members of the previous one's value: at one level deeper.
  let depth = 0;
  let want = 0;
  let line = 1;
  let found: number | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (--depth <= want) return found;
    } else if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth !== want + 1 || !/^\s*:/.test(text.slice(i + 1, i + 64))) continue;
      let key: unknown;
      try {
        key = JSON.parse(text.slice(start, i + 1));
      } catch {
        return found;
      }
      if (key !== pointer[want]) continue;
      found = line;
      if (++want === pointer.length) return found;
    }
  }
  return found;
}

/** Line of the deepest key of `pointer` (its segments) that exists. */
export function lineOf(src: LinedFile, pointer: string[]): number | undefined {
  let node: unknown = src.root;
  let line: number | undefined;
  for (const seg of pointer) {
    if (isSeq(node)) {
      // An item of a sequence (`parameters/1`): its own line, where it starts.
      const item = /^\d+$/.test(seg) ? node.items[Number(seg)] : undefined;
      if (!isNode(item) || !item.range) break;
      line = src.counter.linePos(item.range[0]).line;
      node = item;
      continue;
    }
    if (!isMap(node)) break;
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === seg);
    if (!pair || !isScalar(pair.key) || !pair.key.range) break;
    line = src.counter.linePos(pair.key.range[0]).line;
    node = pair.value;
  }
  return line;
}
