// docex's own templates as emit/ uses them: handed in as data (typescript/package-templates.ts reads and compiles
// them), so that emit/ reads no files.
import type { ApiModel } from '../model/index.js';
import { paging } from './client-features.js';
import type { OperationGroup } from './groups.js';

/** An API's README, as api-readme.hbs takes it. */
interface ApiReadme {
  source: string;
  title: string;
  factory: string;
  rawFactory: string;
  tagged: boolean;
  groups: { heading: string | undefined; operations: { name: string; method: string; deprecated: boolean; sunset: string | undefined; paginated: boolean; summary: string; path: string }[] }[];
}

/** The compiled templates: banner.hbs, the one-line header of every generated file; api-readme.hbs. */
export interface Templates {
  banner(data: { source: string }): string;
  apiReadme(data: ApiReadme): string;
}

/** The header of a generated file; the source path cannot break out of the comment. */
export function banner(templates: Templates, source: string): string {
  return templates.banner({ source: source.replace(/[\r\n\u2028\u2029]/g, ' ') });
}

/** A Markdown table cell: one line, no column break. */
const cell = (s: string | undefined) => (s ?? '').replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');

/** The README's data: the methods by group, in the order of client.ts. */
export function apiReadme(api: ApiModel, groups: OperationGroup[]): ApiReadme {
  const tagged = groups.some((g) => g.tag !== undefined);
  return {
    source: api.source.replace(/[\r\n]/g, ' ').replace(/--/g, '- -'),
    title: cell(api.title) || api.factory,
    factory: api.factory,
    rawFactory: api.rawFactory,
    tagged,
    groups: groups.map((g) => ({
      heading: tagged ? cell(g.heading) : undefined,
      operations: g.ops.map((o) => ({ name: o.name, method: o.method, deprecated: o.deprecated, sunset: o.sunset, paginated: !!paging(o), summary: cell(o.summary), path: o.path.replace(/`/g, "'") })),
    })),
  };
}
