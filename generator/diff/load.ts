// Loading what `docex diff` compares: any parseable document whose $refs resolve (bundleFile, foreign mode),
// even one Redocly does not recognise as OpenAPI (no `openapi`/`swagger` key): that one is read as plain
// YAML/JSON and only its internal refs are checked. A self-contained JSON document is used as parsed.
import { readFileSync } from 'node:fs';
import { YAMLException } from 'js-yaml';
import { checkJsonDepth } from '../load/bounds.js';
import { checkRefDepth } from '../load/ref-depth.js';
import { deref } from '../load/resolve.js';
import type { OpenApiDocument } from '../load/types.js';
import { parseYaml } from '../load/yaml.js';
import { displayPath } from '../util/display-path.js';
import { DocexError } from '../util/errors.js';
import { isObject as isMapping } from '../util/json.js';

/** Read as Redocly reads a file, with its bounds (load/bounds.ts). */
function readPlain(file: string): OpenApiDocument {
  const text = readFileSync(file, 'utf8');
  const shown = displayPath(file);
  let doc: unknown;
  try {
    doc = parseYaml(text, file);
  } catch (err) {
    if (err instanceof YAMLException) throw new DocexError(`cannot parse: ${err.reason}`, 2, shown, err.mark && err.mark.line + 1);
    throw err;
  }
  if (!isMapping(doc)) throw new DocexError('not an OpenAPI document (expected a mapping at the top level)', 2, shown, 1);
  const lineOf = (needle: string): number | undefined => {
    const at = text.indexOf(needle);
    return at < 0 ? undefined : text.slice(0, at).split('\n').length;
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

/** Every $ref is internal and resolves: nothing for a bundler to do. */
function selfContained(doc: Record<string, unknown>): boolean {
  const ok = new Set<string>();
  const stack: unknown[] = [doc];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (!Array.isArray(node)) {
      const ref = (node as Record<string, unknown>).$ref;
      if (typeof ref === 'string' && !ok.has(ref)) {
        if (!ref.startsWith('#/') || deref(doc as OpenApiDocument, node as { $ref: string }) === undefined) return false;
        ok.add(ref);
      }
    }
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') stack.push(v);
  }
  return true;
}

/** Large JSON descriptions (GitHub's is 13 MB) skip the bundler when it would return them unchanged. */
function fastJson(file: string): OpenApiDocument | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  if (!/^\s*\{/.test(text)) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  checkJsonDepth(text, file);
  return isMapping(doc) && (typeof doc.openapi === 'string' || typeof doc.swagger === 'string') && selfContained(doc) ? (doc as OpenApiDocument) : undefined;
}

export async function loadDocument(file: string): Promise<OpenApiDocument> {
  // Read without the bundler: held here to the bound across $refs, as bundleFile holds what it reads.
  const unbundled = async (doc: OpenApiDocument) => (await checkRefDepth({ file, parsed: doc }), doc);
  const fast = fastJson(file);
  if (fast) return unbundled(fast);
  let document: unknown;
  try {
    // Loaded on demand: Redocly is slow to import (see bench/README.md#behind-the-design-decisions).
    const { bundleFile } = await import('../load/bundle.js');
    document = (await bundleFile(file, { mode: 'foreign' })).document;
  } catch (err) {
    if (err instanceof DocexError && /^not an OpenAPI 3\.x document \(no /.test(err.message)) return readPlain(file);
    if (err instanceof DocexError && /must be JSON object/i.test(err.message)) {
      throw new DocexError('not an OpenAPI document (expected a mapping at the top level)', 2, err.file ?? file, 1);
    }
    throw err;
  }
  if (!isMapping(document)) {
    throw new DocexError('not an OpenAPI document (expected a mapping at the top level)', 2, displayPath(file), 1);
  }
  return document as OpenApiDocument;
}
