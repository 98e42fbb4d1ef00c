// The line of a JSON pointer in a YAML or JSON file (the deepest key of it that exists), for messages that name a
// file and line about a document docex read without positions (a bundled one).
import { readFileSync } from 'node:fs';
import { LineCounter, isMap, isScalar, parseDocument, type Node } from 'yaml';

export interface LinedFile {
  root: Node | null;
  counter: LineCounter;
}

/** The file parsed with positions; undefined when it cannot be read. */
export function linedFile(file: string): LinedFile | undefined {
  try {
    const counter = new LineCounter();
    const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: counter, uniqueKeys: false });
    return { root: doc.contents, counter };
  } catch {
    return undefined;
  }
}

/** Line of the deepest key of `pointer` (its segments) that exists. */
export function lineOf(src: LinedFile, pointer: string[]): number | undefined {
  let node: unknown = src.root;
  let line: number | undefined;
  for (const seg of pointer) {
    if (!isMap(node)) break;
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === seg);
    if (!pair || !isScalar(pair.key) || !pair.key.range) break;
    line = src.counter.linePos(pair.key.range[0]).line;
    node = pair.value;
  }
  return line;
}
