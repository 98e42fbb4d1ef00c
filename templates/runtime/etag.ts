/** ETags (conventions section 8): conditional GET through a cache, and the `etag` of results. */

/** A cached representation: raw text (JSON, text) or Blob, re-parsed on a 304 so callers cannot alter the cache. */
export interface EtagEntry {
  etag: string;
  contentType: string;
  body: string | Blob;
}

/** Keyed by request URL + Accept; implement it to persist entries elsewhere. */
export interface EtagCache {
  get(key: string): EtagEntry | undefined;
  set(key: string, entry: EtagEntry): void;
  delete?(key: string): void;
}

/** In-memory cache evicting the least recently used entry beyond `maxEntries` (default 500). A Map (so `size`, `delete`
 *  and the rest come with it) whose get() and set() keep the order of use. */
export class MemoryEtagCache extends Map<string, EtagEntry> implements EtagCache {
  private declare readonly max: number;
  constructor(maxEntries = 500) {
    super();
    this.max = maxEntries;
  }
  override get(key: string): EtagEntry | undefined {
    const entry = super.get(key);
    // Re-insert: Map keeps insertion order, so the first key is the least recently used. A hit does not grow the
    // map, so the eviction in set() is not needed.
    if (entry) super.delete(key), super.set(key, entry);
    return entry;
  }
  override set(key: string, entry: EtagEntry): this {
    this.delete(key);
    super.set(key, entry);
    if (this.size > this.max) this.delete(this.keys().next().value!);
    return this;
  }
}

/** Adds a non-enumerable `etag` to an object result (JSON.stringify and spreads leave it out). Primitives stay as they are. */
export function withEtag<T>(value: T, etag: string | null): T {
  if (etag && typeof value === 'object' && value !== null) Object.defineProperty(value, 'etag', { value: etag, configurable: true });
  return value;
}
