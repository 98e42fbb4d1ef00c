// Source lines for annotations: where a change sits in the HEAD file (the nearest enclosing key that still exists).
// Only the root file is searched; components pulled in from other files are annotated on the file alone.
import { relative } from 'node:path';
import { lineOf, linedFile, type LinedFile } from '../util/lines.js';
import { HTTP_METHODS } from '../load/operations.js';
import type { ComparedApi } from './trees.js';
import type { Change } from './types.js';

interface Source extends LinedFile {
  display: string;
}

function load(file: string): Source | undefined {
  const lined = linedFile(file);
  return lined && { ...lined, display: relative(process.cwd(), file) || file };
}

/** A method with a field of its own is written there in lower case; any other under 3.2's additionalOperations. */
function operationKeys(method: string, location: string): string[] {
  if (location.endsWith(`.additionalOperations.${method}`)) return ['additionalOperations', method];
  const lower = method.toLowerCase();
  return [...HTTP_METHODS, 'query'].includes(lower) ? [lower] : ['additionalOperations', method];
}

function pointerOf(change: Change): string[] {
  const loc = change.location;
  const comp = /^components\.(schemas|securitySchemes)\.([^.[]+)/.exec(loc);
  if (comp) return ['components', comp[1]!, comp[2]!];
  const op = /^(\S+) (.+)$/.exec(change.operation);
  if (!op) return [];
  const path = op[2]!;
  // Where the operation is written (`get`, `query`, `additionalOperations.LINK`), as the location of its removal says.
  const at = operationKeys(op[1]!, loc);
  const base = path.startsWith('webhook ') ? ['webhooks', path.slice(8), ...at] : ['paths', path, ...at];
  const status = /^responses\.([^.[]+)/.exec(loc);
  if (status) return [...base, 'responses', status[1]!];
  if (loc.startsWith('requestBody')) return [...base, 'requestBody'];
  if (loc.startsWith('paths.') && !loc.endsWith(`.${at.join('.')}`)) return base.slice(0, 2);
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
