import type { NormalizedProblem } from '@redocly/openapi-core';
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { DocexError } from '../util/errors.js';
import { isObject } from '../util/json.js';
import { checkJsonDepth } from './bounds.js';
import { asParsed } from './for-types.js';
import { repairForTypes } from './repair.js';
import { checkRefDepth } from './ref-depth.js';
import { repairRedoclyTypes } from './redocly-types.js';
import { boundedResolver, checkRefChains } from './resolver.js';
import { resolveAgainstSelf } from './self-uri.js';
import { selfContained } from './self-contained.js';
import { parseYamlDocument } from './yaml.js';
import type { OpenApiDocument } from './types.js';

export interface Diagnostic {
  file: string;
  line: number;
  message: string;
}

interface BundledDocument {
  file: string;
  /** One self-contained document: external `$ref`s pulled into `components`, internal ones kept. */
  document: OpenApiDocument;
  warnings: Diagnostic[];
}

interface BundleOptions {
  /**
   * `own`: our documents, held to everything (schema errors, duplicate operationIds -> exit 2).
   * `foreign`: a document from elsewhere: only unparsable files and dangling `$ref`s are errors.
   */
  mode: 'own' | 'foreign';
}

type BundleResult = Awaited<ReturnType<typeof import('@redocly/openapi-core').bundle>>;

// The package index loads every rule, the config machinery, graphql and the formatters (most of a small document's
// run, before any work): foreign documents go through the OpenAPI-only bundler entry instead, and the index is loaded
// for our own documents (lint) and for diagnostics only.
const core = async () => {
  const loaded = await import('@redocly/openapi-core');
  repairRedoclyTypes(loaded.Oas3_2Types);
  return loaded;
};

async function toDiagnostics(problems: NormalizedProblem[]): Promise<Diagnostic[]> {
  if (problems.length === 0) return [];
  const { getLineColLocation } = await core();
  return problems.map((p) => {
    const loc = p.location[0];
    if (!loc) return { file: '', line: 0, message: p.message };
    const lc = getLineColLocation(loc);
    return { file: relative(process.cwd(), lc.source.absoluteRef) || lc.source.absoluteRef, line: lc.start.line, message: p.message };
  });
}

/**
 * A bundle repaired for type generation (see repair.ts), its repairs added as warnings on the file. Only `generate`
 * needs it: lint, diff, docs and the sandbox keep the document as written.
 */
export function repairedForTypes(bundled: BundledDocument): BundledDocument {
  const { document, repairs } = repairForTypes(bundled.document);
  const shown = relative(process.cwd(), bundled.file) || bundled.file;
  return { file: bundled.file, document, warnings: [...bundled.warnings, ...repairs.map((message) => ({ file: shown, line: 0, message }))] };
}

const STRICT_RULES = { struct: 'error', 'operation-operationId-unique': 'error', 'operation-operationId': 'error', 'no-unresolved-refs': 'error' } as const;
const FOREIGN_RULES = { 'no-unresolved-refs': 'error' } as const;

/** A foreign document read and parsed, before the checks across `$ref`s and bundling (bundleRead). */
interface ForeignRead {
  file: string;
  read: ParsedFile | undefined;
  /** It needs no bundling: it is used as parsed (asParsed). */
  selfContained: boolean;
  /** What reading it found that does not stop it: a `.json` file that is not JSON, read as YAML. */
  warnings: Diagnostic[];
  /** Its text, when it is JSON and self-contained: the document is for-types.ts's jsonForTypes(json) once the checks
   *  pass. */
  json?: string;
}

/** Reads and parses a foreign document (bounds.ts's checks included) and tells whether it needs bundling. */
export function readForeign(file: string): ForeignRead {
  const warnings: Diagnostic[] = [];
  const read = parseDocumentFile(file, warnings);
  if (read) resolveAgainstSelf(read.parsed);
  const plain = read !== undefined && selfContained(read.parsed);
  return { file, read, selfContained: plain, warnings, ...(plain && isJsonFile(file) ? { json: read.text } : {}) };
}

/** The rest of bundleFile for a foreign document: the checks across `$ref`s, and bundling when it needs it. */
export async function bundleRead({ file, read, selfContained: plain, warnings }: ForeignRead): Promise<BundledDocument> {
  if (read && plain) {
    await checkRefDepth({ file, ...read });
    return { file, document: asParsed(read.parsed), warnings };
  }
  const result = await bundleForeign(file, read);
  const problems = await toDiagnostics(result.problems);
  // A discriminator's mapping only names schemas: one that does not resolve is dropped for type generation (repair.ts), not fatal.
  const fatal = (p: NormalizedProblem) => p.severity === 'error' && !p.location[0]?.pointer?.includes('/discriminator/mapping/');
  throwFirstError(problems.filter((_, i) => fatal(result.problems[i]!)));
  return { file, document: result.bundle.parsed as OpenApiDocument, warnings: [...warnings, ...problems] };
}

/** Parses, resolves and bundles one document; bad input throws a DocexError naming file and line. */
export async function bundleFile(file: string, opts: BundleOptions): Promise<BundledDocument> {
  // Foreign documents skip the lint pass (a second full walk of a large document): the bundler
  // itself reports what they are held to, unparsable files and dangling $refs.
  if (opts.mode === 'foreign') return bundleRead(readForeign(file));
  const { bundle, createConfig, lint } = await core();
  const config = await createConfig({ rules: STRICT_RULES });
  let problems: NormalizedProblem[];
  const linting = await boundedResolver(config);
  await checkRefChains(linting, file);
  try {
    problems = await lint({ ref: file, config, externalRefResolver: linting });
  } catch (err) {
    throw fromThrown(err, file);
  }
  linting.check();
  throwFirstError(await toDiagnostics(problems.filter((p) => p.severity === 'error')));
  let result: BundleResult;
  try {
    result = await bundle({ ref: file, config, dereference: false, externalRefResolver: await boundedResolver(config) });
  } catch (err) {
    throw fromThrown(err, file);
  }
  const warnings = await toDiagnostics([...problems.filter((p) => p.severity !== 'error'), ...result.problems]);
  return { file, document: result.bundle.parsed as OpenApiDocument, warnings };
}

/**
 * The OpenAPI-only bundler with an empty config bundles exactly as `bundle()` with FOREIGN_RULES does (rules
 * play no part in bundling; the bundler reports dangling refs itself). It knows OpenAPI 2 and 3 only: anything
 * else (AsyncAPI...) goes through `bundle()`, so its message stays what it was.
 */
async function bundleForeign(file: string, read: ParsedFile | undefined): Promise<BundleResult> {
  const { bundleOas, createEmptyRedoclyConfig, Source } = await import('@redocly/openapi-core/lib/bundle-oas');
  // The type tree to repair is reached through the package index, loaded only for the documents that need it.
  if (read && isObject(read.parsed) && /^3\.2\./.test(String(read.parsed.openapi))) await core();
  const empty = createEmptyRedoclyConfig();
  const resolver = await boundedResolver(empty);
  await checkRefChains(resolver, file, read && { file: resolve(file), ...read });
  try {
    const doc = read && { source: new Source(resolve(file), read.text), parsed: read.parsed };
    const result = await bundleOas({ ...(doc ? { doc } : { ref: file }), config: empty, dereference: false, externalRefResolver: resolver });
    resolver.check();
    return result;
  } catch (err) {
    if (!(err instanceof Error && err.message.startsWith('Unsupported OpenAPI version'))) throw fromThrown(err, file);
  }
  const { bundle, createConfig } = await core();
  const config = await createConfig({ rules: FOREIGN_RULES });
  const again = await boundedResolver(config);
  try {
    const result = await bundle({ ref: file, config, dereference: false, externalRefResolver: again });
    again.check();
    return result;
  } catch (err) {
    throw fromThrown(err, file);
  }
}

/** A document that is not OpenAPI 3.x, reported at its first line with what it is instead. */
export function notOpenApi3(document: unknown, file: string): DocexError {
  const swagger = document && typeof document === 'object' && 'swagger' in document ? String(document.swagger) : undefined;
  return new DocexError(`not an OpenAPI 3.x document (${swagger ? `Swagger ${swagger}` : 'no "openapi: 3.x"'}); convert it to OpenAPI 3 first`, 2, file, 1);
}

interface ParsedFile {
  /** As Redocly reads it: CRLF as LF. */
  text: string;
  parsed: unknown;
}

const isJsonFile = (file: string): boolean => /\.json$/i.test(file);

/**
 * A `.json`, `.yaml` or `.yml` document read once and parsed as the bundler would parse it, both to tell whether it
 * needs bundling (self-contained.ts) and for the bundler to start from (`doc`). JSON goes through JSON.parse: Redocly
 * parses JSON with its YAML parser, far slower on a large description; same objects, except that
 * duplicate keys, which the YAML parser refuses, take the last value, as in every JSON parser (RFC 8259 leaves them
 * to the reader). YAML goes through Redocly's own parser settings (yaml.ts). Anything unreadable or unparsable here
 * (a BOM in JSON, YAML in a .json file, a YAML error) is undefined and goes the bundler's way, with its error (a
 * `.json` file that is not JSON also with a warning in `warnings`); a file past a bound (bounds.ts) throws.
 */
function parseDocumentFile(file: string, warnings: Diagnostic[]): ParsedFile | undefined {
  const json = isJsonFile(file);
  if (!json && !/\.ya?ml$/i.test(file)) return undefined;
  let text: string;
  try {
    const body = readFileSync(file, 'utf8');
    text = body.includes('\r') ? body.replace(/\r\n/g, '\n') : body;
  } catch {
    return undefined;
  }
  let parsed: unknown;
  if (json) {
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      // Redocly's YAML parser reads what JSON refuses (a trailing comma, a `#` comment): said, never silent.
      warnings.push(notJson(file, text, err));
      return undefined;
    }
    checkJsonDepth(text, file);
  } else parsed = parseYamlDocument(text, resolve(file));
  return parsed === undefined ? undefined : { text, parsed };
}

/** A `.json` file JSON.parse refused, at the line its error points to. */
function notJson(file: string, text: string, err: unknown): Diagnostic {
  const message = err instanceof Error ? err.message : String(err);
  const at = /at position (\d+)/.exec(message);
  const line = at ? text.slice(0, Number(at[1])).split('\n').length : 0;
  const reason = message.replace(/ in JSON at position \d+.*$/s, '').replace(/, ".*" is not valid JSON$/s, '');
  return { file: relative(process.cwd(), file) || file, line, message: `not valid JSON (${reason}): read as YAML, as Redocly reads it` };
}

function throwFirstError(errors: Diagnostic[]): void {
  const first = errors[0];
  if (first) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : '';
    throw new DocexError(`${first.message}${more}`, 2, first.file, first.line);
  }
}

function fromThrown(err: unknown, file: string): DocexError {
  if (err instanceof DocexError) return err;
  // Redocly's "Unsupported specification" names neither the line nor what is missing.
  if (err instanceof Error && err.message.startsWith('Unsupported specification')) return notOpenApi3(undefined, file);
  if (err && typeof err === 'object' && 'line' in err && 'source' in err) {
    const e = err as { message: string; line: number; source: { absoluteRef: string } };
    return new DocexError(`cannot parse: ${e.message.replace(/ in ".*$/, '')}`, 2, relative(process.cwd(), e.source.absoluteRef), e.line);
  }
  if (err && typeof err === 'object' && 'code' in err && (err as { code: string }).code === 'ENOENT') {
    return new DocexError('file not found', 2, file);
  }
  return new DocexError(err instanceof Error ? err.message : String(err), 2, file);
}
