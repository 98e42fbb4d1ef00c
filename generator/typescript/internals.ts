// The two places docex reaches into another package's internals, here and nowhere else; test/typescript/internals
// fails loudly when an upgrade moves what they reach.
// - openapi-typescript's transform, printer and helpers, required from its dist/*.cjs by path: openapiTS() would lint
//   and bundle the already bundled document a second time (most of its run time on a large description) and
//   load its own Redocly 1.x. Its CommonJS builds go through require(), not import: Node 20 scans a CommonJS
//   module's whole source for its export names when ESM imports it.
// - ts-morph's bundled TypeScript, replaced in require.cache by the pinned one (see shareTypeScript).
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AddJSDocComment, SchemaKit } from '../emit/schema.js';
import { requireCached } from './compile-cache.js';

const require = createRequire(import.meta.url);

/** The openapi-typescript these paths were written against; the test holds the installed one to it. */
export const OPENAPI_TYPESCRIPT_VERSION = '7.13.0';

/** The dist modules of openapi-typescript that docex requires by path. */
export const OPENAPI_TYPESCRIPT_MODULES = ['openapi-typescript/dist/transform/index.cjs', 'openapi-typescript/dist/lib/ts.cjs', 'openapi-typescript/dist/lib/utils.cjs'] as const;

type OpenapiTypescript = typeof import('openapi-typescript');

/** What renderSchema needs: the pinned TypeScript (through the code cache, loaded first so that openapi-typescript's
 *  require('typescript') gets this instance) and openapi-typescript's transform and helpers. */
let loadedKit: SchemaKit | undefined;
export function loadSchemaKit(): SchemaKit {
  return (loadedKit ??= schemaKit());
}

function schemaKit(): SchemaKit {
  const ts = requireCached<typeof import('typescript')>('typescript');
  const [transform, lib, utils] = OPENAPI_TYPESCRIPT_MODULES.map((id) => require(id) as Partial<OpenapiTypescript>);
  // Its transform calls addJSDocComment through this module's exports, so replacing the export for one render
  // changes the doc comments it writes (emit/schema.ts adds what hovers need).
  const tsLib = lib as { addJSDocComment: AddJSDocComment };
  const kit = {
    ts,
    transformSchema: transform as OpenapiTypescript['transformSchema'],
    astToString: lib!.astToString,
    resolveRef: utils!.resolveRef,
    scanDiscriminators: utils!.scanDiscriminators,
    createRef: utils!.createRef,
    addJSDocComment: tsLib.addJSDocComment,
  };
  for (const [name, value] of Object.entries(kit)) {
    if (typeof value !== 'function' && name !== 'ts') throw new Error(`openapi-typescript's internals moved: ${name} is not where docex requires it (written against ${OPENAPI_TYPESCRIPT_VERSION})`);
  }
  const { addJSDocComment: _original, ...rest } = kit;
  const refs = utils as { createRef: OpenapiTypescript['createRef'] };
  return {
    ...rest,
    withDocComments(wrap, render) {
      const original = tsLib.addJSDocComment;
      const createRef = refs.createRef;
      tsLib.addJSDocComment = wrap(original);
      refs.createRef = remembered(createRef);
      try {
        return render();
      } finally {
        tsLib.addJSDocComment = original;
        refs.createRef = createRef;
      }
    },
  } as SchemaKit;
}

/**
 * openapi-typescript's createRef, each part's piece of the pointer computed once per render. Its transform calls it
 * with the pointer of the node's parent and a key at every node, and the original parses and escapes the whole
 * parent pointer again each time. A part's piece depends on that part alone, so the pointer is the same string.
 */
function remembered(createRef: OpenapiTypescript['createRef']): OpenapiTypescript['createRef'] {
  const pieces = new Map<string, string>();
  return (parts) => {
    let pointer = '#';
    for (const part of parts) {
      if (part === undefined || part === null || part === '') continue;
      const key = String(part);
      let piece = pieces.get(key);
      if (piece === undefined) {
        piece = createRef([part]).slice(1);
        pieces.set(key, piece);
      }
      pointer += piece;
    }
    return pointer;
  };
}

/** require() as ts-morph resolves: its @ts-morph/common is the copy it loads, wherever a package manager put it. */
export const fromTsMorph = (): NodeJS.Require => createRequire(require.resolve('ts-morph'));

/** Where @ts-morph/common keeps the TypeScript it bundles. */
export function tsMorphTypeScriptPath(): string {
  const common = fromTsMorph().resolve('@ts-morph/common');
  return join(dirname(common), 'typescript.js');
}

/**
 * ts-morph runs on the pinned typescript, the one openapi-typescript loads, not on the copy @ts-morph/common
 * bundles (a second 9 MB TypeScript to load on every run; see bench/README.md#behind-the-design-decisions). The
 * structure printers and the parser are all docex uses of it, and the golden files show they print the same bytes
 * on either. Done through require.cache, which Node documents as writable; if @ts-morph/common is laid out otherwise,
 * ts-morph just loads its own copy (and the test says so).
 */
export function shareTypeScript(): void {
  try {
    const bundled = tsMorphTypeScriptPath();
    if (require.cache[bundled]) return;
    const shared = new Module(bundled);
    shared.filename = bundled;
    shared.loaded = true;
    shared.exports = requireCached('typescript');
    require.cache[bundled] = shared;
  } catch {
    // ts-morph's own copy, as without this.
  }
}
