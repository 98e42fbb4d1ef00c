import type { QueryFilter } from './analyse.js';
import { httpError } from './http-error.js';
import { parseInstant } from './iso8601.js';
import type { Item } from './schema-tools.js';
import { compareSortValues, sortValue, type SortKey } from './sorted.js';
import { isObject } from '../util/json.js';

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
      return (at !== undefined ? at - instant! : compareSortValues(sortValue(v), sortValue(typeof v === 'number' ? Number(bound) : bound))) > 0;
    },
  };
}

function valueAt(item: Item, path: readonly string[]): unknown {
  let v: unknown = item;
  for (const step of path) v = isObject(v) ? v[step] : undefined;
  return v;
}

function anyMatch(value: unknown, wanted: string[]): boolean {
  if (Array.isArray(value)) return value.some((v) => anyMatch(v, wanted));
  const v = sortValue(value);
  return v !== null && wanted.includes(String(v));
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
