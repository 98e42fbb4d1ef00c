// No import cycles in generator/, type-only imports included, between files and between its top-level folders: a
// cycle ties parts that should read one way (load -> model -> emit -> write -> check) into a knot. A small walk with
// TypeScript's own import scanner.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/run-docex.js';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : []));
}

/** Relative imports of each file (static, type-only, re-exports and dynamic `import()`), resolved to files. */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dirname(file), spec).replace(/\.js$/, '.ts'))
      .filter((target) => existsSync(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the files around it (first file repeated at the end). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The graph of generator/'s top-level folders (a file directly in generator/ is its own node), self-edges left out. */
function folderGraph(graph: Map<string, string[]>, root: string): Map<string, string[]> {
  const folderOf = (file: string) => relative(root, file).split(sep)[0]!;
  const out = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const set = out.get(from) ?? new Set<string>();
    for (const target of targets) if (folderOf(target) !== from) set.add(folderOf(target));
    out.set(from, set);
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

describe('imports in generator/', () => {
  it('the walk finds a cycle when there is one', () => {
    expect(findCycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []], ['c', ['a', 'b']]]))).toEqual([]);
  });

  it('have no cycles, type-only imports included', () => {
    const graph = importGraph(sources(join(repoRoot, 'generator')));
    expect(graph.size).toBeGreaterThan(100);
    expect([...graph.values()].flat().length).toBeGreaterThan(200);
    const cycles = findCycles(graph).map((c) => c.map((f) => relative(repoRoot, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });

  it('have no cycles between its top-level folders', () => {
    const folders = folderGraph(importGraph(sources(join(repoRoot, 'generator'))), join(repoRoot, 'generator'));
    expect(folders.get('generate')).toEqual(expect.arrayContaining(['emit', 'surface', 'typescript']));
    expect(findCycles(folders).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('emit/ holds emitters only: no thread, no surface report, no orchestration', () => {
    const root = join(repoRoot, 'generator');
    const emit = sources(join(root, 'emit'));
    expect(emit.length).toBeGreaterThan(3);
    for (const file of emit) {
      const imports = ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);
      expect(imports.filter((spec) => /worker_threads|\/(surface|typescript|generate)\//.test(spec)), relative(repoRoot, file)).toEqual([]);
    }
  });

  it('model/ defines its own types: nothing of templates/ (the shipped runtime repeats what it shares)', () => {
    const model = importGraph(sources(join(repoRoot, 'generator/model')));
    expect(model.size).toBeGreaterThan(20);
    const fromTemplates = [...model].flatMap(([file, targets]) => targets.filter((t) => relative(repoRoot, t).startsWith(`templates${sep}`)).map((t) => `${relative(repoRoot, file)} -> ${relative(repoRoot, t)}`));
    expect(fromTemplates).toEqual([]);
  });
});
