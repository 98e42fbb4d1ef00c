// One batch of the corpus benchmark, in a process of its own (a crash, a hang or a leak costs one batch, not the
// run): generates each document with docex (the same in-process calls as `docex generate --input DOC --output DIR`)
// or with openapi-typescript alone, and prints one JSON line per document.
// argv: tool ('docex' | 'openapi-typescript'), then a JSON file of [{ id, file, out }].
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [tool, listFile, root] = process.argv.slice(2);
const docs = JSON.parse(readFileSync(listFile, 'utf8'));

// No document may reach the network here (loopback only): a remote $ref fails as it would offline.
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const u = new URL(String(url instanceof Request ? url.url : url));
  if (u.hostname !== '127.0.0.1' && u.hostname !== 'localhost') throw new Error(`network disabled in the corpus bench: ${u.href}`);
  return realFetch(url, init);
};

const firstLine = (s) => String(s).split('\n')[0].slice(0, 300);

let generate;
if (tool === 'docex') {
  const { generateTree } = await import(pathToFileURL(join(root, 'dist/generator/generate/pipeline.js')).href);
  const { writeTree } = await import(pathToFileURL(join(root, 'dist/generator/write/tree.js')).href);
  const { DocexError } = await import(pathToFileURL(join(root, 'dist/generator/util/errors.js')).href);
  generate = async (file, out) => {
    try {
      const { tree, apis } = await generateTree(file);
      writeTree(out, tree);
      return { ok: true, warnings: apis.flatMap((a) => a.warnings).length };
    } catch (err) {
      if (err instanceof DocexError) return { ok: false, kind: 'error', message: firstLine(err.format()) };
      return { ok: false, kind: 'crash', message: firstLine(err?.stack ?? err), stack: String(err?.stack ?? err).split('\n').slice(0, 4).join(' | ') };
    }
  };
} else {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  generate = async (file, out) => {
    try {
      const ast = await openapiTS(pathToFileURL(file), { silent: true });
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'schema.ts'), astToString(ast));
      return { ok: true };
    } catch (err) {
      return { ok: false, kind: 'crash', message: firstLine(err?.message ?? err) };
    }
  };
}

for (const { id, file, out } of docs) {
  const started = performance.now();
  const result = await generate(file, out);
  process.stdout.write(JSON.stringify({ id, ms: Math.round(performance.now() - started), ...result }) + '\n');
}
