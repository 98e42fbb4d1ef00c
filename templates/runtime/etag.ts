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

/** In-memory cache evicting the least recently used entry beyond `maxEntries` (default 500). */
export class MemoryEtagCache implements EtagCache {
  private declare readonly m: Map<string, EtagEntry>;
  private declare readonly max: number;
  constructor(maxEntries = 500) {
    this.m = new Map();
    this.max = maxEntries;
  }
  get(key: string): EtagEntry | undefined {
    const entry = this.m.get(key);
    // Re-insert: Map keeps insertion order, so the first key is the least recently used.
    if (entry) this.set(key, entry);
    return entry;
  }
  set(key: string, entry: EtagEntry): void {
    const m = this.m;
    m.delete(key);
    m.set(key, entry);
    if (m.size > this.max) m.delete(m.keys().next().value!);
  }
  delete(key: string): void {
    this.m.delete(key);
  }
  get size(): number {
    return this.m.size;
  }
}

/** Adds a non-enumerable `etag` to an object result (JSON.stringify and spreads leave it out). Primitives stay as they are. */
export function withEtag<T>(value: T, etag: string | null): T {
  if (etag && typeof value === 'object' && value !== null) Object.defineProperty(value, 'etag', { value: etag, configurable: true });
  return value;
}
