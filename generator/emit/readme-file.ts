// README.md of one API: its methods by group, in the order of client.ts, as api-readme.hbs takes them (the template
// is handed in with the others: templates.ts).
import type { ApiModel } from '../model/index.js';
import { pagingOf } from './client-features.js';
import type { OperationGroup } from './groups.js';

/** An API's README, as api-readme.hbs takes it. */
export interface ApiReadme {
  source: string;
  title: string;
  factory: string;
  rawFactory: string;
  tagged: boolean;
  groups: { heading: string | undefined; operations: { name: string; method: string; deprecated: boolean; sunset: string | undefined; paginated: string | undefined; summary: string; path: string }[] }[];
}

/** A Markdown table cell: one line, no column break. */
const cell = (s: string | undefined) => (s ?? '').replace(/[\r\n]+/g, ' ').replace(/\|/g, '\\|');

/** The README's data. */
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
      operations: g.ops.map((o) => ({ name: o.access.join('.'), method: o.method, deprecated: o.deprecated, sunset: o.sunset, paginated: pagingOf(o)?.style, summary: cell(o.summary), path: o.path.replace(/`/g, "'") })),
    })),
  };
}
