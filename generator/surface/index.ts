// The client-surface report of `docex generate`: before an output folder docex wrote earlier is replaced, the
// previous TypeScript and the new are read back with ts-morph and their public surfaces compared, per API.
import { compareSurfaces, type ApiReport } from './compare.js';
import { extractSurface, type ApiSurface, type SurfaceParser } from './extract.js';

export { formatReport, type ApiReport } from './compare.js';
export { extractSurface, surfaceOf } from './extract.js';

/** The folder of each API in an output tree (`document/v1/`, or `` for a single document), by its client.ts. */
export function apiDirs(tree: ReadonlyMap<string, string>): string[] {
  return [...tree.keys()].flatMap((path) => {
    const m = /^(?:(.*)\/)?client\.ts$/.exec(path);
    return m ? [m[1] ? `${m[1]}/` : ''] : [];
  });
}

/** The surface of every API of an output tree, by folder. */
function surfacesOf(printer: SurfaceParser, tree: ReadonlyMap<string, string>): Map<string, ApiSurface> {
  const out = new Map<string, ApiSurface>();
  for (const dir of apiDirs(tree)) {
    const client = tree.get(`${dir}client.ts`);
    const schema = tree.get(`${dir}schema.ts`);
    if (client !== undefined && schema !== undefined) out.set(dir, extractSurface(printer, client, schema, tree.get(`${dir}index.ts`)));
  }
  return out;
}

/** The report of the API in folder `dir` from its client.ts and schema.ts before and after. */
export function compareApi(dir: string, before: ApiSurface, after: ApiSurface): ApiReport {
  return compareSurfaces(dir.replace(/\/$/, ''), before, after);
}

/**
 * One report per API present in both trees, from the reports of the APIs whose files changed (by API folder;
 * `generate` makes them on the TypeScript thread). An API whose client.ts, schema.ts and index.ts did not change has no changes.
 */
export function compareTrees(changed: ReadonlyMap<string, ApiReport>, previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): ApiReport[] {
  const reports: ApiReport[] = [];
  for (const dir of apiDirs(next)) {
    if (previous.get(`${dir}client.ts`) === undefined || previous.get(`${dir}schema.ts`) === undefined) continue;
    const same = ['client.ts', 'schema.ts', 'index.ts'].every((f) => previous.get(`${dir}${f}`) === next.get(`${dir}${f}`));
    const report = changed.get(dir);
    if (same) reports.push({ api: dir.replace(/\/$/, ''), breaking: 0, changes: [] });
    else if (report) reports.push(report);
  }
  return reports;
}

/** One report per API present in both trees (relative path -> text), by the folder of its client.ts. */
export function surfaceReport(printer: SurfaceParser, previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): ApiReport[] {
  const [before, after] = [surfacesOf(printer, previous), surfacesOf(printer, next)];
  const changed = new Map<string, ApiReport>();
  for (const [dir, b] of before) {
    const a = after.get(dir);
    if (a) changed.set(dir, compareApi(dir, b, a));
  }
  return compareTrees(changed, previous, next);
}
