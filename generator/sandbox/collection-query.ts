import type { QueryFilter } from './analyse.js';
import { httpError } from './http-error.js';
import { parseInstant } from './iso8601.js';
import type { Item } from './schema-tools.js';

/** The page size when neither the client nor the document (`default` of `limit`) says. */
export const DEFAULT_LIMIT = 25;

interface Filter {
  test(item: Item): boolean;
}

/**
 * The filters the request asks for, among those the document declares (x-filter). A query parameter that declares
 * none is accepted and ignored: the sandbox does not guess its meaning from its name.
 */
export function buildFilters(declared: readonly QueryFilter[], query: Record<string, unknown>): Filter[] {
  const filters: Filter[] = [];
  for (const f of declared) {
    const value = query[f.param];
    if (value === undefined) continue;
    const wanted = (Array.isArray(value) ? (value as unknown[]) : [value]).map(String);
    if (f.match === 'search') {
      if (wanted[0]) filters.push(searchFilter(wanted[0]));
    } else if (f.match === 'after') filters.push(afterFilter(f, wanted[0]!));
    // equals, in and contains differ in what lint lets them name (a value, several values, an array property);
    // compared, each is "the property's value or values meet the wanted ones".
    else filters.push({ test: (it) => anyMatch(valueAt(it, f.path), wanted) });
  }
  return filters;
}

/** Later than the bound; timestamps and dates compare as instants (the same moment written with Z or +01:00 is one bound). */
function afterFilter(f: QueryFilter, bound: string): Filter {
  const instant = f.instants ? parseInstant(bound) : undefined;
  return {
    test: (it) => {
      const v = valueAt(it, f.path);
      if (v === undefined || v === null) return false;
      const at = instant !== undefined && typeof v === 'string' ? parseInstant(v) : undefined;
      return (at !== undefined ? at - instant! : compareValues(v, typeof v === 'number' ? Number(bound) : bound)) > 0;
    },
  };
}

function valueAt(item: Item, path: readonly string[]): unknown {
  let v: unknown = item;
  for (const step of path) v = v && typeof v === 'object' && !Array.isArray(v) ? (v as Item)[step] : undefined;
  return v;
}

function refOf(v: unknown): unknown {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Item).id : v;
}

function anyMatch(value: unknown, wanted: string[]): boolean {
  if (Array.isArray(value)) return value.some((v) => anyMatch(v, wanted));
  const v = refOf(value);
  return v !== undefined && v !== null && wanted.includes(String(v));
}

/** A search: a case-insensitive substring of any string property (one level into objects and arrays). */
function searchFilter(term: string): Filter {
  const needle = term.toLowerCase();
  const hit = (v: unknown, depth: number): boolean => {
    if (typeof v === 'string') return v.toLowerCase().includes(needle);
    if (depth > 1 || !v || typeof v !== 'object') return false;
    return Object.values(v).some((x) => hit(x, depth + 1));
  };
  return { test: (it) => hit(it, 0) };
}

export interface SortKey {
  property: string;
  descending: boolean;
}

/** `sort=-createdAt,name`: each key must be one of the sortable fields; no sort -> the default (model's reading). */
export function parseSort(spec: { fields: string[]; default?: string } | undefined, value: unknown): SortKey[] {
  const raw = value === undefined ? spec?.default : Array.isArray(value) ? value.join(',') : String(value);
  if (!raw) return [];
  return raw.split(',').filter(Boolean).map((k) => {
    const descending = k.startsWith('-');
    const property = k.replace(/^[-+]/, '');
    if (spec && !spec.fields.includes(property)) {
      throw httpError(400, `cannot sort by "${property}"; sortable: ${spec.fields.join(', ')}`, 'InvalidSort');
    }
    return { property, descending };
  });
}

export function compareValues(a: unknown, b: unknown): number {
  const x = refOf(a);
  const y = refOf(b);
  if (x === y) return 0;
  if (x === undefined || x === null) return 1;
  if (y === undefined || y === null) return -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  const sx = String(x);
  const sy = String(y);
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

export function sortItems(items: Item[], keys: SortKey[]): Item[] {
  if (!keys.length) return items;
  const indexed = items.map((item, i) => ({ item, i }));
  indexed.sort((a, b) => {
    for (const k of keys) {
      let c = compareValues(a.item[k.property], b.item[k.property]);
      // Missing values stay last in both directions.
      if (c !== 0 && (a.item[k.property] ?? null) !== null && (b.item[k.property] ?? null) !== null && k.descending) c = -c;
      if (c !== 0) return c;
    }
    return a.i - b.i;
  });
  return indexed.map((x) => x.item);
}
