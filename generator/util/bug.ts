// What docex prints when it fails for a reason of its own. Bad input is a DocexError (one line, exit 2); a failing
// file system is one line too (exit 2); anything else is a docex bug: only then a stack, and how to report it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-root.js';

/** sysexits' EX_SOFTWARE: not one of the README's 0, 1 and 2, so CI tells a docex bug from stale output or bad input. */
export const BUG_EXIT = 70;

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** A Node system error (ENOENT, EACCES, ENOSPC...) on a path: the user's file system, said in one line. */
export function systemError(err: unknown): string | undefined {
  if (!(err instanceof Error) || !('syscall' in err) || !('code' in err) || typeof err.code !== 'string') return undefined;
  return err.message;
}

/** Writes the report of a docex bug met by `command`; returns its exit code. */
export function reportBug(command: string, err: unknown): number {
  const detail = err instanceof Error ? (err.stack ?? `${err.name}: ${err.message}`) : String(err);
  process.stderr.write(
    `docex ${command}: internal error: this is a bug in docex, not a problem with your input.\n${detail}\n` +
      `Please report it to the docex maintainers with this whole message, the command you ran and, if you can share it, the input ` +
      `(docex ${version()}, Node ${process.version}, ${process.platform}-${process.arch}).\n`,
  );
  return BUG_EXIT;
}
