// Which of the runtime's modules an output holds: those its APIs' files import, and what those import in turn. A
// user's tsconfig `include` takes the whole output folder, so every copied module is parsed and bound by each build
// and each editor's first load whether anything imports it or not: an output whose clients do not stream gets no
// stream.ts (nor needs eventsource-parser), one that encodes no form body no body.ts.
import { posix } from 'node:path';
import type { OutputTree } from '../emit/tree.js';

/** Module specifiers of static imports and re-exports (`from '…'`), side-effect imports and `import('…')`. A
 *  specifier that only looks like one (in a comment, a string) can only keep a module, never drop one. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"\n]+)['"]/g;
const CODE = /\.(?:[cm]?ts|[cm]?js)$/;

/** The relative modules `text` (the file at `path` in the tree) imports, as tree paths of their `.ts` sources. */
function importsOf(path: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1]!;
    if (!spec.startsWith('.')) continue;
    out.push(posix.join(posix.dirname(path), spec).replace(/\.js$/, '.ts'));
  }
  return out;
}

/** `runtime` (tree path -> text, under `runtime/`) cut to the modules `apiFiles` reach through imports. */
export function runtimeClosure(runtime: OutputTree, apiFiles: Iterable<[string, string]>): OutputTree {
  const kept: OutputTree = new Map();
  const visit = (path: string, text: string) => {
    for (const target of importsOf(path, text)) {
      const source = runtime.get(target);
      if (source === undefined || kept.has(target)) continue;
      kept.set(target, source);
      visit(target, source);
    }
  };
  for (const [path, text] of apiFiles) if (CODE.test(path)) visit(path, text);
  // In the runtime's own order, so that the tree reads the same however the modules were reached.
  return new Map([...runtime].filter(([path]) => kept.has(path)));
}
