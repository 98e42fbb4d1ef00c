// What the runtime costs a consumer's tsc is the files it parses and binds: a program that imports the runtime's
// entry (every generated client does) reads only the modules that entry needs, not the stream module and its
// eventsource-parser types, which only a client that streams imports.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const runtime = fileURLToPath(new URL('../../templates/runtime/', import.meta.url));

/** The files of a program over `entry`, with figure 1's compiler options (bench/README.md). */
function programFiles(entry: string): string[] {
  const program = ts.createProgram([entry], {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  return program
    .getSourceFiles()
    .map((f) => f.fileName)
    .filter((f) => !f.includes('/node_modules/typescript/lib/'));
}

describe("the runtime's entry in a consumer's program", () => {
  it('brings neither stream.ts nor eventsource-parser: Stream and ServerSentEvent are declared with the shared types', () => {
    const files = programFiles(`${runtime}index.ts`);
    expect(files).toContain(`${runtime}types.ts`);
    expect(files.filter((f) => f.endsWith('/stream.ts') || f.includes('eventsource-parser'))).toEqual([]);
  });

  it('a program that imports the stream module still reads it', () => {
    expect(programFiles(`${runtime}stream.ts`)).toContain(`${runtime}stream.ts`);
  });
});
