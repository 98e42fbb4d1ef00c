// The client-surface report of `docex generate`: before an output folder docex wrote earlier is replaced, the
// previous TypeScript and the new are read back with ts-morph and their public surfaces compared, per API.
import type { Printer } from '../emit/printer.js';
import { compareSurfaces, type ApiReport } from './compare.js';
import { extractSurface } from './extract.js';

export { formatReport, type ApiReport, type SurfaceChange } from './compare.js';

/** One report per API present in both trees (relative path -> text), by the folder of its client.ts. */
export function surfaceReport(printer: Printer, previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): ApiReport[] {
  const reports: ApiReport[] = [];
  for (const [path, clientText] of next) {
    const m = /^(?:(.*)\/)?client\.ts$/.exec(path);
    if (!m) continue;
    const dir = m[1] ? `${m[1]}/` : '';
    const before = previous.get(path);
    const beforeSchema = previous.get(`${dir}schema.ts`);
    const schema = next.get(`${dir}schema.ts`);
    if (before === undefined || beforeSchema === undefined || schema === undefined) continue;
    if (before === clientText && beforeSchema === schema) {
      reports.push({ api: m[1] ?? '', breaking: 0, changes: [] });
      continue;
    }
    reports.push(compareSurfaces(m[1] ?? '', extractSurface(printer, before, beforeSchema), extractSurface(printer, clientText, schema)));
  }
  return reports;
}
