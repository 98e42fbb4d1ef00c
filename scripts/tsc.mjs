#!/usr/bin/env node
// tsc as docex runs it over what it generates: `node scripts/tsc.mjs <tsc's arguments>`. client.ts, index.ts and
// raw.ts carry a `@ts-nocheck` line after their banner (CHECKED_BY_DOCEX), so that a client's compiler reads only their
// declarations; docex checks them whole, or that line would hide docex's own bugs. Here the line is blanked as files
// are read, with spaces of its length, so every diagnostic keeps the file's own lines and columns. Only that line: the
// runtime's and token files keep theirs (NOCHECK), as their sources under templates/ are what docex checks.
// `npm run typecheck`, the tests' type-checks of generated folders and the corpus bench use it; the bench's figure 1
// runs plain tsc, as a client does.
import { realpathSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
// The line as the compiled generator writes it (dist/, built by `npm ci` and `npm run build`).
import { CHECKED_BY_DOCEX } from '../dist/generator/emit/nocheck.js';

/** A file reader (ts.sys.readFile, a CompilerHost's readFile) that returns docex's files with CHECKED_BY_DOCEX, when
 *  it is the line right after the banner, blanked. */
export function seeThrough(read) {
  return (path, encoding) => {
    const text = read(path, encoding);
    const start = text === undefined ? -1 : text.indexOf('\n') + 1;
    if (start <= 0 || !text.startsWith(CHECKED_BY_DOCEX, start)) return text;
    return text.slice(0, start) + ' '.repeat(CHECKED_BY_DOCEX.length - 1) + text.slice(start + CHECKED_BY_DOCEX.length - 1);
  };
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // As typescript/bin/tsc does, on the Nodes that have it.
  module.enableCompileCache?.();
  const { default: ts } = await import('typescript');
  ts.sys.readFile = seeThrough(ts.sys.readFile);
  ts.sys.setBlocking?.();
  ts.executeCommandLine(ts.sys, () => {}, ts.sys.args);
}
