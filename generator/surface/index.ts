// The client-surface report of `docex generate`: before an output folder docex wrote earlier is replaced, the
// previous TypeScript and the new are read back with ts-morph and their public surfaces compared, per API.
import type { Printer } from '../emit/printer.js';
import { compareSurfaces, type ApiReport } from './compare.js';
import { extractSurface, type ApiSurface } from './extract.js';

export { formatReport, type ApiReport, type SurfaceChange } from './compare.js';
export { extractSurface, surfaceOf, type ApiSurface } from './extract.js';

/** The folder of each API in an output tree (`document/v1/`, or `` for a single document), by its client.ts. */
function apiDirs(tree: ReadonlyMap<string, string>): string[] {
  return [...tree.keys()].flatMap((path) => {
    const m = /^(?:(.*)\/)?client\.ts$/.exec(path);
    return m ? [m[1] ? `${m[1]}/` : ''] : [];
  });
}

/** Each API of an output tree as `[folder, client.ts, schema.ts]`. */
export function apiFiles(tree: ReadonlyMap<string, string>): [string, string, string][] {
  return apiDirs(tree).flatMap((dir) => {
    const client = tree.get(`${dir}client.ts`);
    const schema = tree.get(`${dir}schema.ts`);
    return client !== undefined && schema !== undefined ? [[dir, client, schema] as [string, string, string]] : [];
  });
}

/** The surface of every API of an output tree, by folder. */
export function surfacesOf(printer: Printer, tree: ReadonlyMap<string, string>): Map<string, ApiSurface> {
  return new Map(apiFiles(tree).map(([dir, client, schema]) => [dir, extractSurface(printer, client, schema)]));
}

/**
 * One report per API present in both trees, from surfaces already read (`generate` reads the new ones where it
 * parses the files anyway, and the previous ones while it waits for them). An API whose files did not change has none.
 */
export function compareTrees(
  before: ReadonlyMap<string, ApiSurface>,
  after: ReadonlyMap<string, ApiSurface>,
  previous: ReadonlyMap<string, string>,
  next: ReadonlyMap<string, string>,
): ApiReport[] {
  const reports: ApiReport[] = [];
  for (const dir of apiDirs(next)) {
    const api = dir.replace(/\/$/, '');
    const [old, now] = [before.get(dir), after.get(dir)];
    if (!old || !now) continue;
    const same = previous.get(`${dir}client.ts`) === next.get(`${dir}client.ts`) && previous.get(`${dir}schema.ts`) === next.get(`${dir}schema.ts`);
    reports.push(same ? { api, breaking: 0, changes: [] } : compareSurfaces(api, old, now));
  }
  return reports;
}

/** One report per API present in both trees (relative path -> text), by the folder of its client.ts. */
export function surfaceReport(printer: Printer, previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): ApiReport[] {
  return compareTrees(surfacesOf(printer, previous), surfacesOf(printer, next), previous, next);
}
