// The client-surface report, a step after generation: what changed in the TypeScript a client compiled against,
// per API, between an earlier output docex wrote and the new tree. Its inputs are explicit: the two trees, and a
// reader of surfaces (generate's TypeScript thread, which has the new files' parses from its syntax gate). A later
// step that judges those changes (the consumer-impact report) takes this step's result as its input.
import { apiDirs, compareTrees, type ApiReport } from '../surface/index.js';
import type { OutputTree } from '../emit/tree.js';
import type { SurfaceRead, SurfacesRead } from '../typescript/tasks.js';

interface SurfaceStepInput {
  /** The earlier output about to be replaced (relative path -> text). */
  previous: ReadonlyMap<string, string>;
  /** The new tree. */
  next: OutputTree;
  /** Reads and compares the surfaces before and after of the APIs asked; the TypeScript thread's `surfaces`. */
  read: (apis: SurfaceRead[]) => Promise<SurfacesRead>;
}

export interface SurfaceStepResult {
  /** One report per API present in both trees, in the new tree's order (an unchanged API: no changes). */
  reports: ApiReport[];
  /** The folders (`document/v1/`, or ``) of the APIs whose client.ts or schema.ts changed: their surfaces were read. */
  read: string[];
  /** Time spent reading and comparing surfaces, in ms. */
  ms: number;
}

/** The APIs whose client.ts, schema.ts or index.ts differ between the trees, each with its files before and after. */
export function changedApis(previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): SurfaceRead[] {
  const out: SurfaceRead[] = [];
  for (const dir of apiDirs(next)) {
    const [clientBefore, schemaBefore] = [previous.get(`${dir}client.ts`), previous.get(`${dir}schema.ts`)];
    const [clientAfter, schemaAfter] = [next.get(`${dir}client.ts`), next.get(`${dir}schema.ts`)];
    const [indexBefore, indexAfter] = [previous.get(`${dir}index.ts`), next.get(`${dir}index.ts`)];
    if (clientBefore === undefined || schemaBefore === undefined || clientAfter === undefined || schemaAfter === undefined) continue;
    if (clientBefore === clientAfter && schemaBefore === schemaAfter && indexBefore === indexAfter) continue;
    out.push({ dir, before: { client: clientBefore, schema: schemaBefore, index: indexBefore }, after: { client: clientAfter, schema: schemaAfter, index: indexAfter } });
  }
  return out;
}

export async function surfaceStep({ previous, next, read }: SurfaceStepInput): Promise<SurfaceStepResult> {
  const changed = changedApis(previous, next);
  const { reports, ms } = changed.length ? await read(changed) : { reports: [], ms: 0 };
  return { reports: compareTrees(new Map(reports), previous, next), read: changed.map((api) => api.dir), ms };
}
