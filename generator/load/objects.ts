// One walk over a document for the repairs (repair.ts, repair-shapes.ts): every object in it, once, each with its
// JSON pointer built only when asked (a repair's message). Building every pointer cost most of the walk (GitHub's
// description: ~1M nodes), and each repair walking the document itself cost one walk per repair.

import { escapePointer, type JsonObject as Json } from '../util/json.js';

interface Frame {
  parent: Frame | undefined;
  key: string;
  pointer?: string;
}

export interface Visited {
  node: Json;
  /** `#/a/b~1c`: the object's JSON pointer (RFC 6901, as a URI fragment). */
  pointer(): string;
}

function pointerOf(f: Frame): string {
  if (f.pointer === undefined) f.pointer = f.parent ? `${pointerOf(f.parent)}/${escapePointer(f.key)}` : '#';
  return f.pointer;
}

/** Every object (arrays are walked, not listed) reachable from `root`, depth first; one reachable twice is listed once. */
export function objectsOf(root: unknown): Visited[] {
  const out: Visited[] = [];
  const stack: [unknown, Frame][] = [[root, { parent: undefined, key: '' }]];
  const seen = new Set<unknown>();
  while (stack.length) {
    const [v, frame] = stack.pop()!;
    if (v === null || typeof v !== 'object' || seen.has(v)) continue;
    seen.add(v);
    if (!Array.isArray(v)) out.push({ node: v as Json, pointer: () => pointerOf(frame) });
    for (const k of Object.keys(v)) {
      const x = (v as Json)[k];
      if (x !== null && typeof x === 'object') stack.push([x, { parent: frame, key: k }]);
    }
  }
  return out;
}
