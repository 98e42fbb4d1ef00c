// The check functions of validators.js are named apart from the names checks.ts declares at its top level (which
// open every validators.js): a schema named `Er` must not become a second `checker`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HELPERS } from '../../generator/emit/validator-compiler.js';
import { repoRoot } from '../helpers/run-docex.js';

describe("validators.js's own names", () => {
  it("are each in the compiler's HELPERS", () => {
    const source = readFileSync(join(repoRoot, 'templates/validators/checks.ts'), 'utf8');
    const declared = [...source.matchAll(/^(?:export )?(?:const|let|function) ([\w$]+)/gm)].map((m) => m[1]);
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((n) => !HELPERS.includes(n!))).toEqual([]);
  });
});
