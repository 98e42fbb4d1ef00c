// A collection in sort order, kept as its items change (the store's ItemMap tells it), so that listing after a write
// does not sort the whole collection again.
import type { Item } from './schema-tools.js';
import { isObject } from '../util/json.js';

export interface SortKey {
  property: string;
  descending: boolean;
}

type SortValue = number | string | null;

/** What an item sorts by for one key: a reference by its id, a number as it is, anything else as text; none as null. */
export function sortValue(v: unknown): SortValue {
  const x = isObject(v) ? v.id : v;
  return x === undefined || x === null ? null : typeof x === 'number' ? x : String(x);
}

/** Ascending order of two sort values; none (null) last. */
export function compareSortValues(x: SortValue, y: SortValue): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  const sx = String(x);
  const sy = String(y);
  return sx < sy ? -1 : sx > sy ? 1 : 0;
}

interface Row {
  id: string;
  item: Item;
  /** Position in the store's insertion order: ties keep it. */
  seq: number;
  values: SortValue[];
}

/** The items of a store ordered by `keys` (ties in insertion order), each change put in its place by binary search. */
export class SortedIndex {
  private readonly rows: Row[] = [];
  private readonly rowOf = new Map<string, Row>();
  private entries: [string, Item][] | undefined;
  private items: Item[] | undefined;

  constructor(readonly keys: readonly SortKey[], items: Iterable<[string, Item, number]>) {
    for (const [id, item, seq] of items) {
      const row = { id, item, seq, values: this.valuesOf(item) };
      this.rows.push(row);
      this.rowOf.set(id, row);
    }
    this.rows.sort((a, b) => this.compare(a, b));
  }

  /** [id, item] in sort order (one array until the next change). */
  list(): readonly [string, Item][] {
    return (this.entries ??= this.rows.map((r) => [r.id, r.item]));
  }

  /** The items in sort order (one array until the next change). */
  values(): readonly Item[] {
    return (this.items ??= this.rows.map((r) => r.item));
  }

  put(id: string, item: Item, seq: number): void {
    this.remove(id);
    const row = { id, item, seq, values: this.valuesOf(item) };
    this.rows.splice(this.position(row), 0, row);
    this.rowOf.set(id, row);
  }

  remove(id: string): void {
    const row = this.rowOf.get(id);
    if (!row) return;
    this.rowOf.delete(id);
    this.rows.splice(this.position(row), 1);
    this.entries = this.items = undefined;
  }

  private valuesOf(item: Item): SortValue[] {
    this.entries = this.items = undefined;
    return this.keys.map((k) => sortValue(item[k.property]));
  }

  /** Where `row` is, or would go (the order is total: insertion positions differ). */
  private position(row: Row): number {
    let lo = 0;
    let hi = this.rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.rows[mid]!, row) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compare(a: Row, b: Row): number {
    for (let j = 0; j < this.keys.length; j++) {
      const x = a.values[j]!;
      const y = b.values[j]!;
      let c = compareSortValues(x, y);
      // Missing values stay last in both directions.
      if (c !== 0 && x !== null && y !== null && this.keys[j]!.descending) c = -c;
      if (c !== 0) return c;
    }
    return a.seq - b.seq;
  }
}
