// Source lines for annotations: where a change sits in the HEAD file (the nearest enclosing key that still exists).
// Only the root file is searched; components pulled in from other files are annotated on the file alone.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { LineCounter, isMap, isScalar, parseDocument, type Node } from 'yaml';
import type { ComparedApi } from './trees.js';
import type { Change } from './types.js';

interface Source {
  display: string;
  root: Node | null;
  counter: LineCounter;
}

function load(file: string): Source | undefined {
  try {
    const counter = new LineCounter();
    const doc = parseDocument(readFileSync(file, 'utf8'), { lineCounter: counter, uniqueKeys: false });
    return { display: relative(process.cwd(), file) || file, root: doc.contents, counter };
  } catch {
    return undefined;
  }
}

/** Line of the deepest key of `pointer` that exists. */
function lineOf(src: Source, pointer: string[]): number | undefined {
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

function pointerOf(change: Change): string[] {
  const loc = change.location;
  const comp = /^components\.(schemas|securitySchemes)\.([^.[]+)/.exec(loc);
  if (comp) return ['components', comp[1]!, comp[2]!];
  const op = /^([A-Z]+) (.+)$/.exec(change.operation);
  if (!op) return [];
  const method = op[1]!.toLowerCase();
  const path = op[2]!;
  const base = path.startsWith('webhook ') ? ['webhooks', path.slice(8), method] : ['paths', path, method];
  const status = /^responses\.([^.[]+)/.exec(loc);
  if (status) return [...base, 'responses', status[1]!];
  if (loc.startsWith('requestBody')) return [...base, 'requestBody'];
  if (loc.startsWith('paths.') && !loc.endsWith(`.${method}`)) return base.slice(0, 2);
  return base;
}

/** Fills `file` and `line` of each change from the compared files. */
export function annotateLines(changes: Change[], apis: ComparedApi[]): void {
  const cache = new Map<string, Source | undefined>();
  const source = (file: string): Source | undefined => {
    if (!cache.has(file)) cache.set(file, load(file));
    return cache.get(file);
  };
  const byApi = new Map(apis.map((a) => [a.api, a]));
  for (const change of changes) {
    const api = byApi.get(change.api);
    // HEAD only: a removed API's file no longer exists in the working tree (or lived in a temp checkout).
    const file = api?.headFile;
    if (!file) continue;
    const src = source(file);
    change.file = src?.display ?? file;
    if (!src) continue;
    const line = lineOf(src, pointerOf(change));
    if (line !== undefined) change.line = line;
  }
}
