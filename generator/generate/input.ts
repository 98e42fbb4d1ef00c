// What an input holds, for every command that reads one as `generate` does (generate, docs): an `openapi/` tree's
// APIs (with a client repo's own copies of documents, and a selection), or one document of any origin.
import { relative, sep } from 'node:path';
import { statSync } from 'node:fs';
import { discoverApis, type ApiEntry } from '../load/index.js';
import { DocexError } from '../util/errors.js';

export interface InputOptions {
  /** API ids to take (`document/v1`, `token`); default all. */
  apis?: 'all' | readonly string[];
  /** Local documents used instead of the tree's, by API id. */
  documents?: Readonly<Record<string, string>>;
}

const API_ID = /^(token|([a-z][a-z0-9-]*)\/(v\d+(?:\.\d+)*))$/;

/** The tree's APIs, sorted by id; undefined when `input` is one document. Exit 2 when it is missing or holds none. */
export function inputEntries(input: string, opts: InputOptions = {}): ApiEntry[] | undefined {
  let isDir: boolean;
  try {
    isDir = statSync(input).isDirectory();
  } catch {
    throw new DocexError('input not found', 2, input);
  }
  if (!isDir) return undefined;
  const entries = selectEntries(input, opts);
  if (entries.length === 0) throw new DocexError('no <subApi>/<version>/openapi.yaml or token/openapi.yaml found', 2, input);
  return entries;
}

function selectEntries(input: string, opts: InputOptions): ApiEntry[] {
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
