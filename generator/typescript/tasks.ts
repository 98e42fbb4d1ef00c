// What the TypeScript thread does (thread.ts): every file docex writes as TypeScript is made and parsed there.
// schema.ts from openapi-typescript, client.ts/raw.ts/index.ts from the model with ts-morph, the runtime and token
// templates copied; each comes back with the syntax gate's verdict on each .ts file. One TypeScript is loaded for all
// of it (printer.ts), while the main thread is still bundling the first document. After generation, the surface
// report's step (generate/surface-step.ts) asks it to compare the public surfaces of the APIs whose files changed:
// the new ones read from the gate's own parses, where it kept them, so a changed API costs no second parse of its new
// files.
import { renderSchema, type SchemaKit } from '../emit/schema.js';
import { banner, type Templates } from '../emit/templates.js';
import { copyTemplates, emitApi, type Emitters } from '../emit/tree.js';
import { jsonForTypes } from '../load/for-types.js';
import type { OpenApiDocument } from '../load/index.js';
import type { ApiModel } from '../model/index.js';
import { compareApi, extractSurface, surfaceOf, type ApiReport } from '../surface/index.js';
import { DocexError } from '../util/errors.js';
import { loadSchemaKit } from './internals.js';
import { readTemplateSources, readTemplates } from './package-templates.js';
import { loadPrinter, type LoadedPrinter } from './printer.js';
import { knownToParse, rememberParses } from './gate-cache.js';
import { firstSyntaxError, jsSyntaxError, syntaxError } from './syntax-gate.js';

/** Emitters a test puts in place of docex's (to check the gate). Functions do not cross threads: a thread given
 *  overrides runs its tasks in-thread. */
export interface EmitOverrides {
  emitters?: Emitters;
  renderSchema?: (document: OpenApiDocument, kit: SchemaKit) => string;
}

/** An API's client.ts and schema.ts. */
interface ApiFiles {
  client: string;
  schema: string;
  /** index.ts: the named schema types it declares are exports too. */
  index?: string;
}

/** One API whose client.ts or schema.ts differ from an earlier output, by its folder in the tree (`document/v1/`, or ``). */
export interface SurfaceRead {
  dir: string;
  before: ApiFiles;
  after: ApiFiles;
}

export interface SurfacesRead {
  /** What changed in each API's public surface, by API folder, in the order asked (the surfaces stay on the thread
   *  that read them: copying them across costs more than comparing them). */
  reports: [string, ApiReport][];
  /** Time spent reading and comparing them (beyond the gate's parses), for the report's budget. */
  ms: number;
}

/** The document schema.ts is rendered from: as made, or the text of a self-contained JSON document, which this
 *  thread makes into the same document (load's jsonForTypes). */
export type SchemaInput = { document: OpenApiDocument } | { json: string };

export type Task =
  | { kind: 'templates'; dir: 'runtime' | 'token' }
  /** `path` is where schema.ts goes; `file` names the document in errors; `source` goes into the banner; with
   *  `keepParse`, the gate's parse is kept for a surface read. */
  | { kind: 'schema'; input: SchemaInput; source: string; file: string; path: string; keepParse: boolean }
  /** `validators`: the document's part of the API's validators.js (emit/validators-file.ts), gated with the
   *  client's files. */
  | { kind: 'client'; model: ApiModel; keepParse: boolean; validators: string }
  /** The client task's files, not gated: a large API's are printed on the main thread and gated on the worker. */
  | { kind: 'print'; model: ApiModel; validators: string }
  /** The gate's verdict on a print task's files; with `keepParse`, client.ts's parse is kept for a surface read. */
  | { kind: 'gate'; files: [string, string][]; keepParse: boolean }
  | { kind: 'surfaces'; apis: SurfaceRead[] };

/** Files by path, in output order. */
export interface Printed {
  files: [string, string][];
}

/** Files and the gate's verdict on each (the first syntax error; undefined: it parses or is not .ts). */
export interface GatedFiles extends Printed {
  errors: (string | undefined)[];
}

export type ResultOf<T extends Task> = T extends { kind: 'surfaces' } ? SurfacesRead : T extends { kind: 'print' } ? Printed : GatedFiles;

type Parsed = ReturnType<LoadedPrinter['parse']>;

/**
 * What one thread keeps from task to task: the gate's parses that a surface read may use, by path, each with the
 * text it is the parse of (used only for that very text), the tests' overrides, and docex's templates, read as the
 * session opens.
 */
interface Session {
  parses: Map<string, { text: string; parsed: Parsed }>;
  overrides: EmitOverrides;
  templates: Templates;
}

export const openSession = (overrides: EmitOverrides = {}): Session => ({ parses: new Map(), overrides, templates: readTemplates() });

/** The gate's verdict on `files`; the parses of the files named in `keep` are kept in the session (ts-morph's). */
async function gate(files: Iterable<[string, string]>, session: Session, keep: readonly string[] = []): Promise<GatedFiles> {
  const list = [...files];
  const printer = keep.length ? await loadPrinter() : undefined;
  const errors = list.map(([path, text]) => {
    if (!printer || !keep.includes(path)) return path.endsWith('.ts') ? syntaxError(path, text) : path.endsWith('.js') ? jsSyntaxError(text) : undefined;
    const parsed = printer.parse(path, text);
    session.parses.set(path, { text, parsed });
    return firstSyntaxError(parsed as unknown as import('typescript').SourceFile);
  });
  return { files: list, errors };
}

/** The gate's verdict on docex's own templates, each parsed only until it has parsed once (gate-cache.ts). */
function gateTemplates(files: Iterable<[string, string]>): GatedFiles {
  const list = [...files];
  const errors = list.map(([path, text]) => {
    if (!path.endsWith('.ts') || knownToParse(text)) return undefined;
    const error = syntaxError(path, text);
    if (error === undefined) rememberParses(text);
    return error;
  });
  return { files: list, errors };
}

/** schema.ts of one document; openapi-typescript's own errors (a document shape it cannot type) exit 2 naming the
 *  file and its pointer, never as a stack trace. */
async function schemaFile(task: Extract<Task, { kind: 'schema' }>, session: Session): Promise<GatedFiles> {
  const kit = loadSchemaKit();
  const document = 'json' in task.input ? jsonForTypes(task.input.json) : task.input.document;
  let text: string;
  try {
    text = banner(session.templates, task.source) + (session.overrides.renderSchema ?? renderSchema)(document, kit);
  } catch (err) {
    if (err instanceof DocexError) throw err;
    throw new DocexError(`cannot generate types: ${err instanceof Error ? err.message : String(err)}`, 2, task.file);
  }
  return gate([[task.path, text]], session, task.keepParse ? [task.path] : []);
}

/** client.ts, raw.ts, index.ts, validators.js and .d.ts and README.md of a model. */
async function clientFiles({ model, validators }: { model: ApiModel; validators: string }, session: Session): Promise<[string, string][]> {
  return [...emitApi(model, await loadPrinter(), session.templates, validators, session.overrides.emitters)];
}

/** The path of client.ts among an API's files, whose parse a surface read may use. */
const clientPath = (files: readonly [string, string][]): string[] => files.filter(([path]) => path.endsWith('client.ts')).map(([path]) => path);

/** The report of each API asked, from its surfaces before and after: the new ones read from the gate's parses where
 *  the session kept them for the same text, and let go before the earlier files are parsed here. */
async function readSurfaces(apis: readonly SurfaceRead[], session: Session): Promise<SurfacesRead> {
  const printer = await loadPrinter();
  const began = performance.now();
  const parsed = (path: string, text: string): Parsed => {
    const kept = session.parses.get(path);
    return kept?.text === text ? kept.parsed : printer.parse(path, text);
  };
  const reports = apis.map(({ dir, before, after }): SurfacesRead['reports'][number] => {
    const afterSurface = surfaceOf(printer.tsMorph.ts, parsed(`${dir}client.ts`, after.client), parsed(`${dir}schema.ts`, after.schema), after.index === undefined ? undefined : printer.parse(`${dir}index.ts`, after.index));
    session.parses.delete(`${dir}client.ts`);
    session.parses.delete(`${dir}schema.ts`);
    return [dir, compareApi(dir, extractSurface(printer, before.client, before.schema, before.index), afterSurface)];
  });
  session.parses.clear();
  return { reports, ms: performance.now() - began };
}

/** Runs one task; throws what making its files throws (openapi-typescript's DocexError, an emitter's crash). */
export async function runTask<T extends Task>(task: T, session: Session): Promise<ResultOf<T>> {
  const t: Task = task;
  switch (t.kind) {
    case 'templates':
      return gateTemplates(copyTemplates(t.dir, readTemplateSources(t.dir), session.templates)) as ResultOf<T>;
    case 'schema':
      return (await schemaFile(t, session)) as ResultOf<T>;
    case 'client': {
      const files = await clientFiles(t, session);
      return (await gate(files, session, t.keepParse ? clientPath(files) : [])) as ResultOf<T>;
    }
    case 'print':
      return { files: await clientFiles(t, session) } as ResultOf<T>;
    case 'gate':
      return (await gate(t.files, session, t.keepParse ? clientPath(t.files) : [])) as ResultOf<T>;
    case 'surfaces':
      return (await readSurfaces(t.apis, session)) as ResultOf<T>;
  }
}
