// load -> model -> emit for a whole input (an `openapi/` tree or one foreign document), in memory.
import { statSync } from 'node:fs';
import { basename, relative, sep } from 'node:path';
import { bundleFile, discoverApis, repairedForTypes, type ApiEntry, type Diagnostic, type OpenApiDocument } from '../load/index.js';
import { buildApiModel } from '../model/index.js';
import { DocexError } from '../util/errors.js';
import { loadPrinter } from './printer.js';
import { renderSchema } from './schema.js';
import { checkSyntax } from './syntax-gate.js';
import { addApi, addTokenSchema, copyTemplates, type OutputTree } from './tree.js';

export interface ApiSummary {
  id: string;
  source: string;
  operations: number;
  ms: number;
  warnings: string[];
}

export interface GenerateResult {
  tree: OutputTree;
  apis: ApiSummary[];
}

export interface GenerateOptions {
  /** API ids to generate (`document/v1`, `token`); default all. runtime/ is always generated. */
  apis?: 'all' | readonly string[];
  /** Local documents used instead of the tree's, by API id. */
  documents?: Readonly<Record<string, string>>;
}

const shown = (w: Diagnostic) => `${w.file}${w.line ? `:${w.line}` : ''}: ${w.message}`;

/** schema.ts of one document; openapi-typescript's own errors (a document shape it cannot type) exit 2 naming the
 *  file and its pointer, never as a stack trace. */
function schemaOf(document: OpenApiDocument, file: string): string {
  try {
    return renderSchema(document);
  } catch (err) {
    if (err instanceof DocexError) throw err;
    throw new DocexError(`cannot generate types: ${err instanceof Error ? err.message : String(err)}`, 2, file);
  }
}

const API_ID = /^(token|([a-z][a-z0-9-]*)\/(v\d+(?:\.\d+)*))$/;

function selectEntries(input: string, opts: GenerateOptions): ApiEntry[] {
  const found = new Map(discoverApis(input).map((e) => [e.id, e]));
  for (const [id, file] of Object.entries(opts.documents ?? {})) {
    const m = API_ID.exec(id);
    if (!m) throw new DocexError(`"${id}" is not an API id like document/v1 or token`, 2);
    const source = relative(process.cwd(), file).split(sep).join('/') || file;
    found.set(id, { id, subApi: m[2] ?? 'token', version: m[3], file, relPath: source });
  }
  let entries = [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (opts.apis && opts.apis !== 'all') {
    const wanted = new Set(opts.apis);
    const unknown = [...wanted].filter((id) => !found.has(id));
    if (unknown.length) throw new DocexError(`unknown API ${unknown.join(', ')} (known: ${[...found.keys()].sort().join(', ')})`, 2, input);
    entries = entries.filter((e) => wanted.has(e.id));
  }
  return entries;
}

export async function generateTree(input: string, opts: GenerateOptions = {}): Promise<GenerateResult> {
  let isDir: boolean;
  try {
    isDir = statSync(input).isDirectory();
  } catch {
    throw new DocexError('input not found', 2, input);
  }
  const tree: OutputTree = new Map();
  const apis: ApiSummary[] = [];
  const printer = await loadPrinter();
  /** Adds one document's files, then parses them: nothing is written if one does not. */
  const gated = (source: string, add: () => void) => {
    const before = new Set(tree.keys());
    add();
    // The files docex's emitters build; schema.ts is printed by TypeScript's own printer from an AST, and the
    // runtime/token templates are copied verbatim after tsc checked them here (parsing GitHub's 6.5 MB schema.ts
    // would cost more than printing its client).
    checkSyntax(tree, [...tree.keys()].filter((k) => !before.has(k) && /(^|\/)(client|raw|index)\.ts$/.test(k) && !/^(runtime|token)\//.test(k)), source);
  };
  copyTemplates(tree, 'runtime');
  if (!isDir) {
    const start = performance.now();
    const source = basename(input);
    const { document, warnings } = repairedForTypes(await bundleFile(input, { mode: 'foreign' }));
    if (!/^3\./.test(String(document.openapi ?? ''))) {
      throw new DocexError(`not an OpenAPI 3.x document (${document.swagger ? `Swagger ${String(document.swagger)}` : 'no "openapi: 3.x"'}); convert it to OpenAPI 3 first`, 2, input, 1);
    }
    const model = buildApiModel(document, { id: '', name: document.info?.title ?? '', apiPath: '', source });
    gated(input, () => addApi(tree, model, schemaOf(document, input), printer));
    apis.push({ id: source, source, operations: model.operations.length, ms: performance.now() - start, warnings: [...warnings.map(shown), ...model.warnings] });
    return { tree, apis };
  }
  const entries = selectEntries(input, opts);
  if (entries.length === 0) throw new DocexError('no <subApi>/<version>/openapi.yaml or token/openapi.yaml found', 2, input);
  for (const entry of entries) {
    const start = performance.now();
    const source = entry.relPath.split('\\').join('/');
    // A client repo's own copy of a document (config `documents`) is held to what foreign documents are.
    const mode = opts.documents && Object.hasOwn(opts.documents, entry.id) ? 'foreign' : 'own';
    const { document, warnings } = repairedForTypes(await bundleFile(entry.file, { mode }));
    let operations = 0;
    const modelWarnings: string[] = [];
    if (entry.id === 'token') {
      // Templates copied verbatim (type-checked in this repo) and schema.ts from TypeScript's printer: nothing to gate.
      copyTemplates(tree, 'token');
      addTokenSchema(tree, source, schemaOf(document, entry.file));
    } else {
      const apiPath = entry.version ? `${entry.subApi}/${entry.version}/` : `${entry.subApi}/`;
      const model = buildApiModel(document, { id: entry.id, name: entry.subApi, apiPath, source });
      gated(entry.file, () => addApi(tree, model, schemaOf(document, entry.file), printer));
      operations = model.operations.length;
      modelWarnings.push(...model.warnings);
    }
    apis.push({ id: entry.id, source, operations, ms: performance.now() - start, warnings: [...warnings.map(shown), ...modelWarnings] });
  }
  return { tree: new Map([...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), apis };
}
