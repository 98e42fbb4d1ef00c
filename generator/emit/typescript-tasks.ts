// What the TypeScript thread does (typescript-thread.ts): every file docex writes as TypeScript is made and parsed
// there. schema.ts from openapi-typescript, client.ts/raw.ts/index.ts from the model with ts-morph, the runtime and
// token templates copied; each comes back with the syntax gate's verdict on each .ts file. One TypeScript is loaded
// for all of it (printer.ts), while the main thread is still bundling the first document. When an earlier output is
// about to be replaced (`previous`: its client.ts and schema.ts), the client task compares the new files with it and,
// where they differ, reads both public surfaces (surface/extract.ts): the new one from the gate's own parse, so an
// unchanged API costs nothing and a changed one no second parse of the new files.
import type { OpenApiDocument } from '../load/index.js';
import type { ApiModel } from '../model/index.js';
import { DocexError } from '../util/errors.js';
import { loadPrinter, type Printer } from './printer.js';
import { renderSchema } from './schema.js';
import { extractSurface, surfaceOf, type ApiSurface } from '../surface/index.js';
import { firstSyntaxError, syntaxError } from './syntax-gate.js';
import { banner } from './templates.js';
import { apiDir, copyTemplates, emitApi } from './tree.js';

export type Task =
  | { kind: 'templates'; dir: 'runtime' | 'token' }
  /** `path` is where schema.ts goes; `file` names the document in errors; `source` goes into the banner. */
  /** `previous`: the earlier output's client.ts and schema.ts of this API, for the client-surface report. */
  | { kind: 'schema'; document: OpenApiDocument; source: string; file: string; path: string; previous?: [string, string] }
  | { kind: 'client'; model: ApiModel };

/** Files by path, in output order, and the gate's verdict on each (the first syntax error; undefined: it parses or is not .ts). */
export interface GatedFiles {
  files: [string, string][];
  errors: (string | undefined)[];
  /** Where the API's files changed from `previous`: its public surface before and after. */
  surfaces?: { before: ApiSurface; after: ApiSurface };
  /** Time spent reading surfaces (beyond the gate's parse), for the report's budget. */
  surfaceMs?: number;
}

type Parsed = ReturnType<Printer['parse']>;
/** An API's schema.ts as gated (text and parse) and its earlier files, by API folder, until its client task. */
const schemas = new Map<string, { text: string; parsed: Parsed; previous: [string, string] }>();

/** The gate's verdict on `files`; with `keep`, that file's parse too (ts-morph's, for the surface). */
function gatedKeeping(files: Iterable<[string, string]>, keep?: { printer: Printer; path: string }): { gated: GatedFiles; kept?: Parsed } {
  const list = [...files];
  let kept: Parsed | undefined;
  const errors = list.map(([path, text]) => {
    if (path !== keep?.path) return path.endsWith('.ts') ? syntaxError(path, text) : undefined;
    kept = keep.printer.parse(path, text);
    return firstSyntaxError(kept as unknown as import('typescript').SourceFile);
  });
  return { gated: { files: list, errors }, kept };
}

const gated = (files: Iterable<[string, string]>): GatedFiles => gatedKeeping(files).gated;

/** A seam like tree.ts's `emitters`: tests swap `render` (in-thread, from sources) to check the gate of schema.ts. */
export const schemaEmitter = { render: renderSchema };

/** schema.ts of one document; openapi-typescript's own errors (a document shape it cannot type) exit 2 naming the
 *  file and its pointer, never as a stack trace. */
async function schemaFile(task: Extract<Task, { kind: 'schema' }>): Promise<GatedFiles> {
  let text: string;
  try {
    text = banner(task.source) + schemaEmitter.render(task.document);
  } catch (err) {
    if (err instanceof DocexError) throw err;
    throw new DocexError(`cannot generate types: ${err instanceof Error ? err.message : String(err)}`, 2, task.file);
  }
  if (!task.previous) return gated([[task.path, text]]);
  const { gated: files, kept } = gatedKeeping([[task.path, text]], { printer: await loadPrinter(), path: task.path });
  if (kept) schemas.set(task.path.slice(0, -'schema.ts'.length), { text, parsed: kept, previous: task.previous });
  return files;
}

/** client.ts, raw.ts, index.ts and README.md of a model, gated; where they or schema.ts changed from the earlier
 *  output, the API's surfaces before and after as well. */
async function clientFiles(model: ApiModel): Promise<GatedFiles> {
  const printer = await loadPrinter();
  const files = emitApi(model, printer);
  const dir = apiDir(model);
  const schema = schemas.get(dir);
  schemas.delete(dir);
  if (!schema) return gated(files);
  const [clientBefore, schemaBefore] = schema.previous;
  if (files.get(`${dir}client.ts`) === clientBefore && schema.text === schemaBefore) return gated(files);
  const { gated: out, kept } = gatedKeeping(files, { printer, path: `${dir}client.ts` });
  if (kept) {
    const began = performance.now();
    out.surfaces = { before: extractSurface(printer, clientBefore, schemaBefore), after: surfaceOf(printer.tsMorph.ts, kept, schema.parsed) };
    out.surfaceMs = performance.now() - began;
  }
  return out;
}

/** Runs one task; throws what making its files throws (openapi-typescript's DocexError, an emitter's crash). */
export async function runTask(task: Task): Promise<GatedFiles> {
  switch (task.kind) {
    case 'templates':
      return gated(copyTemplates(task.dir));
    case 'schema':
      return schemaFile(task);
    case 'client':
      return clientFiles(task.model);
  }
}
