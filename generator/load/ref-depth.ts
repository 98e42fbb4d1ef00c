// The bound across `$ref`s (bounds.ts bounds each file alone). Walkers that follow `$ref`s, Redocly's lint and bundle
// walks, diff's schema comparison, recurse once per level of what they reach, so a chain of schemas each referring
// to the next is as deep to them as the chain is long, whatever each file's own nesting. Depth is counted as bounds.ts
// counts nesting, with each `$ref` one level above what it points to; a `$ref` to a node it is inside (recursion,
// where walkers stop) adds nothing. Each node's height is worked out once (a schema reached from many places costs one
// visit), by a loop with its own stack: a chain of any length is measured without recursing.
import { readFileSync } from 'node:fs';
import { displayPath } from '../util/display-path.js';
import { DocexError } from '../util/errors.js';
import { escapePointer, pointerTarget } from '../util/json.js';

export const MAX_REF_DEPTH = 250;

/** One file as read: its path, parsed value and text (for the line of a refusal; read again when not given). */
export interface ReadFile {
  file: string;
  parsed: unknown;
  text?: string;
}

/** The file a `$ref` names from the file it is written in (a path, without `#...`), or undefined when it cannot be read. */
export type ReadRef = (from: string, path: string) => Promise<ReadFile | undefined>;

/** A collection on the path from the root: its keys, the next to visit, and what is known of the levels below it. */
interface Frame {
  node: object;
  in: ReadFile;
  keys: string[];
  next: number;
  /** Its `$ref`, until it has been followed. */
  ref: string | undefined;
  /** How it was reached: its key in the frame above, or the `#...` fragment of the `$ref` that named it. */
  key: string | undefined;
  fragment: string | undefined;
  height: number;
  refs: number;
}

function frame(node: object, file: ReadFile, key: string | undefined, fragment: string | undefined): Frame {
  const keys = Object.keys(node);
  const ref = Array.isArray(node) ? undefined : (node as { $ref?: unknown }).$ref;
  // A collection is one level above its deepest value; a scalar is one level, and so is a key of a mapping.
  return { node, in: file, keys, next: 0, ref: typeof ref === 'string' ? ref : undefined, key, fragment, height: keys.length ? 2 : 1, refs: 0 };
}

type Files = Map<string, ReadFile | undefined>;

/** Every file the `$ref`s of `root` reach, read once each, by the file it is named from and its path as written. */
async function readAll(root: ReadFile, read: ReadRef | undefined): Promise<Files> {
  const files: Files = new Map();
  if (!read) return files;
  const todo = [root];
  const read1 = new Set<string>([root.file]);
  for (let file = todo.pop(); file; file = todo.pop()) {
    const stack: unknown[] = [file.parsed];
    while (stack.length) {
      const node = stack.pop() as Record<string, unknown>;
      const ref = Array.isArray(node) ? undefined : node.$ref;
      const path = typeof ref === 'string' && !ref.startsWith('#') ? ref.split('#', 1)[0]! : '';
      const key = `${file.file}\0${path}`;
      if (path && !files.has(key)) {
        const loaded = await read(file.file, path);
        files.set(key, loaded);
        if (loaded && !read1.has(loaded.file)) {
          read1.add(loaded.file);
          todo.push(loaded);
        }
      }
      for (const k in node) {
        const value = node[k];
        if (value !== null && typeof value === 'object') stack.push(value);
      }
    }
  }
  return files;
}

const LEAF = { height: 2, refs: 0 };
const EMPTY = { height: 1, refs: 0 };

/** What a collection of scalars only, without a `$ref`, is known to be: its height is 2 (1 when empty). */
function leaf(node: object): { height: number; refs: number } | undefined {
  let empty = true;
  for (const key in node) {
    const value = (node as Record<string, unknown>)[key];
    if ((value !== null && typeof value === 'object') || (key === '$ref' && !Array.isArray(node))) return undefined;
    empty = false;
  }
  return empty ? EMPTY : LEAF;
}

/** The target of `ref`, written in `file`, when it is a collection. */
function target(ref: string, file: ReadFile, files: Files): { node: object; in: ReadFile; fragment: string } | undefined {
  const hash = ref.indexOf('#');
  const path = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '#' : ref.slice(hash);
  const named = path ? files.get(`${file.file}\0${path}`) : file;
  const node = named && pointerTarget(named.parsed, fragment);
  return named && node !== null && typeof node === 'object' ? { node, in: named, fragment } : undefined;
}

/**
 * Walks `root` with its `$ref`s followed, without recursing: the stack is the path from the root, so its length is
 * the level of the node on top. A `$ref` target's height is remembered (a schema reached from many places is walked
 * once), except when reaching it there would pass `bound`: it is walked again, to the node past the bound, and the
 * path to the collection holding that node is returned.
 */
function walk(root: ReadFile & { parsed: object }, files: Files, bound: number): { depth: number; refs: number } | Frame[] {
  const known = new Map<object, { height: number; refs: number }>();
  const onPath = new Set<object>();
  const stack: Frame[] = [frame(root.parsed, root, undefined, undefined)];
  let done: Frame | undefined;
  while (stack.length) {
    const top = stack.at(-1)!;
    let next: Frame | undefined;
    if (top.next < top.keys.length) {
      const key = top.keys[top.next++]!;
      const value = (top.node as Record<string, unknown>)[key];
      if (value === null || typeof value !== 'object') continue;
      // Most collections hold scalars only, and a component was often walked already through a $ref: no frame.
      const seen = known.get(value) ?? leaf(value);
      if (seen && stack.length + seen.height <= bound) {
        top.height = Math.max(top.height, 1 + seen.height);
        top.refs = Math.max(top.refs, seen.refs);
      } else next = frame(value, top.in, key, undefined);
    } else if (top.ref !== undefined) {
      const to = target(top.ref, top.in, files);
      top.ref = undefined;
      // A $ref to a node it is inside is recursion: walkers stop there.
      if (to && !onPath.has(to.node)) {
        const seen = known.get(to.node);
        if (seen && stack.length + seen.height <= bound) {
          top.height = Math.max(top.height, 1 + seen.height);
          top.refs = Math.max(top.refs, 1 + seen.refs);
        } else {
          next = frame(to.node, to.in, undefined, to.fragment);
          onPath.add(to.node);
        }
      }
    } else {
      stack.pop();
      if (top.fragment !== undefined) {
        onPath.delete(top.node);
        known.set(top.node, { height: top.height, refs: top.refs });
      }
      const above = stack.at(-1);
      if (above) {
        above.height = Math.max(above.height, 1 + top.height);
        above.refs = Math.max(above.refs, top.refs + (top.fragment === undefined ? 0 : 1));
      }
      done = top;
      continue;
    }
    if (!next) continue;
    stack.push(next);
    // Its keys, or its items, are one level below it.
    if (stack.length + (next.keys.length ? 1 : 0) > bound) return stack;
  }
  return { depth: done!.height, refs: done!.refs };
}

/**
 * How many levels deep `root` is with its `$ref`s followed (files a `$ref` names are read with `read`), and the most
 * `$ref`s followed on one path from it (bench/bounds-corpus.mjs).
 */
export async function refDepth(root: ReadFile, read?: ReadRef): Promise<{ depth: number; refs: number }> {
  const { parsed } = root;
  if (parsed === null || typeof parsed !== 'object') return { depth: 1, refs: 0 };
  return walk({ ...root, parsed }, await readAll(root, read), Infinity) as { depth: number; refs: number };
}

/**
 * Throws a DocexError naming the file and line of the first node past MAX_REF_DEPTH levels, with `$ref`s followed
 * from `root` (files a `$ref` names are read with `read`; without it only refs inside `root` are followed).
 */
export async function checkRefDepth(root: ReadFile, read?: ReadRef): Promise<void> {
  const { parsed } = root;
  if (parsed === null || typeof parsed !== 'object') return;
  const path = walk({ ...root, parsed }, await readAll(root, read), MAX_REF_DEPTH);
  if (!Array.isArray(path)) return;
  let pointer = '';
  for (const f of path) pointer = f.fragment !== undefined ? f.fragment.slice(1) : f.key === undefined ? '' : `${pointer}/${escapePointer(f.key)}`;
  const at = path.at(-1)!;
  throw new DocexError(
    `more than ${MAX_REF_DEPTH} levels deep with its $refs followed (a chain of $refs each reaching the next; docex reads documents up to ${MAX_REF_DEPTH} levels, $refs followed)`,
    2,
    displayPath(at.in.file),
    await lineOf(at.in, pointer),
  );
}

/** The line of the node at `pointer` in a file, as Redocly's problems give it. */
async function lineOf(file: ReadFile, pointer: string): Promise<number | undefined> {
  const { getLineColLocation, Source } = await import('@redocly/openapi-core');
  try {
    return getLineColLocation({ source: new Source(file.file, file.text ?? readFileSync(file.file, 'utf8')), pointer: `#${pointer}`, reportOnKey: false }).start.line;
  } catch {
    return undefined;
  }
}
