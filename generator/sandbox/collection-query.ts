import type { OpenApiDocument, ParameterObject, SchemaObject } from '../load/index.js';
import { httpError } from './http-error.js';
import { parseInstant } from './iso8601.js';
import { resolveSchema, type Item } from './schema-tools.js';

/** Query parameters with a meaning of their own; every other one that names an item property filters. */
export const RESERVED = new Set(['offset', 'limit', 'sort', 'expand', 'searchTerm']);
/** The page size when neither the client nor the document (`default` of `limit`) says. */
export const DEFAULT_LIMIT = 25;

const RANGE = /^(.+?)(From|After|Since|Min|To|Before|Until|Max)$/;

interface Filter {
  test(item: Item): boolean;
}

/** Equality (any-of for arrays), `<name>Id` against a `<name>: {id}` reference, and `xxxFrom`/`xxxTo` ranges. */
export function buildFilters(doc: OpenApiDocument, item: SchemaObject, params: ParameterObject[], query: Record<string, unknown>): Filter[] {
  const props = resolveSchema(doc, item).properties ?? {};
  const filters: Filter[] = [];
  for (const p of params) {
    if (p.in !== 'query' || RESERVED.has(p.name) || query[p.name] === undefined) continue;
    const wanted = (Array.isArray(query[p.name]) ? (query[p.name] as unknown[]) : [query[p.name]]).map(String);
    const name = p.name;
    if (name in props) {
      filters.push({ test: (it) => anyMatch(it[name], wanted) });
      continue;
    }
    const base = name.replace(/Ids?$/, '');
    if (base !== name && base in props) {
      filters.push({ test: (it) => anyMatch(refOf(it[base]), wanted) });
      continue;
    }
    const range = RANGE.exec(name);
    const target = range && [range[1]!, `${range[1]}At`, `${range[1]}Date`].find((c) => c in props);
    if (range && target) {
      const lower = ['From', 'After', 'Since', 'Min'].includes(range[2]!);
      const bound = wanted[0]!;
      // Timestamps and dates compare as instants: the same moment written with Z or +01:00 is one bound.
      const format = resolveSchema(doc, props[target]).format;
      const instant = format === 'date-time' || format === 'date' ? parseInstant(bound) : undefined;
      filters.push({
        test: (it) => {
          const v = it[target];
          if (v === undefined || v === null) return false;
          const at = instant !== undefined && typeof v === 'string' ? parseInstant(v) : undefined;
          const cmp = at !== undefined ? at - instant! : compareValues(v, typeof v === 'number' ? Number(bound) : bound);
          return lower ? cmp >= 0 : cmp <= 0;
        },
      });
    }
    // Parameters that name nothing in the item are accepted and ignored (the sandbox cannot guess their meaning).
  }
  return filters;
}

function refOf(v: unknown): unknown {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Item).id : v;
}

function anyMatch(value: unknown, wanted: string[]): boolean {
  if (Array.isArray(value)) return value.some((v) => anyMatch(v, wanted));
  const v = refOf(value);
  return v !== undefined && v !== null && wanted.includes(String(v));
}

/** `searchTerm`: a case-insensitive substring of any string property (one level into objects and arrays). */
export function searchFilter(term: string): Filter {
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
