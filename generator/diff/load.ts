// Loading what `docex diff` compares: any parseable document whose $refs resolve (foreign mode), even one
// Redocly does not recognise as OpenAPI (no `openapi`/`swagger` key): that one is read as plain YAML/JSON
// and only its internal refs are checked.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { bundleFile } from '../load/bundle.js';
import { deref } from '../load/resolve.js';
import type { OpenApiDocument } from '../load/types.js';
import { DocexError } from '../util/errors.js';

function isMapping(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function readPlain(file: string): OpenApiDocument {
  const text = readFileSync(file, 'utf8');
  const counter = new LineCounter();
  const parsed = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
  const shown = relative(process.cwd(), file) || file;
  const err = parsed.errors[0];
  if (err) throw new DocexError(`cannot parse: ${err.message.split('\n')[0]}`, 2, shown, err.linePos?.[0]?.line);
  const doc: unknown = parsed.toJS({ maxAliasCount: -1 });
  if (!isMapping(doc)) throw new DocexError('not an OpenAPI document (expected a mapping at the top level)', 2, shown, 1);
  const lineOf = (needle: string): number | undefined => {
    const at = text.indexOf(needle);
    return at < 0 ? undefined : counter.linePos(at).line;
  };
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (isMapping(node) && typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (!ref.startsWith('#/')) throw new DocexError(`cannot resolve external $ref "${ref}" in a document that is not OpenAPI`, 2, shown, lineOf(ref));
      if (deref(doc as OpenApiDocument, node) === undefined) throw new DocexError(`Can't resolve $ref "${ref}"`, 2, shown, lineOf(ref));
    }
    for (const v of Object.values(node)) walk(v);
  };
  walk(doc);
  return doc as OpenApiDocument;
}

export async function loadDocument(file: string): Promise<OpenApiDocument> {
  let document: unknown;
  try {
    document = (await bundleFile(file, { mode: 'foreign' })).document;
  } catch (err) {
    if (err instanceof DocexError && /Unsupported specification/i.test(err.message)) return readPlain(file);
    if (err instanceof DocexError && /must be JSON object/i.test(err.message)) {
      throw new DocexError('not an OpenAPI document (expected a mapping at the top level)', 2, err.file ?? file, 1);
    }
    throw err;
  }
  if (!isMapping(document)) {
    throw new DocexError('not an OpenAPI document (expected a mapping at the top level)', 2, relative(process.cwd(), file) || file, 1);
  }
  return document as OpenApiDocument;
}
