import { isAbsolute, relative } from 'node:path';

/** Paths under the working directory are shown relative to it, others absolute. */
export function displayPath(file: string, cwd = process.cwd()): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}
