// What one file may ask of docex. Every file a command reads, the entry document and each file reached by `$ref`, by
// docex's own loaders or by Redocly's (resolver.ts), is checked here after parsing and before anything walks it, so a
// hostile file is refused in the time it takes to read it (templates/docs/guides/reliability.md states the bounds).
// - Nesting: every walker of a document (Redocly's, openapi-typescript's, the structured clone to the TypeScript
//   thread) recurses once per level. A node inside n collections is at level n + 1, and aliases count as the nodes
//   they copy. 100 is js-yaml's own default, which Redocly has always parsed with.
// - Aliases: `*name`, also in a merge `<<: *name`, stands for a copy of the node named `&name`. js-yaml shares one
//   object for all the copies, but walkers visit each copy, so a 1 KB file of nested aliases is a billion nodes to
//   them. The nodes the copies add may not outnumber the file's own nodes, with ALIAS_NODES as the floor for small
//   files: an alias may double a document, never multiply it. Each anchor's expanded size is counted once and
//   remembered, so the check is one pass over the parse events, never the expansion.
import { EVENT_ALIAS, EVENT_MAPPING, EVENT_POP, EVENT_SCALAR, EVENT_SEQUENCE, type Event } from 'js-yaml';
import { displayPath as shown } from '../util/display-path.js';
import { DocexError } from '../util/errors.js';

export const MAX_DEPTH = 100;
export const ALIAS_NODES = 100_000;

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

export function depthError(file: string, line: number | undefined): DocexError {
  return new DocexError(`nested more than ${MAX_DEPTH} levels deep (docex reads documents up to ${MAX_DEPTH} levels)`, 2, shown(file), line);
}

/** An anchor's node: its size and height once expanded; open while its own events are still being read. */
interface Anchored {
  size: number;
  height: number;
  open: boolean;
}

interface Frame {
  size: number;
  height: number;
  anchor: Anchored | undefined;
}

/** What a file asks: its own nodes, the nodes its aliases add, and its depth once they are expanded. */
export interface Demand {
  nodes: number;
  aliasNodes: number;
  depth: number;
}

/**
 * Throws a DocexError naming the file and line where the YAML of `events` (js-yaml's parseEvents of `text`) exceeds a
 * bound; else says what it asks.
 */
export function checkYamlEvents(events: readonly Event[], text: string, file: string): Demand {
  let own = 0;
  for (const e of events) if (e.type === EVENT_SCALAR || e.type === EVENT_SEQUENCE || e.type === EVENT_MAPPING) own++;
  const allowed = Math.max(ALIAS_NODES, own);
  let added = 0;
  let anchors = new Map<string, Anchored>();
  // The collections open around the current event (documents are not levels).
  const open: Frame[] = [];
  let depth = 0;
  const add = (size: number, height: number): void => {
    const parent = open.at(-1);
    if (!parent) {
      depth = Math.max(depth, height);
      return;
    }
    parent.size += size;
    parent.height = Math.max(parent.height, height + 1);
  };
  for (const e of events) {
    switch (e.type) {
      case EVENT_SEQUENCE:
      case EVENT_MAPPING: {
        const anchor = e.anchorStart < 0 ? undefined : { size: 0, height: 0, open: true };
        if (anchor) anchors.set(text.slice(e.anchorStart, e.anchorEnd), anchor);
        if (open.length >= MAX_DEPTH) throw depthError(file, lineAt(text, e.start));
        open.push({ size: 1, height: 1, anchor });
        break;
      }
      case EVENT_SCALAR:
        if (open.length >= MAX_DEPTH) throw depthError(file, lineAt(text, e.valueStart));
        if (e.anchorStart >= 0) anchors.set(text.slice(e.anchorStart, e.anchorEnd), { size: 1, height: 1, open: false });
        add(1, 1);
        break;
      case EVENT_ALIAS: {
        const name = text.slice(e.anchorStart, e.anchorEnd);
        const target = anchors.get(name);
        // An unknown name is js-yaml's error to report.
        if (!target) break;
        if (target.open) throw new DocexError(`alias *${name} is inside the node it names: the document would be endless`, 2, shown(file), lineAt(text, e.anchorStart));
        added += target.size;
        if (added > allowed) {
          const most = (n: number) => n.toLocaleString('en-US');
          throw new DocexError(
            `alias *${name}: YAML aliases would add over ${most(allowed)} nodes to a document of ${most(own)} (they may add ${most(ALIAS_NODES)}, or as many as the document has if more)`,
            2,
            shown(file),
            lineAt(text, e.anchorStart),
          );
        }
        if (open.length + target.height > MAX_DEPTH) throw depthError(file, lineAt(text, e.anchorStart));
        add(target.size, target.height);
        break;
      }
      case EVENT_POP: {
        const frame = open.pop();
        if (!frame) {
          // The end of a document: its anchors end with it.
          anchors = new Map();
          break;
        }
        if (frame.anchor) Object.assign(frame.anchor, { size: frame.size, height: frame.height, open: false });
        add(frame.size, frame.height);
        break;
      }
    }
  }
  return { nodes: own, aliasNodes: added, depth };
}

/**
 * Throws when JSON `text`, already parsed by JSON.parse (which is not recursive, so it parses any depth), nests more
 * than MAX_DEPTH levels: a value's level is the number of brackets open around it, plus one. Else returns its depth,
 * and counts the object members the text writes into `written`.
 */
export function checkJsonDepth(text: string, file: string, written?: { members: number }): number {
  let open = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      open--;
      continue;
    }
    if (c === 0x3a /* : */ && written) written.members++;
    if (c <= 0x20 || c === 0x2c /* , */ || c === 0x3a) continue;
    // A value, or a part of one, at level open + 1.
    if (open >= MAX_DEPTH) throw depthError(file, lineAt(text, i));
    if (open + 1 > depth) depth = open + 1;
    if (c === 0x5b /* [ */ || c === 0x7b /* { */) open++;
    else if (c === 0x22 /* " */) {
      // To the closing quote, past escaped characters.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    }
  }
  return depth;
}
