/** ETags: conditional GET through a cache, the `etag` of results, and 304s. */
import { ApiError } from './errors.js';
import { decode } from './response.js';

/** A cached representation: raw text (JSON, text) or Blob, re-parsed on a 304 so callers cannot alter the cache. */
export interface EtagEntry {
  etag: string;
  contentType: string;
  body: string | Blob;
}

/** Keyed by request URL (+ Accept when the call chose one); implement it to persist entries elsewhere. */
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

/**
 * What a call that sent its own `ifNoneMatch` gives when the server answers 304 Not Modified and the client does not
 * hold that version (no etagCache entry with that ETag): the caller's copy is current, and there is no body to give.
 * Not an error (the caller asked); check `instanceof NotModified` before using the result as the resource.
 */
export class NotModified {
  declare readonly notModified: true;
  /** The ETag of the current version (the 304's, else the one sent): the caller's copy has it. */
  declare readonly etag: string;
  constructor(etag: string) {
    this.notModified = true;
    this.etag = etag;
  }
}

/**
 * A 304's result: the cached data when the client sent the ETag it holds; NotModified when the caller passed its own
 * `ifNoneMatch` parameter (the only calls typed to get it); otherwise an ApiError, not a value the result type does
 * not allow (If-None-Match in options.headers, or none at all: a confused proxy).
 */
export function notModified(res: Response, sent: string | undefined, cached: EtagEntry | undefined, asked: boolean): unknown {
  if (cached && sent === cached.etag) return withEtag(decode(cached.body, cached.contentType), cached.etag);
  if (asked) return new NotModified(res.headers.get('etag') ?? sent!);
  throw new ApiError(304, [], res, 'Not Modified to a call without the ifNoneMatch parameter');
}
