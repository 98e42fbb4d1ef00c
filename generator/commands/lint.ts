import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProblems, FORMATS, totals, type LintFormat } from '../lint/format.js';
import { lintFiles } from '../lint/run.js';
import { loadDocument } from '../diff/load.js';
import { discoverApis } from '../load/index.js';
import { strictFailure, unsupportedLines } from '../model/unsupported-lines.js';
import { resolveConfig } from '../util/config.js';
import { DocexError } from '../util/errors.js';

const USAGE = `Usage: docex lint [PATH...] [--format stylish|json|github-actions|markdown] [--strict]

Lints OpenAPI documents against the API conventions (Redocly recommended + the docex plugin).
PATH is a document or an openapi/ tree (default: every openapi.yaml under ./openapi).
What a document holds that docex does not carry is a warning on stderr naming file and line;
--strict (or "strict": true in docex.config.json) makes it a failure.
Exit: 0 clean (warnings allowed), 1 errors found, 2 bad input, 3 --strict and such a warning.
`;

function isFormat(f: string): f is LintFormat {
  return FORMATS.some((x) => x === f);
}

/** Documents named by PATHs: files as given, folders through discoverApis (their openapi.yaml files). */
function documents(paths: string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    const abs = resolve(p);
    if (!existsSync(abs)) throw new DocexError('no such file or directory', 2, p);
    if (statSync(abs).isDirectory()) {
      const found = discoverApis(abs).map((a) => a.file);
      if (found.length === 0) throw new DocexError('no <subApi>/<version>/openapi.yaml or token/openapi.yaml in this folder', 2, p);
      files.push(...found);
      continue;
    }
    try {
      readFileSync(abs);
    } catch {
      throw new DocexError('cannot read file', 2, p);
    }
    files.push(abs);
  }
  return [...new Set(files)];
}

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { format: { type: 'string', default: 'stylish' }, strict: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const format = values.format;
  if (!isFormat(format)) throw new DocexError(`unknown --format "${format}" (use ${FORMATS.join(', ')})`, 2);
  process.env.REDOCLY_TELEMETRY ??= 'off';
  process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE ??= 'true';
  const files = documents(positionals.length > 0 ? positionals : ['openapi']);
  const problems = await lintFiles(files);
  const t = totals(problems, files.length);
  process.stdout.write(formatProblems(problems, t, format));
  let unsupported = 0;
  for (const file of files) {
    // A document the bundler cannot read has its problems in the report above; there is nothing more to say of it.
    const doc = await loadDocument(file).catch(() => undefined);
    for (const w of doc ? unsupportedLines(doc, file) : []) {
      process.stderr.write(`warning: ${w}\n`);
      unsupported++;
    }
  }
  const strict = strictFailure(values.strict || resolveConfig(process.cwd(), {}).strict, unsupported);
  if (strict) throw strict;
  return t.errors > 0 ? 1 : 0;
}
