// The whole output tree in memory (relative path -> content), so it can be written atomically or compared (--check).
import type { ApiModel } from '../model/index.js';
import { renderClient } from './client-file.js';
import { byTag } from './groups.js';
import { exportedNames, renderIndex } from './index-file.js';
import { CHECKED_BY_DOCEX, NOCHECK } from './nocheck.js';
import type { Printer } from './print.js';
import { renderRaw } from './raw-file.js';
import { apiReadme } from './readme-file.js';
import { banner, type Templates } from './templates.js';
import { renderValidatorTypes } from './validators-file.js';

export type OutputTree = Map<string, string>;

/**
 * `templates/<dir>/*.ts` (`sources`: name -> text, tests left out) as files under `<dir>/`, each verbatim after a
 * banner line naming its source and `@ts-nocheck` (NOCHECK): these files are type-checked (strict, NodeNext) where
 * they are written, in docex.
 */
export function copyTemplates(dir: 'runtime' | 'token', sources: readonly [string, string][], templates: Templates): OutputTree {
  return new Map(sources.map(([name, text]) => [`${dir}/${name}`, banner(templates, `templates/${dir}/${name}`) + NOCHECK + text]));
}

/** `document/v1` -> `../../runtime/index.js`; `` -> `./runtime/index.js`. */
function runtimeImport(apiDir: string): string {
  const depth = apiDir ? apiDir.split('/').length : 0;
  return `${depth ? '../'.repeat(depth) : './'}runtime/index.js`;
}

/** One TypeScript file of an API: its text after the banner. `taken`: the names index.ts re-exports (the runtime's,
 *  and client.ts's once it is made), which index.ts's own declarations avoid. */
export type Emitter = (api: ApiModel, runtimeImport: string, printer: Printer, taken: ReadonlySet<string>) => string;
export type Emitters = Readonly<Record<'client.ts' | 'raw.ts' | 'index.ts', Emitter>>;

/** The TypeScript emitters of one API, by file name. */
export const EMITTERS: Emitters = Object.freeze({
  'client.ts': renderClient,
  'raw.ts': renderRaw,
  'index.ts': renderIndex,
});

/** The folder of an API's files in the tree: `document/v1/`, or `` for a single document. */
const apiDir = (api: ApiModel): string => (api.id ? `${api.id}/` : '');

/** client.ts, raw.ts, index.ts, validators.js and .d.ts, and README.md of one API, by path (schema.ts comes from
 *  openapi-typescript, and a client build checks it as it would openapi-typescript's own output). `validators`: the
 *  document's part of validators.js. `emitters`: tests pass a broken one to check the syntax gate. */
export function emitApi(api: ApiModel, printer: Printer, templates: Templates, validators: string, emitters: Emitters = EMITTERS): OutputTree {
  const dir = apiDir(api);
  const rt = runtimeImport(api.id);
  const files: OutputTree = new Map();
  const taken = new Set(templates.runtimeExports);
  for (const [name, emit] of Object.entries(emitters)) {
    const text = emit(api, rt, printer, taken);
    if (name === 'client.ts') for (const n of exportedNames(text)) taken.add(n);
    files.set(`${dir}${name}`, banner(templates, api.source) + CHECKED_BY_DOCEX + text);
  }
  // Rendered on the main thread from the document (emit/validators-file.ts), which this thread does not hold. Plain
  // JavaScript with its declarations beside it: a client's compiler reads the .d.ts, and not the .js unless allowJs
  // and its include take it in, where @ts-nocheck spares it checkJs.
  files.set(`${dir}validators.js`, banner(templates, api.source) + NOCHECK + templates.validators + validators);
  files.set(`${dir}validators.d.ts`, banner(templates, api.source) + renderValidatorTypes(api));
  files.set(`${dir}README.md`, templates.apiReadme(apiReadme(api, byTag(api))));
  return files;
}
