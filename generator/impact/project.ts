// The consumer's TypeScript project, read with docex's own pinned TypeScript (not the client's compiler, which may be
// another major version): parsed and bound only. Nothing is type-checked as a whole: the detectors ask the checker
// about the few nodes a text prefilter lets through, which is what keeps the report under `tsc --noEmit`'s cost.
import { existsSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';
import type * as TS from 'typescript';
import { requireCached } from '../typescript/compile-cache.js';
import type { Ts } from './types.js';

export interface ConsumerProject {
  ts: Ts;
  program: TS.Program;
  /** The tsconfig read, absolute. */
  config: string;
}

/** Config diagnostics that leave no project to read: cannot read file (5083, 5012), a setting of the wrong shape such
 *  as `compilerOptions` that is not an object (5024), file not found (6053), circular or unresolvable `extends`
 *  (18000, 18001). */
const FATAL = new Set([5012, 5024, 5083, 6053, 18000, 18001]);

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
  // Its JSON first: TypeScript's config parser forgives broken JSON and then includes every file below the folder.
  const text = ts.sys.readFile(tsconfig);
  if (text === undefined) return `no consumer project: ${shown} cannot be read`;
  const json = ts.parseConfigFileTextToJson(tsconfig, text).error;
  if (json) {
    const line = json.file && json.start !== undefined ? `:${json.file.getLineAndCharacterOfPosition(json.start).line + 1}` : '';
    return `no consumer project: ${shown}${line}: ${ts.flattenDiagnosticMessageText(json.messageText, ' ').replace(/\.$/, '')}`;
  }
  const errors: string[] = [];
  const host: TS.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => errors.push(ts.flattenDiagnosticMessageText(d.messageText, ' ')),
  };
  let parsed: TS.ParsedCommandLine | undefined;
  try {
    parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, { noEmit: true }, host);
  } catch (err) {
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
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true }, projectReferences: parsed.projectReferences ?? [] });
  return { ts, program, config: tsconfig };
}

/** Whether `file` lies in `dir` (both absolute). */
export function inside(dir: string, file: string): boolean {
  const rel = relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}
