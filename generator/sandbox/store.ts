import { createHash, randomBytes } from 'node:crypto';
import type { SchemaObject } from '../load/index.js';
import type { LoadedApi } from './load-apis.js';
import type { Item } from './schema-tools.js';

/** A stored non-JSON representation (an upload, or a PUT of a binary sub-resource). */
export interface Blob {
  mediaType: string;
  data: Buffer;
}

/**
 * The items of one collection, in insertion order. Items of nested collections
 * (`/documents/{documentId}/attachments`) remember their parent's id.
 */
export class Store {
  readonly items = new Map<string, Item>();
  /** Items that exist but belong to another company: 403 for whoever asks (only where the document declares 403). */
  readonly foreign = new Map<string, Item>();
  readonly parentOf = new Map<string, string>();
  readonly filledParents = new Set<string>();
  readonly blobs = new Map<string, Blob>();
  /** The store whose ids this one mirrors (the same schema name with another structure, in another API). */
  idSource: Store | undefined;
  version = 0;
  /** Tells this run's collection versions from another run's: version numbers start again at each start. */
  private readonly run = randomBytes(9).toString('base64url');
  private versionTag = { version: -1, digest: '' };

  constructor(
    readonly key: string,
    readonly api: LoadedApi,
    readonly itemSchema: SchemaObject,
    /** Whether a top-level path lists or addresses the store's items (then it is filled at start). */
    public topLevel: boolean,
    public size: number,
  ) {}

  insert(id: string, item: Item, parent?: string): void {
    this.items.set(id, item);
    if (parent !== undefined) this.parentOf.set(id, parent);
    this.changed();
  }

  remove(id: string): void {
    this.items.delete(id);
    this.parentOf.delete(id);
    this.blobs.delete(id);
    this.changed();
  }

  changed(): void {
    this.version++;
  }

  /** Items, of one parent for nested collections. */
  list(parent?: string): Item[] {
    if (parent === undefined) return [...this.items.values()];
    const out: Item[] = [];
    for (const [id, item] of this.items) if (this.parentOf.get(id) === parent) out.push(item);
    return out;
  }

  /**
   * A strong ETag for one representation of the collection's current state: `"<version>.<representation>"`, like an
   * item's (handler-kit.ts), so that whether it is current follows from the tag itself, however many were handed out.
   */
  collectionEtag(representationKey: string): string {
    const version = this.versionDigest();
    return `"${version}.${quoteTag(`${version}\u0000${representationKey}`).slice(1, -1)}"`;
  }

  /** Whether `tag` names the collection's current version (in any of its representations). */
  isCurrentCollectionTag(tag: string): boolean {
    return /^"([^".]*)\./.exec(tag)?.[1] === this.versionDigest();
  }

  private versionDigest(): string {
    if (this.versionTag.version !== this.version) this.versionTag = { version: this.version, digest: quoteTag(`${this.key}\u0000${this.run}\u0000${this.version}`).slice(1, -1) };
    return this.versionTag.digest;
  }
}

/** A strong ETag from a content hash. */
export function quoteTag(content: string | Buffer): string {
  return `"${createHash('sha256').update(content).digest('base64url').slice(0, 27)}"`;
}

/** Whether a header is `*` or a list of entity tags (RFC 9110 13.1.1: `If-Match = "*" / #entity-tag`). */
export function isTagList(header: string | string[]): boolean {
  const text = Array.isArray(header) ? header.join(',') : header;
  return /^\s*(?:\*|(?:W\/)?"[^"]*"(?:\s*,\s*(?:W\/)?"[^"]*")*)\s*$/.test(text);
}

/** Entity tags of an `If-Match` / `If-None-Match` header; `*` stays `*`. */
export function parseTags(header: string | string[] | undefined): string[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
}

/** Weak comparison (If-None-Match, RFC 9110 13.1.2). */
export function matchesWeak(tags: string[], current: string): boolean {
  const strip = (t: string): string => t.replace(/^W\//, '');
  return tags.some((t) => t === '*' || strip(t) === strip(current));
}

/** Strong comparison (If-Match, RFC 9110 13.1.1): a weak tag never matches. */
export function matchesStrong(tags: string[], current: string): boolean {
  return tags.some((t) => t === '*' || (!t.startsWith('W/') && t === current));
}
