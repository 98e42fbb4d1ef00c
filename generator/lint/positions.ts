// The line and column of a lint problem, as Redocly's getLineColLocation gives them, found faster. Redocly finds a
// pointer's node by searching each mapping's keys one by one, for every problem: on GitHub's description (46,000
// problems under the docex rules, mappings of a thousand keys) that was the largest part of what docex adds to a
// Redocly lint. The same walk here, each mapping's keys indexed once. The YAML AST is Redocly's own, parsed and
// cached by the Source on the first getLineColLocation of a file; test/lint/positions.test.ts holds the two equal.
import { getLineColLocation, type LocationObject } from '@redocly/openapi-core';
import { unescapePointer } from '../util/json.js';
import { JsonOffsets, type JsonNode } from './json-offsets.js';

/** yaml-ast-parser's nodes, as far as the walk reads them (its Kind: 1 mapping, 2 map, 3 sequence). */
interface AstNode {
  kind: number;
  startPosition: number;
  endPosition: number;
  parent?: AstNode;
  mappings?: AstNode[];
  items?: (AstNode | undefined)[];
  key?: AstNode & { value?: unknown };
  value?: AstNode;
}
const CR = 0x0d;
const MAPPING = 1;
const MAP = 2;
const SEQ = 3;

type Source = LocationObject['source'];
interface Position {
  source: Source;
  line: number;
  col: number;
}

const keyIndexes = new WeakMap<AstNode, Map<unknown, AstNode>>();
const lineStarts = new WeakMap<Source, number[]>();
/** Each file's JSON index, or else its AST (null: none, Redocly's lookup answers). */
const trees = new WeakMap<Source, JsonOffsets | AstNode | null>();

/** A map's mapping of `key`: the first, as Array.find gives it. */
function mappingOf(map: AstNode, key: string): AstNode | undefined {
  let index = keyIndexes.get(map);
  if (!index) {
    index = new Map();
    for (const m of map.mappings ?? []) if (!index.has(m.key?.value)) index.set(m.key?.value, m);
    keyIndexes.set(map, index);
  }
  return index.get(key);
}

/** A pointer's segments as Redocly reads them (unescaped, then percent-decoded; empty ones dropped). */
function segments(pointer: string): string[] {
  return pointer
    .slice(2)
    .split('/')
    .map((s) => {
      const unescaped = s.includes('~') ? unescapePointer(s) : s;
      if (!unescaped.includes('%')) return unescaped;
      try {
        return decodeURIComponent(unescaped);
      } catch {
        return unescaped;
      }
    })
    .filter(Boolean);
}

/** nodeAt's walk in a JSON text: the offset of the node, or of its key. */
function offsetAt(json: JsonOffsets, pointer: string, reportOnKey: boolean): number {
  let node: JsonNode = json.root;
  for (const key of segments(pointer)) {
    if (json.isObject(node)) {
      const member = json.member(node, key);
      if (!member) break;
      node = member;
    } else if (json.isArray(node)) {
      const item = json.itemsOf(node)[parseInt(key, 10)];
      if (!item) break;
      node = item;
    }
  }
  return reportOnKey && node.key !== undefined ? node.key : node.start;
}

/** Redocly's getAstNodeByPointer, with indexed keys. */
function nodeAt(root: AstNode, pointer: string, reportOnKey: boolean): AstNode {
  let node = root;
  for (const key of segments(pointer)) {
    if (node.kind === MAP) {
      const mapping = mappingOf(node, key);
      if (!mapping) break;
      node = mapping;
      if (!mapping.value) break;
      node = mapping.value;
    } else if (node.kind === SEQ) {
      const item = node.items?.[parseInt(key, 10)];
      if (!item) break;
      node = item;
    }
  }
  if (!reportOnKey || !node.parent) return node;
  return node.parent.kind === MAPPING && node.parent.key ? node.parent.key : node;
}

/** The line and column of an offset in a file, as Redocly counts them. */
function positionAt(source: Source, offset: number): Position {
  let starts = lineStarts.get(source);
  if (!starts) {
    starts = [0];
    for (let i = source.body.indexOf('\n'); i !== -1; i = source.body.indexOf('\n', i + 1)) starts.push(i + 1);
    lineStarts.set(source, starts);
  }
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  const start = starts[low]!;
  // A '\r' right after '\n' does not count as a column.
  const skipped = low > 0 && source.body.charCodeAt(start) === CR && offset > start ? 1 : 0;
  return { source, line: low + 1, col: offset - start + 1 - skipped };
}

/** A file that is not strict JSON: its AST, parsed by Redocly's own first lookup and then kept by the Source. */
function astOf(location: LocationObject): AstNode | null {
  getLineColLocation(location);
  const cached = (() => undefined) as unknown as Parameters<Source['getAst']>[0];
  return (location.source.getAst(cached) as AstNode | undefined) ?? null;
}

/** Where a problem's location is: its file, line and column. */
export function positionOf(location: LocationObject): Position {
  const { source, pointer, reportOnKey } = location;
  if (pointer === undefined) return { source, line: 1, col: 1 };
  let tree = trees.get(source);
  if (tree === undefined) {
    tree = JsonOffsets.of(source.body) ?? astOf(location);
    trees.set(source, tree);
  }
  if (!tree) {
    const lc = getLineColLocation(location);
    return { source, line: lc.start.line, col: lc.start.col };
  }
  if (tree instanceof JsonOffsets) return positionAt(source, offsetAt(tree, pointer, !!reportOnKey));
  const node = nodeAt(tree, pointer, !!reportOnKey);
  const start = node.startPosition ?? 1;
  return start === (node.endPosition ?? 1) ? { source, line: 1, col: 1 } : positionAt(source, start);
}
