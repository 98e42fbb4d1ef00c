// The whole output tree in memory (relative path -> content), so it can be written atomically or compared (--check).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiModel } from '../model/index.js';
import { byTag, renderClient, renderIndex, renderRaw } from './client.js';
import type { Printer } from './print.js';
import { paging } from './specs.js';
import { banner, render, templatesDir } from './templates.js';

export type OutputTree = Map<string, string>;

const NOCHECK = '// @ts-nocheck -- type-checked in docex (templates/); see copyTemplates.\n';

/**
 * `templates/<dir>/*.ts` (not tests) as files under `<dir>/`, each verbatim after a banner line naming its source
 * and `@ts-nocheck`: these files are type-checked (strict, NodeNext) where they are written, in docex; checking their
 * bodies again in every client build cost more than the client's own types (~0.25 s of tsc, issue 10). Their
 * declarations still type the code that uses them, as a library's .d.ts does under skipLibCheck.
 */
export function copyTemplates(dir: 'runtime' | 'token'): OutputTree {
  const from = join(templatesDir, dir);
  let names: string[];
  try {
    names = readdirSync(from).filter((n) => n.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(n)).sort();
  } catch {
    names = [];
  }
  return new Map(names.map((name) => [`${dir}/${name}`, banner(`templates/${dir}/${name}`) + NOCHECK + readFileSync(join(from, name), 'utf8')]));
}

/** `document/v1` -> `../../runtime/index.js`; `` -> `./runtime/index.js`. */
export function runtimeImport(apiDir: string): string {
  const depth = apiDir ? apiDir.split('/').length : 0;
  return `${depth ? '../'.repeat(depth) : './'}runtime/index.js`;
}

export type Emitter = (api: ApiModel, runtimeImport: string, printer: Printer) => string;
export type Emitters = Readonly<Record<'client.ts' | 'raw.ts' | 'index.ts', Emitter>>;

/** The TypeScript emitters of one API, by file name. */
export const EMITTERS: Emitters = Object.freeze({
  'client.ts': renderClient,
  'raw.ts': renderRaw,
  'index.ts': renderIndex,
});

/** The folder of an API's files in the tree: `document/v1/`, or `` for a single document. */
export const apiDir = (api: ApiModel): string => (api.id ? `${api.id}/` : '');

/** client.ts, raw.ts, index.ts and README.md of one API, by path (schema.ts comes from openapi-typescript).
 *  `emitters`: tests pass a broken one to check the syntax gate. */
export function emitApi(api: ApiModel, printer: Printer, emitters: Emitters = EMITTERS): OutputTree {
  const dir = apiDir(api);
  const rt = runtimeImport(api.id);
  const files: OutputTree = new Map();
  for (const [name, emit] of Object.entries(emitters)) files.set(`${dir}${name}`, emit(api, rt, printer));
  const cell = (s: string | undefined) => (s ?? '').replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');
  const groups = byTag(api);
  const tagged = groups.some((g) => g.tag !== undefined);
  files.set(
    `${dir}README.md`,
    render('api-readme.hbs', {
      source: api.source.replace(/[\r\n]/g, ' ').replace(/--/g, '- -'),
      title: cell(api.title) || api.factory,
      factory: api.factory,
      rawFactory: api.rawFactory,
      tagged,
      groups: groups.map((g) => ({
        heading: tagged ? cell(g.heading) : undefined,
        operations: g.ops.map((o) => ({ name: o.name, method: o.method, deprecated: o.deprecated, sunset: o.sunset, paginated: !!paging(o), summary: cell(o.summary), path: o.path.replace(/`/g, "'") })),
      })),
    }),
  );
  return files;
}
