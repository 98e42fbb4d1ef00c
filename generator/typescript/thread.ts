// The TypeScript thread: the files docex writes as TypeScript are made and gated in a worker_threads worker
// (tasks.ts), while the main thread parses (or bundles) documents and builds their models. On two cores
// that takes loading TypeScript, openapi-typescript and ts-morph off the path, as it happens while the first
// document is read, and one API's files are made while the next API is read. It costs CPU of its own: the worker's
// start and the copy of each document sent to it (see bench/README.md#behind-the-design-decisions).
// A large API's client files are printed on the main thread instead, once its model and validators are made, and
// gated on the worker after its schema.ts: rendering schema.ts alone keeps the worker busy past that point, and the
// model then never crosses to the worker.
// A small API's stay on the worker, where ts-morph is loaded already (loading it here too would cost more than
// printing them there).
// Run from sources (vitest runs generator/*.ts, which a worker cannot load), the same tasks run in this thread.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { ApiModel } from '../model/index.js';
import { DocexError } from '../util/errors.js';
import type { EmitOverrides, GatedFiles, Printed, ResultOf, SchemaInput, SurfaceRead, SurfacesRead, Task } from './tasks.js';

export interface TypeScriptThread {
  /** runtime/ or token/: the templates copied as files. */
  templates(dir: 'runtime' | 'token'): Promise<GatedFiles>;
  /** schema.ts at `path` of a document, or of a self-contained JSON text (load's jsonForTypes); rejects as
   *  openapi-typescript would (DocexError, exit 2, naming `file`). With `keepParse`, the thread keeps the gate's parse
   *  for a surface read. */
  schema(input: SchemaInput, source: string, file: string, path: string, keepParse: boolean): Promise<GatedFiles>;
  /** client.ts, raw.ts, index.ts, validators.js (the document's part given) and .d.ts, and README.md of a model;
   *  rejects with an emitter's crash. */
  client(model: ApiModel, keepParse: boolean, validators: string): Promise<GatedFiles>;
  /** What changed in the public surfaces of the APIs asked, compared here (the report's step, after generation). */
  surfaces(apis: SurfaceRead[]): Promise<SurfacesRead>;
  close(): Promise<void>;
}

/** An error as it crosses threads: a DocexError keeps its exit code and location, anything else its stack. */
export type WireError = { docex: true; message: string; exitCode: number; file?: string; line?: number } | { docex: false; message: string; stack?: string };
export type Reply = { id: number; ok: true; value: Printed | GatedFiles | SurfacesRead } | { id: number; ok: false; error: WireError };

function unwire(e: WireError): Error {
  if (e.docex) return new DocexError(e.message, e.exitCode, e.file, e.line);
  const err = new Error(e.message);
  if (e.stack) err.stack = e.stack;
  return err;
}

type Runner = { run<T extends Task>(task: T): Promise<ResultOf<T>>; close(): Promise<void> };

// The worker's compiled entry beside this module; from sources there is none.
const workerEntry = new URL('./worker.js', import.meta.url);

/** The thread of one `docex generate`. `overrides` (tests' emitters) run the tasks in this thread. */
export function openTypeScriptThread(overrides?: EmitOverrides): TypeScriptThread {
  const worker = existsSync(workerEntry) && !overrides;
  const { run, close } = worker ? inWorker() : inThread(overrides);
  let here: Runner | undefined;
  return {
    templates: (dir) => run({ kind: 'templates', dir }),
    schema: (input, source, file, path, keepParse) => run({ kind: 'schema', input, source, file, path, keepParse }),
    // Printed here, gated on the worker once schema.ts is: its parser is warm there, and the surface step reads there.
    client: (model, keepParse, validators) =>
      worker && model.operations.length > PRINT_ON_MAIN_ABOVE
        ? (here ??= inThread()).run({ kind: 'print', model, validators }).then(({ files }) => run({ kind: 'gate', files, keepParse }))
        : run({ kind: 'client', model, keepParse, validators }),
    surfaces: (apis) => run({ kind: 'surfaces', apis }),
    close,
  };
}

function inThread(overrides?: EmitOverrides): Runner {
  const tasks = import('./tasks.js').then((m) => ({ runTask: m.runTask, session: m.openSession(overrides) }));
  tasks.catch(() => {}); // reported by the first task that awaits it
  return {
    run: async (task) => {
      const { runTask, session } = await tasks;
      return runTask(task, session);
    },
    close: async () => {},
  };
}

/** A worker and what became of it. Its listeners are attached at once: a failure before any task is kept, not thrown. */
interface Spawned {
  worker: Worker;
  failed?: Error;
  onFail(err: Error): void;
  onReply(r: Reply): void;
}

// openapi-typescript and the printer allocate many short-lived objects: a larger young generation spends less of the
// thread's time in GC for some more peak memory (see bench/README.md#1-generation).
const YOUNG_GENERATION_MB = 128;

/** Operations above which an API's client files are printed on the main thread (see the top of this file). */
export const PRINT_ON_MAIN_ABOVE = 500;

function spawn(): Spawned {
  const s: Spawned = { worker: new Worker(workerEntry, { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }), onFail: () => {}, onReply: () => {} };
  const fail = (err: Error) => {
    s.failed ??= err;
    s.onFail(s.failed);
  };
  s.worker.on('message', (r: Reply) => s.onReply(r));
  // The worker crashing (it cannot load its modules, runs out of memory) fails what it was asked, as a crash would.
  s.worker.on('error', fail);
  s.worker.on('exit', (code) => fail(new Error(`the TypeScript thread stopped (exit code ${code})`)));
  return s;
}

let early: Spawned | undefined;

/**
 * Starts the TypeScript thread before the rest of docex is loaded (bin/docex.js, for `generate`): loading TypeScript
 * there is the longest part of generating a small document, and this starts it sooner. Never asked for (bad
 * arguments, --help), it does not keep the process alive.
 */
export function startTypeScriptThread(): void {
  if (early || !existsSync(workerEntry)) return;
  early = spawn();
  early.worker.unref();
}

function inWorker(): Runner {
  const s = early ?? spawn();
  early = undefined;
  s.worker.ref();
  const waiting = new Map<number, { resolve: (v: Printed | SurfacesRead) => void; reject: (e: Error) => void }>();
  let next = 0;
  s.onFail = (err) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  s.onReply = (r) => {
    const w = waiting.get(r.id);
    waiting.delete(r.id);
    if (r.ok) w?.resolve(r.value);
    else w?.reject(unwire(r.error));
  };
  return {
    run: <T extends Task>(task: T) =>
      new Promise<ResultOf<T>>((resolve, reject) => {
        if (s.failed) return reject(s.failed);
        const id = next++;
        waiting.set(id, { resolve: resolve as (v: Printed | SurfacesRead) => void, reject });
        s.worker.postMessage({ id, task });
      }),
    // Not awaited: the main thread spends the time that stopping the thread takes writing the files instead; the
    // worker no longer holds the process open (unref), so a command ends as soon as its own work is done.
    close: async () => {
      waiting.clear();
      s.onFail = () => {};
      s.worker.unref();
      s.worker.terminate().catch(() => {});
    },
  };
}
