import { bundle, createConfig, getLineColLocation, lint, type NormalizedProblem } from '@redocly/openapi-core';
import { relative } from 'node:path';
import { DocexError } from '../util/errors.js';
import type { OpenApiDocument } from './types.js';

export interface Diagnostic {
  file: string;
  line: number;
  message: string;
}

export interface BundledDocument {
  file: string;
  /** One self-contained document: external `$ref`s pulled into `components`, internal ones kept. */
  document: OpenApiDocument;
  warnings: Diagnostic[];
}

export interface BundleOptions {
  /**
   * `own`: our documents, held to everything (schema errors, duplicate operationIds -> exit 2).
   * `foreign`: a document from elsewhere: only unparsable files and dangling `$ref`s are errors.
   */
  mode: 'own' | 'foreign';
}

function toDiagnostic(p: NormalizedProblem): Diagnostic {
  const loc = p.location[0];
  if (!loc) return { file: '', line: 0, message: p.message };
  const lc = getLineColLocation(loc);
  return { file: relative(process.cwd(), lc.source.absoluteRef) || lc.source.absoluteRef, line: lc.start.line, message: p.message };
}

const STRICT_RULES = { struct: 'error', 'operation-operationId-unique': 'error', 'operation-operationId': 'error', 'no-unresolved-refs': 'error' } as const;
const FOREIGN_RULES = { 'no-unresolved-refs': 'error' } as const;

/** Parses, resolves and bundles one document; bad input throws a DocexError naming file and line. */
export async function bundleFile(file: string, opts: BundleOptions): Promise<BundledDocument> {
  const config = await createConfig({ rules: opts.mode === 'own' ? STRICT_RULES : FOREIGN_RULES });
  // Foreign documents skip the lint pass (a second full walk, ~1 s on GitHub's description): the bundler
  // itself reports what they are held to, unparsable files and dangling $refs.
  let problems: NormalizedProblem[] = [];
  try {
    if (opts.mode === 'own') problems = await lint({ ref: file, config });
  } catch (err) {
    throw fromThrown(err, file);
  }
  throwFirstError(problems);
  let result: Awaited<ReturnType<typeof bundle>>;
  try {
    result = await bundle({ ref: file, config, dereference: false });
  } catch (err) {
    throw fromThrown(err, file);
  }
  if (opts.mode === 'foreign') throwFirstError(result.problems);
  const warnings = [...problems.filter((p) => p.severity !== 'error'), ...result.problems].map(toDiagnostic);
  return { file, document: result.bundle.parsed as OpenApiDocument, warnings };
}

function throwFirstError(problems: NormalizedProblem[]): void {
  const errors = problems.filter((p) => p.severity === 'error').map(toDiagnostic);
  const first = errors[0];
  if (first) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : '';
    throw new DocexError(`${first.message}${more}`, 2, first.file, first.line);
  }
}

function fromThrown(err: unknown, file: string): DocexError {
  if (err && typeof err === 'object' && 'line' in err && 'source' in err) {
    const e = err as { message: string; line: number; source: { absoluteRef: string } };
    return new DocexError(`cannot parse: ${e.message.replace(/ in ".*$/, '')}`, 2, relative(process.cwd(), e.source.absoluteRef), e.line);
  }
  if (err && typeof err === 'object' && 'code' in err && (err as { code: string }).code === 'ENOENT') {
    return new DocexError('file not found', 2, file);
  }
  return new DocexError(err instanceof Error ? err.message : String(err), 2, file);
}
