// The earlier output's surfaces, read on the main thread while the TypeScript thread still emits: the earlier tree is
// known before generation starts, and this thread waits for the TypeScript thread once its models are built, which
// is the longer path. The TypeScript thread then reads only the new surfaces, from its gate's parses. An API whose
// files turn out unchanged was read for nothing, on a thread that was waiting anyway.
import { extractSurface, type ApiSurface } from '../surface/index.js';
import { typeScriptParser } from '../typescript/printer.js';
import type { ApiFiles, SurfaceAsk, SurfaceRead, SurfacesAnswer, SurfacesRead } from '../typescript/tasks.js';

export type EarlierSurfaces = ReadonlyMap<string, { files: ApiFiles; surface: ApiSurface }>;

/** The surfaces of the APIs in folders `dirs` (`document/v1/`, or ``) of the earlier output, one API per turn of the
 *  event loop, so the TypeScript thread's replies are taken in between. */
export async function readEarlierSurfaces(previous: ReadonlyMap<string, string>, dirs: readonly string[]): Promise<EarlierSurfaces> {
  const out = new Map<string, { files: ApiFiles; surface: ApiSurface }>();
  const parser = dirs.length ? typeScriptParser() : undefined;
  for (const dir of dirs) {
    await new Promise((resolve) => setImmediate(resolve));
    const [client, schema] = [previous.get(`${dir}client.ts`), previous.get(`${dir}schema.ts`)];
    if (parser && client !== undefined && schema !== undefined) out.set(dir, { files: { client, schema }, surface: extractSurface(parser, client, schema) });
  }
  return out;
}

/**
 * The surface step's reader: the earlier surfaces from `earlier` where they were read from the same files, the rest
 * from `ask` (the TypeScript thread). Its time is the thread's plus what was left of the earlier read when asked.
 */
export function readWithEarlier(earlier: Promise<EarlierSurfaces>, ask: (apis: SurfaceAsk[]) => Promise<SurfacesAnswer>) {
  return async (apis: SurfaceRead[]): Promise<SurfacesRead> => {
    const began = performance.now();
    const known = await earlier;
    const waited = performance.now() - began;
    const have = (a: SurfaceRead) => {
      const k = known.get(a.dir);
      return k !== undefined && k.files.client === a.before.client && k.files.schema === a.before.schema ? k.surface : undefined;
    };
    const answer = await ask(apis.map((a) => (have(a) ? { dir: a.dir, after: a.after } : a)));
    const surfaces = answer.surfaces.map(([dir, s], i): SurfacesRead['surfaces'][number] => {
      const before = s.before ?? have(apis[i]!);
      if (!before) throw new Error(`no earlier surface read for ${dir || 'the API'}`);
      return [dir, { before, after: s.after }];
    });
    return { surfaces, ms: answer.ms + waited };
  };
}
