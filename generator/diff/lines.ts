// Source lines for annotations: where a change sits in the HEAD file (the nearest enclosing key that still exists).
// Only the root file is searched; components pulled in from other files are annotated on the file alone.
import { relative } from 'node:path';
import { lineOf, linedFile, type LinedFile } from '../util/lines.js';
import type { ComparedApi } from './trees.js';
import type { Change } from './types.js';

interface Source extends LinedFile {
  display: string;
}

function load(file: string): Source | undefined {
  const lined = linedFile(file);
  return lined && { ...lined, display: relative(process.cwd(), file) || file };
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
