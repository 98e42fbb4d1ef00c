// What the TypeScript thread does (typescript-thread.ts): every file docex writes as TypeScript is made and parsed
// there. schema.ts from openapi-typescript, client.ts/raw.ts/index.ts from the model with ts-morph, the runtime and
// token templates copied; each comes back with the syntax gate's verdict on each .ts file. One TypeScript is loaded
// for all of it (printer.ts), while the main thread is still bundling the first document.
import type { OpenApiDocument } from '../load/index.js';
import type { ApiModel } from '../model/index.js';
import { DocexError } from '../util/errors.js';
import { loadPrinter } from './printer.js';
import { renderSchema } from './schema.js';
import { syntaxError } from './syntax-gate.js';
import { banner } from './templates.js';
import { copyTemplates, emitApi } from './tree.js';

export type Task =
  | { kind: 'templates'; dir: 'runtime' | 'token' }
  /** `path` is where schema.ts goes; `file` names the document in errors; `source` goes into the banner. */
  | { kind: 'schema'; document: OpenApiDocument; source: string; file: string; path: string }
  | { kind: 'client'; model: ApiModel };

/** Files by path, in output order, and the gate's verdict on each (the first syntax error; undefined: it parses or is not .ts). */
export interface GatedFiles {
  files: [string, string][];
  errors: (string | undefined)[];
}

/** A seam like tree.ts's `emitters`: tests swap `render` (in-thread, from sources) to check the gate of schema.ts. */
export const schemaEmitter = { render: renderSchema };

const gated = (files: Iterable<[string, string]>): GatedFiles => {
  const list = [...files];
  return { files: list, errors: list.map(([path, text]) => (path.endsWith('.ts') ? syntaxError(path, text) : undefined)) };
};

/** schema.ts of one document; openapi-typescript's own errors (a document shape it cannot type) exit 2 naming the
 *  file and its pointer, never as a stack trace. */
function schemaFile(task: Extract<Task, { kind: 'schema' }>): GatedFiles {
  let text: string;
  try {
    text = banner(task.source) + schemaEmitter.render(task.document);
  } catch (err) {
    if (err instanceof DocexError) throw err;
    throw new DocexError(`cannot generate types: ${err instanceof Error ? err.message : String(err)}`, 2, task.file);
  }
  return gated([[task.path, text]]);
}

/** Runs one task; throws what making its files throws (openapi-typescript's DocexError, an emitter's crash). */
export async function runTask(task: Task): Promise<GatedFiles> {
  switch (task.kind) {
    case 'templates':
      return gated(copyTemplates(task.dir));
    case 'schema':
      return schemaFile(task);
    case 'client':
      return gated(emitApi(task.model, await loadPrinter()));
  }
}
