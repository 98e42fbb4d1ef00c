// The places a fixture consumer expects: each /*@kind*/ (or /*@kind,kind*/) marks the node right after it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `file:line:column kind` of each marker in the .ts files under `dir` (relative to `base`), sorted. */
export function marked(base: string, dir = 'src'): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(base, dir))) {
    const rel = `${dir}/${name}`;
    if (name === 'generated' || name === 'node_modules') continue;
    if (statSync(join(base, rel)).isDirectory()) {
      out.push(...marked(base, rel));
      continue;
    }
    if (!name.endsWith('.ts')) continue;
    readFileSync(join(base, rel), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(/\/\*@([\w,-]+)\*\//g)) for (const kind of m[1]!.split(',')) out.push(`${rel}:${i + 1}:${m.index + m[0].length + 1} ${kind}`);
      });
  }
  return out.sort();
}
