// The consumer's TypeScript project, read with docex's own pinned TypeScript (not the client's compiler, which may be
// another major version): parsed and bound only. Nothing is type-checked as a whole: the detectors ask the checker
// about the few nodes a text prefilter lets through, which is what keeps the report under `tsc --noEmit`'s cost.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import type * as TS from 'typescript';
import { requireCached } from '../typescript/compile-cache.js';
import type { Ts } from './types.js';

interface ConsumerProject {
  ts: Ts;
  program: TS.Program;
  /** The tsconfig read, absolute. */
  config: string;
}

/** Config diagnostics that leave no project to read: cannot read file (5083, 5012), a setting of the wrong shape such
 *  as `compilerOptions` that is not an object (5024), file not found (6053), circular or unresolvable `extends`
 *  (18000, 18001). */
const FATAL = new Set([5012, 5024, 5083, 6053, 18000, 18001]);

/**
 * What docex reads of a consumer project, its files and its declarations under node_modules alike: the report is a
 * step of every generation, so a project past a bound is not read (one line says why) rather than slowing every run.
 */
export const PROJECT_BOUNDS = { files: 10_000, fileBytes: 10 * 2 ** 20, totalBytes: 100 * 2 ** 20 };

/** A bound the project passes, said as the report's one line. */
class OverBound extends Error {}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/**
 * Reads files for TypeScript within PROJECT_BOUNDS: a regular file only (not a device or a pipe an `extends` may name,
 * which would never end), each checked by its size before it is read.
 */
function boundedReader(ts: Ts, cwd: string): { readFile: (file: string) => string | undefined; over: () => OverBound | undefined } {
  let files = 0;
  let bytes = 0;
  // TypeScript's host turns an error thrown by a read into a diagnostic and goes on: the first is kept.
  let first: OverBound | undefined;
  const refuse = (why: string): never => {
    throw (first ??= new OverBound(why));
  };
  const readFile = (file: string): string | undefined => {
    let stat;
    try {
      stat = statSync(file);
    } catch {
      return undefined;
    }
    const shown = relative(cwd, file) || file;
    if (!stat.isFile()) refuse(`${shown} is not a regular file`);
    if (stat.size > PROJECT_BOUNDS.fileBytes) refuse(`${shown} is ${mb(stat.size)}, over the ${mb(PROJECT_BOUNDS.fileBytes)} docex reads of one file`);
    if (++files > PROJECT_BOUNDS.files) refuse(`it reaches more than ${PROJECT_BOUNDS.files.toLocaleString('en-US')} files, the most docex reads`);
    bytes += stat.size;
    if (bytes > PROJECT_BOUNDS.totalBytes) refuse(`its files pass ${mb(PROJECT_BOUNDS.totalBytes)} in all, the most docex reads`);
    return ts.sys.readFile(file);
  };
  return { readFile, over: () => first };
}

/** The TypeScript docex pins (package.json), the one ts-morph runs on in docex. */
const pinnedTypeScript = (): Ts => requireCached<Ts>('typescript');

/**
 * The program of `tsconfig` (absolute; shown relative to `cwd`), or why it cannot be read: a missing or unparsable file, or a config error.
 * Never throws: a consumer project that does not load is said in one line, not a failure of generate.
 */
export function loadConsumer(tsconfig: string, cwd: string): ConsumerProject | string {
  const shown = relative(cwd, tsconfig) || tsconfig;
  if (!existsSync(tsconfig)) return `no consumer project: ${shown} does not exist`;
  const ts = pinnedTypeScript();
  const reader = boundedReader(ts, cwd);
  const notRead = (over: OverBound) => `no consumer project: ${shown}: not read, ${over.message}`;
  try {
    const loaded = loadWithin(ts, tsconfig, shown, reader.readFile);
    const over = reader.over();
    return over ? notRead(over) : loaded;
  } catch (err) {
    if (err instanceof OverBound) return notRead(err);
    throw err;
  }
}

function loadWithin(ts: Ts, tsconfig: string, shown: string, readFile: (file: string) => string | undefined): ConsumerProject | string {
  // Its JSON first: TypeScript's config parser forgives broken JSON and then includes every file below the folder.
  const text = readFile(tsconfig);
  if (text === undefined) return `no consumer project: ${shown} cannot be read`;
  const json = ts.parseConfigFileTextToJson(tsconfig, text).error;
  if (json) {
    const line = json.file && json.start !== undefined ? `:${json.file.getLineAndCharacterOfPosition(json.start).line + 1}` : '';
    return `no consumer project: ${shown}${line}: ${ts.flattenDiagnosticMessageText(json.messageText, ' ').replace(/\.$/, '')}`;
  }
  const errors: string[] = [];
  const host: TS.ParseConfigFileHost = {
    ...ts.sys,
    readFile,
    onUnRecoverableConfigFileDiagnostic: (d) => errors.push(ts.flattenDiagnosticMessageText(d.messageText, ' ')),
  };
  let parsed: TS.ParsedCommandLine | undefined;
  try {
    parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, { noEmit: true }, host);
  } catch (err) {
    if (err instanceof OverBound) throw err;
    errors.push(err instanceof Error ? err.message : String(err));
  }
  // Fatal: the file's JSON, a file it names that cannot be read, a circular `extends`. An option this TypeScript does
  // not know (the client's compiler may be newer) only changes checking, which the report does not do.
  const fatal = parsed?.errors.find((d) => d.category === ts.DiagnosticCategory.Error && (d.code < 2000 || FATAL.has(d.code)));
  if (!parsed || errors.length || fatal) {
    const why = errors[0] ?? (fatal ? ts.flattenDiagnosticMessageText(fatal.messageText, ' ') : 'unreadable');
    return `no consumer project: ${shown}: ${why}`;
  }
  if (!parsed.fileNames.length) return `no consumer project: ${shown} includes no files`;
  const count = parsed.fileNames.length;
  if (count > PROJECT_BOUNDS.files) return `no consumer project: ${shown}: not read, it includes ${count.toLocaleString('en-US')} files, more than the ${PROJECT_BOUNDS.files.toLocaleString('en-US')} docex reads`;
  const options = { ...parsed.options, noEmit: true };
  // Read only: the host's writeFile is never called (noEmit, and no emit is asked for), and nothing is run.
  const compilerHost = ts.createCompilerHost(options);
  // Its getSourceFile reads through this property of the same object.
  compilerHost.readFile = readFile;
  compilerHost.writeFile = () => {};
  const program = ts.createProgram({ rootNames: parsed.fileNames, options, projectReferences: parsed.projectReferences ?? [], host: compilerHost });
  return { ts, program, config: tsconfig };
}

/** Whether `file` lies in `dir` (both absolute). */
export function inside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
