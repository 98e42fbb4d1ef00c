// The syntax gate's verdicts on docex's own template files (runtime/, token/), copied into every output: the same
// texts on every run of one docex, so a text that parsed once is not parsed again. Kept beside the code cache
// (compile-cache.ts), by the text's hash, and only for texts that parse; NODE_DISABLE_COMPILE_CACHE turns it off.
// Emitted files are always parsed.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './compile-cache.js';

const entry = (text: string): string => join(cacheDir(), `parses-${createHash('sha256').update(text).digest('hex').slice(0, 40)}`);

/** The text parsed before, without a syntax error. */
export function knownToParse(text: string): boolean {
  return !process.env.NODE_DISABLE_COMPILE_CACHE && existsSync(entry(text));
}

/** Remembers that the text parses. */
export function rememberParses(text: string): void {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return;
  try {
    mkdirSync(cacheDir(), { recursive: true });
    writeFileSync(entry(text), '');
  } catch {
    // not remembered: the next run parses it again
  }
}
