// load -> model -> emit for a whole input (an `openapi/` tree or one foreign document), in memory, then, over an
// earlier output, the client-surface report's step (surface-step.ts). Two threads (typescript/thread.ts): this one
// bundles each document and builds its model; the TypeScript thread renders schema.ts with openapi-typescript,
// prints client.ts, raw.ts and index.ts with ts-morph and parses every emitted .ts file (the syntax gate). APIs are
// finished in input order, and an API's errors are taken in the order a one-thread run meets them (bundle, model,
// schema.ts, emitters, gate), so the same input fails with the same error.
import { basename } from 'node:path';
import { bundleFile, bundleRead, notOpenApi3, readForeign, repairedForTypes, type ApiEntry, type Diagnostic } from '../load/index.js';
import { buildApiModel, shortTitle, type ApiModel } from '../model/index.js';
import { locatedLine } from '../model/unsupported-lines.js';
import { paginationSettings, type ClientSettings } from '../util/config.js';
import { DocexError } from '../util/errors.js';
import type { OutputTree } from '../emit/tree.js';
import { renderValidators } from '../emit/validators-file.js';
import { unparsable } from '../typescript/syntax-gate.js';
import type { EmitOverrides, GatedFiles } from '../typescript/tasks.js';
import { openTypeScriptThread, type TypeScriptThread } from '../typescript/thread.js';
import { inputEntries, type InputOptions } from './input.js';
import { runtimeClosure } from './runtime-closure.js';
import { surfaceStep, type SurfaceStepResult } from './surface-step.js';

export interface ApiSummary {
  id: string;
  source: string;
  operations: number;
  /** The token service's client is the hand-written token client (templates/token), not one built from operations. */
  tokenClient?: true;
  ms: number;
  warnings: string[];
  /** How many of the warnings name a construct of the document docex does not carry (`--strict` fails on them). */
  unsupported: number;
}

export interface GenerateResult {
  tree: OutputTree;
  apis: ApiSummary[];
  /** With `previous`: the client-surface report's step over the earlier output and the new tree. */
  surface?: SurfaceStepResult;
}

/** `apis`: the APIs to generate (with the runtime modules they import); `documents`: a client repo's own copies. */
export interface GenerateOptions extends InputOptions {
  /** An earlier output about to be replaced: after generation, the client-surface report's step compares the new
   *  tree with it (`surface` in the result), reading surfaces on the TypeScript thread. */
  previous?: ReadonlyMap<string, string>;
  /** Tests' emitters, in place of docex's (run in this thread). */
  overrides?: EmitOverrides;
  /** Where the docs site of the tree's documents is published (config `docsUrl`): methods link to their section. */
  docsUrl?: string | undefined;
  /** The response header of the APIs' request id (config `requestIdHeader`): each factory's default. */
  requestIdHeader?: string | undefined;
  /** How each client is named and shaped (config `clients`, `--name`), by API id; `*` for every API and for a
   *  single document. */
  clients?: Readonly<Record<string, ClientSettings>> | undefined;
}

const shown = (w: Diagnostic) => `${w.file}${w.line ? `:${w.line}` : ''}: ${w.message}`;

/** The model's warnings as lines: a located one (in the bundled document, so in `file`) with its file and line. */
function modelWarnings(warnings: ApiModel['warnings'], file: string): string[] {
  return warnings.map((w) => (typeof w === 'string' ? w : locatedLine(file, w.at, w.message)));
}

/** What one API adds to the tree once its files are back and every one passed the gate. */
interface Finished {
  files: OutputTree;
  summary: ApiSummary;
}

/**
 * The files of an API from the TypeScript thread, in order (schema.ts, then the client's or the token templates),
 * failing as a one-thread run would have failed first: openapi-typescript's error, an emitter's, then the first
 * file that does not parse.
 */
async function finish(document: string, parts: Promise<GatedFiles>[]): Promise<OutputTree> {
  const done: GatedFiles[] = [];
  for (const p of parts) done.push(await p);
  const tree: OutputTree = new Map();
  for (const { files, errors } of done) {
    files.forEach(([path, text], i) => {
      const error = errors[i];
      if (error !== undefined) throw unparsable(path, error, document);
      tree.set(path, text);
    });
  }
  return tree;
}

/** Promises awaited later, in order: a rejection meanwhile is not an unhandled one. */
function later<T>(p: Promise<T>): Promise<T> {
  p.catch(() => {});
  return p;
}

export async function generateTree(input: string, opts: GenerateOptions = {}): Promise<GenerateResult> {
  const entries = inputEntries(input, opts);
  const typescript = openTypeScriptThread(opts.overrides);
  try {
    const { tree, apis } = await generateWith(typescript, input, entries, opts);
    if (!opts.previous) return { tree, apis };
    return { tree, apis, surface: await surfaceStep({ previous: opts.previous, next: tree, read: (changed) => typescript.surfaces(changed) }) };
  } finally {
    await typescript.close();
  }
}

async function generateWith(typescript: TypeScriptThread, input: string, entries: ApiEntry[] | undefined, opts: GenerateOptions): Promise<Pick<GenerateResult, 'tree' | 'apis'>> {
  // Each API's finishing, in input order; an error met on this thread waits for the APIs before it, whose errors
  // (met first by a one-thread run) win.
  const pending: Promise<Finished>[] = [];
  const settle = async () => {
    const done: Finished[] = [];
    for (const p of pending) done.push(await p);
    return done;
  };
  // The runtime's files are copied verbatim (type-checked in docex) and gated like every emitted file. Sent first,
  // checked last: an error in a document is reported without waiting for the TypeScript thread to start. Only the
  // modules the APIs' files import are kept (runtime-closure.ts).
  const runtime = later(finish(input, [typescript.templates('runtime')]));
  /** The earlier output has the API in folder `dir`: the surface step may read it, so its new parses are kept. */
  const inPrevious = (dir: string): boolean => opts.previous?.has(`${dir}client.ts`) === true && opts.previous.has(`${dir}schema.ts`);
  /** Starts one API: bundled and modelled here, its files made on the TypeScript thread. */
  const start = async (file: string, source: string, mode: 'own' | 'foreign', entry?: ApiEntry): Promise<Promise<Finished>[]> => {
    const began = performance.now();
    const dir = entry ? `${entry.id}/` : '';
    const keep = entry?.id !== 'token' && inPrevious(dir);
    const read = mode === 'foreign' ? readForeign(file) : undefined;
    // schema.ts is sent first: on a large document, rendering it is the longest part. A self-contained JSON document
    // is sent as its text as soon as it is parsed: the TypeScript thread makes the same document of it while this
    // thread checks it across $refs and repairs it (an error here is still the one reported).
    const early = read?.json === undefined ? undefined : later(typescript.schema({ json: read.json }, source, file, `${dir}schema.ts`, keep));
    const { document, warnings } = repairedForTypes(read ? await bundleRead(read) : await bundleFile(file, { mode }));
    if (!entry && !/^3\./.test(String(document.openapi ?? ''))) {
      throw notOpenApi3(document, file);
    }
    const summary = (operations: number, more: string[], unsupported = 0): ApiSummary => ({ id: entry?.id ?? source, source, operations, ms: performance.now() - began, warnings: [...warnings.map(shown), ...more], unsupported });
    const schema = early ?? later(typescript.schema({ document }, source, file, `${dir}schema.ts`, keep));
    if (entry?.id === 'token') {
      // Its client is the hand-written templates/token/; the document gives schema.ts only.
      return [finish(file, [schema, later(typescript.templates('token'))]).then((files) => ({ files, summary: { ...summary(0, []), tokenClient: true } }))];
    }
    const apiPath = entry ? (entry.version ? `${entry.subApi}/${entry.version}/` : `${entry.subApi}/`) : '';
    const { name, pagination: _, ...naming } = { ...opts.clients?.['*'], ...(entry ? opts.clients?.[entry.id] : undefined) };
    const pagination = paginationSettings(opts.clients, entry?.id);
    const title = name ?? (entry ? entry.subApi : shortTitle(document.info?.title ?? ''));
    const model = buildApiModel(document, { id: entry?.id ?? '', name: title, apiPath, source, naming, pagination, ...(opts.docsUrl ? { docsUrl: opts.docsUrl } : {}), ...(opts.requestIdHeader ? { requestIdHeader: opts.requestIdHeader } : {}) });
    // The response validators, compiled here from the document while the TypeScript thread renders schema.ts.
    const validators = renderValidators(document, model, file);
    const warned = [...model.warnings, ...validators.warnings];
    return [finish(file, [schema, later(typescript.client(model, keep, validators.text))]).then((files) => ({ files, summary: summary(model.operations.length, modelWarnings(warned, file), warned.filter((w) => typeof w !== 'string' && w.unsupported).length) }))];
  };
  if (entries && entries.length > 1 && opts.clients?.['*']?.name !== undefined) throw new DocexError('a client name (--name, or "name" under "*" in clients) names one API: give one document or one --api, or a name per API id under clients', 2);
  try {
    // (start() answers in an array: an async function's promise of a promise would wait for the TypeScript thread.)
    if (!entries) pending.push(...(await start(input, basename(input), 'foreign')).map(later));
    else {
      for (const entry of entries) {
        // A client repo's own copy of a document (config `documents`) is held to what foreign documents are.
        const mode = opts.documents && Object.hasOwn(opts.documents, entry.id) ? 'foreign' : 'own';
        pending.push(...(await start(entry.file, entry.relPath.split('\\').join('/'), mode, entry)).map(later));
      }
    }
  } catch (err) {
    await settle();
    throw err;
  }
  const done = await settle();
  const apiFiles = done.flatMap((d) => [...d.files]);
  const tree: OutputTree = new Map([...runtimeClosure(await runtime, apiFiles), ...apiFiles]);
  const apis = done.map((d) => d.summary);
  return { tree: entries ? new Map([...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : tree, apis };
}
