// Comparing two `openapi/` trees: each API (`document/v1`, `token`) present in both is diffed;
// a version that disappears from HEAD is breaking, a new one is not.
import { basename, dirname } from 'node:path';
import { discoverApis } from '../load/discover.js';
import { DocexError } from '../util/errors.js';
import { ChangeSink, diffDocuments, sortChanges } from './engine.js';
import { loadDocument } from './load.js';
import type { OpenApiDocument } from '../load/types.js';
import { unsupportedLines } from '../model/unsupported-lines.js';
import type { Change, DiffOptions } from './types.js';

export interface ComparedApi {
  api: string;
  baseFile: string | undefined;
  headFile: string | undefined;
}

export interface TreeDiff {
  changes: Change[];
  apis: ComparedApi[];
  /** What the compared documents hold that docex does not carry (so does not compare), `file:line: message`. */
  warnings: string[];
}

/** A document as the diff reads it, with its warnings of what docex does not carry. */
async function load(file: string, warnings: string[]): Promise<OpenApiDocument> {
  const doc = await loadDocument(file);
  warnings.push(...unsupportedLines(doc, file));
  return doc;
}

/** The label of a lone file: `document/v1` for `.../document/v1/openapi.yaml`, else its name without extension. */
function apiLabel(file: string): string {
  const version = basename(dirname(file));
  if (/^v\d+(\.\d+)*$/.test(version) && /^openapi\.(ya?ml|json)$/.test(basename(file))) return `${basename(dirname(dirname(file)))}/${version}`;
  return basename(file).replace(/\.(ya?ml|json)$/i, '');
}

export async function diffFiles(baseFile: string, headFile: string, options: DiffOptions = {}): Promise<TreeDiff> {
  const warnings: string[] = [];
  const [base, head] = [await load(baseFile, warnings), await load(headFile, warnings)];
  const api = apiLabel(headFile);
  return { changes: diffDocuments(base, head, api, options), apis: [{ api, baseFile, headFile }], warnings };
}

export async function diffTreesDetailed(baseDir: string, headDir: string, options: DiffOptions = {}): Promise<TreeDiff> {
  const base = new Map(discoverApis(baseDir).map((e) => [e.id, e]));
  const head = new Map(discoverApis(headDir).map((e) => [e.id, e]));
  const changes: Change[] = [];
  const apis: ComparedApi[] = [];
  const warnings: string[] = [];
  if (!base.size && !head.size) throw new DocexError(`no OpenAPI documents found under ${baseDir} or ${headDir} (expected <subApi>/<version>/openapi.yaml)`, 2);
  const ids = [...new Set([...base.keys(), ...head.keys()])].sort();
  for (const id of ids) {
    const b = base.get(id);
    const h = head.get(id);
    apis.push({ api: id, baseFile: b?.file, headFile: h?.file });
    if (b && h) {
      changes.push(...diffDocuments(await load(b.file, warnings), await load(h.file, warnings), id, options));
      continue;
    }
    const sink = new ChangeSink(id);
    const entry = (h ?? b)!;
    sink.add(h ? 'api-version-added' : 'api-version-removed', '', entry.relPath, { api: id });
    changes.push(...sink.changes());
  }
  return { changes: sortChanges(changes), apis, warnings };
}

/** Changes between two `openapi/` trees (for the docs site's changelog). */
export async function diffTrees(baseDir: string, headDir: string, options: DiffOptions = {}): Promise<Change[]> {
  return (await diffTreesDetailed(baseDir, headDir, options)).changes;
}
