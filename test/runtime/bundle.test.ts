// The runtime is browser-safe and small: it bundles for the browser with nothing but the platform, and a
// program that uses no pagination does not ship it.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const dir = new URL('../../templates/runtime/', import.meta.url);
const entry = (call: string) => `
import { ${call} } from ${JSON.stringify(new URL('index.ts', dir).pathname)};
const api = ${call}({ baseUrl: 'https://api.example.com/', tokens: { getAccessToken: async () => 't', refreshAfterUnauthorized: async () => 'u' } }, 'document/v1/');
api.call({ method: 'GET', path: '/current-user', params: [], accept: ['application/json'] }, {}).then(console.log);`;

async function bundle(call: string): Promise<string> {
  const out = await build({
    stdin: { contents: entry(call), loader: 'ts', resolveDir: dir.pathname },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0]!.text;
}

/** What only the styles other than offset hold, minified: Link-header parsing (link), `hasMore` (cursor, item-cursor),
 *  the last item's `itemId` (item-cursor), the page number from `first` (page), the cursor or URL at `next` (cursor,
 *  next-url). */
const STYLE_MARKERS = ['.get("link")', 'hasMore', 'itemId', 'first:', 'next:'];

/** A program bundled with code splitting: the chunks it loads first, the lazily imported ones it can reach (esbuild
 *  writes a chunk for every import() it reads, even in code it drops: those nothing imports are left out) and the
 *  entry's dynamic imports. */
async function split(contents: string, resolveDir: string): Promise<{ initial: string[]; lazy: string[]; imports: string[] }> {
  const out = await build({
    stdin: { contents, loader: 'ts', resolveDir },
    bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2020', write: false, logLevel: 'silent',
    splitting: true, outdir: '/virtual', metafile: true, absWorkingDir: '/',
  });
  const outputs = out.metafile.outputs;
  const main = Object.keys(outputs).find((f) => outputs[f]!.entryPoint === '<stdin>')!;
  const text = (f: string) => out.outputFiles.find((o) => o.path === `/${f}`)!.text;
  const reach = (kinds: string[]) => {
    const seen = new Set<string>();
    const visit = (f: string) => {
      if (seen.has(f)) return;
      seen.add(f);
      for (const i of outputs[f]!.imports) if (kinds.includes(i.kind)) visit(i.path);
    };
    visit(main);
    return seen;
  };
  const initial = reach(['import-statement']);
  const lazy = [...reach(['import-statement', 'dynamic-import'])].filter((f) => !initial.has(f));
  const imports = [...initial].flatMap((f) => outputs[f]!.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path));
  return { initial: [...initial].map(text), lazy: lazy.map(text), imports };
}

describe('runtime bundle', () => {
  it('imports nothing from node: and uses no Node globals', () => {
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.ts'))) {
      const src = readFileSync(new URL(f, dir), 'utf8');
      expect(src, f).not.toMatch(/from ['"]node:|require\(|\bprocess\.|\bBuffer\b/);
      // Only relative imports: it depends on nothing but the platform, and a client that streams on eventsource-parser.
      expect(src.replace(f === 'stream.ts' ? "from 'eventsource-parser'" : '\0', ''), f).not.toMatch(/from ['"](?!\.\/)/);
    }
  });

  it('bundles for the browser; pagination is dropped with createApiCore', async () => {
    const full = await bundle('createApi');
    const core = await bundle('createApiCore');
    expect(full).toContain('did not return a page');
    expect(core).not.toContain('did not return a page');
    // Regression guard for the size of a browser program with pagination (the figures behind it: bench/README.md).
    // Issue 44's ApiPromise (withResponse/asResponse), request ids, the API's words in messages and
    // UnexpectedBodyError took it past the 5 KB budget's earlier guard; this one is the figure plus a small margin.
    // createApi (hand-written specs) always ships the rules against replaying a write, now reached through
    // Codecs.replay so that generated clients of read-only APIs can leave them out, and the plain-http check of a
    // call's credential headers: a few bytes more here.
    // Issue 45's pager (six styles, its bounds and PaginationError) added about 920 B to it; a module a style (so
    // that a generated client ships only its own), each inlined here with the bundler's module wrapper, about 300.
    // Issue 48's `validate` option (its lines in core.ts, the ValidationError class, the error of a validators.js
    // that did not load) added about 110 bytes. The pager's style modules then stopped importing it (one
    // chunk for the pager where a bundler splits), and OutcomeUnknownError moved behind replay.ts: a few bytes less.
    // Then about 130 B for two fixes: an unexpected body read only up to its first characters and for a bounded
    // time (an endless one hung the call), and the document's apiKey header names counted as credentials.
    expect(gzipSync(full, { level: 9 }).length).toBeLessThan(7650);
    expect(gzipSync(core, { level: 9 }).length).toBeLessThan(gzipSync(full, { level: 9 }).length);
  });

  it('a client of a read-only API ships no OutcomeUnknownError (only the write rules of replay.ts make it)', async () => {
    const program = (codecs: string) => `
import { bindOperations } from ${JSON.stringify(new URL('factory.ts', dir).pathname)};
${codecs ? `import { writeReplay } from ${JSON.stringify(new URL('replay.ts', dir).pathname)};` : ''}
const api = bindOperations<{ get: () => Promise<unknown> }>({ baseUrl: 'https://api.example.com/' }, '', { get: { method: 'GET', path: '/x', params: [], accept: ['application/json'] } }${codecs});
api.get().then(console.log);`;
    const { initial: reads } = await split(program(''), dir.pathname);
    const { initial: writes } = await split(program(', { replay: writeReplay }'), dir.pathname);
    expect(reads.join('\n')).not.toContain('may have been applied');
    expect(writes.join('\n')).toContain('may have been applied');
  });

  it('with code splitting, createApi loads pagination only on the first pages()/all(), every style in its own chunk', async () => {
    const { initial, lazy, imports } = await split(entry('createApi'), dir.pathname);
    // One chunk a style (the offset style's is the shared pager's), each imported on first use.
    expect(imports).toHaveLength(6);
    for (const text of initial) for (const marker of ['did not return a page', ...STYLE_MARKERS]) expect(text).not.toContain(marker);
    for (const marker of ['did not return a page', ...STYLE_MARKERS]) expect(lazy.join('\n')).toContain(marker);
  });

  it('a generated client whose operations page by offset loads no other style', async () => {
    const { initial, lazy } = await split(
      `import { createDocumentClient } from './index.js';\nvoid (async () => {\n  for await (const d of createDocumentClient({ baseUrl: 'https://a.example/' }).listDocuments.all()) console.log(d);\n})();`,
      new URL('../../generated/document/v1/', import.meta.url).pathname,
    );
    expect(lazy.join('\n')).toContain('did not return a page');
    for (const text of [...initial, ...lazy]) for (const marker of STYLE_MARKERS) expect(text).not.toContain(marker);
  });

  it('a program of the generated client loads no openapi-fetch; the raw client of raw.js does', async () => {
    const inputsOf = async (contents: string) => {
      const out = await build({
        stdin: { contents, loader: 'ts', resolveDir: new URL('../../generated/document/v1/', import.meta.url).pathname },
        bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2020', write: false, logLevel: 'silent', metafile: true,
      });
      return Object.keys(out.metafile.inputs);
    };
    const methods = await inputsOf(`import { createDocumentClient } from './index.js';\ncreateDocumentClient({ baseUrl: 'https://a.example/' }).getDocument({ documentId: 'd' });`);
    expect(methods.filter((f) => f.includes('openapi-fetch'))).toEqual([]);
    const raw = await inputsOf(`import { createDocumentRawClient } from './raw.js';\ncreateDocumentRawClient({ baseUrl: 'https://a.example/' }).GET('/documents');`);
    expect(raw.filter((f) => f.includes('openapi-fetch'))).not.toEqual([]);
  });
});
