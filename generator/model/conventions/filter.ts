// What a collection's query parameters stand for. The spec fixes only `offset`, `limit`, `sort` and `expand`; every
// other query parameter of a list or a create means something about the items, which the documents state on the
// parameter itself (not beside a `$ref`: OpenAPI ignores a reference's siblings):
//   `x-filter: { property: sender.id, match: equals }` on a list's parameter: the items it keeps;
//   `x-sets: sendingCompany.id` on a create's parameter: the created item's property its value is stored in.
// Both name an item property by a dotted path (`sender.id` reaches into the reference `sender: { id }`).
import { EXT } from './extensions.js';
import { type At, type Ctx, type Location } from './node.js';
import { param, type Operation, type Param } from './operations.js';
import { props } from './schema.js';
import { isObject } from '../../util/json.js';

/**
 * How a filter keeps items, exactly what the documents need: `equals` the property's value; `in` one of the
 * parameter's values (an array parameter); `contains` the parameter's value among the property's (an array property);
 * `after` a later value (instants for timestamps and dates: the same moment written with Z or +01:00 is one bound);
 * `search` the text anywhere in the item (no property).
 */
export const FILTER_MATCHES = ['equals', 'in', 'contains', 'after', 'search'] as const;
export type FilterMatch = (typeof FILTER_MATCHES)[number];

export type FilterReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'filter'; readonly match: FilterMatch; readonly property?: readonly string[]; readonly at: Location }
  | { readonly kind: 'malformed'; readonly problem: string; readonly at: Location };

export type SetsReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'sets'; readonly property: readonly string[]; readonly at: Location }
  | { readonly kind: 'malformed'; readonly problem: string; readonly at: Location };

/** The `x-filter` a query parameter declares. */
export function readFilter(p: Param): FilterReading {
  const value = p.node.node[EXT.filter];
  const at = p.node.location.child([EXT.filter]);
  if (value === undefined) return { kind: 'none' };
  if (!isObject(value)) return { kind: 'malformed', problem: 'it must be an object { property, match }', at };
  const { property, match, ...rest } = value as Record<string, unknown>;
  const extra = Object.keys(rest);
  if (extra.length) return { kind: 'malformed', problem: `it takes only property and match, not ${extra.join(', ')}`, at };
  if (!FILTER_MATCHES.includes(match as FilterMatch)) return { kind: 'malformed', problem: `match must be one of ${FILTER_MATCHES.join(', ')}`, at };
  if (match === 'search') return property === undefined ? { kind: 'filter', match, at } : { kind: 'malformed', problem: 'a search matches the whole item: it names no property', at };
  const path = propertyPath(property);
  return path ? { kind: 'filter', match: match as FilterMatch, property: path, at } : { kind: 'malformed', problem: 'property must name an item property (a dotted path such as sender.id)', at };
}

/** The `x-sets` a query parameter declares. */
export function readSets(p: Param): SetsReading {
  const value = p.node.node[EXT.sets];
  const at = p.node.location.child([EXT.sets]);
  if (value === undefined) return { kind: 'none' };
  const path = propertyPath(value);
  return path ? { kind: 'sets', property: path, at } : { kind: 'malformed', problem: 'it must name an item property (a dotted path such as sendingCompany.id)', at };
}

function propertyPath(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const path = value.split('.');
  return path.every((s) => /^[^\s.]+$/.test(s)) ? path : undefined;
}

/** The schema a property path reaches from an item schema (each step a property, `$ref`s and `allOf` followed). */
export function propertyAt(ctx: Ctx, item: At | undefined, path: readonly string[]): At | undefined {
  let at = item;
  for (const step of path) at = props(ctx, at).get(step)?.schema;
  return at;
}

/** `offset`, `limit`, `sort` and `expand`: the query parameters the spec itself gives a meaning (read by their readers). */
export function isConventionParam(op: Operation, p: Param): boolean {
  return ['offset', 'limit', 'sort', 'expand'].some((name) => param(op, name, 'query') === p);
}

/** A filter in words, for the docs: "items whose `sender.id` equals this value". */
export function describeFilter(match: FilterMatch, property: readonly string[] | undefined): string {
  const name = `\`${(property ?? []).join('.')}\``;
  switch (match) {
    case 'equals':
      return `keeps the items whose ${name} equals this value`;
    case 'in':
      return `keeps the items whose ${name} is one of these values`;
    case 'contains':
      return `keeps the items whose ${name} includes this value`;
    case 'after':
      return `keeps the items whose ${name} is later than this value (compared as instants for timestamps and dates)`;
    case 'search':
      return 'keeps the items with this text in any of their text properties, case-insensitively';
  }
}
