import { createHash, randomBytes } from 'node:crypto';
import type { SchemaObject } from '../load/index.js';
import type { LoadedApi } from './load-apis.js';
import type { Item } from './schema-tools.js';
import { SortedIndex, type SortKey } from './sorted.js';

/** Sort orders a store keeps up to date at once (a client may ask for any combination of sortable fields). */
const MAX_ORDERS = 8;

/** A stored non-JSON representation (an upload, or a PUT of a binary sub-resource). */
export interface Blob {
  mediaType: string;
  data: Buffer;
}

export function isBlob(v: unknown): v is Blob {
  return !!v && typeof v === 'object' && Buffer.isBuffer((v as Blob).data) && typeof (v as Blob).mediaType === 'string';
}

/** Ids by the values of one set of duplicate criteria (x-unique), kept as items are set and deleted. */
class CriteriaIndex implements ItemIndex {
  private readonly ids = new Map<string, Set<string>>();
  private readonly keys = new Map<string, string>();

  constructor(readonly fields: readonly string[]) {}

  put(id: string, item: Item): void {
    this.remove(id);
    const key = criteriaKey(item, this.fields);
    this.keys.set(id, key);
    let set = this.ids.get(key);
    if (!set) this.ids.set(key, (set = new Set()));
    set.add(id);
  }

  remove(id: string): void {
    const key = this.keys.get(id);
    if (key === undefined) return;
    this.keys.delete(id);
    const set = this.ids.get(key)!;
    set.delete(id);
    if (!set.size) this.ids.delete(key);
  }

  find(item: Item): ReadonlySet<string> {
    return this.ids.get(criteriaKey(item, this.fields)) ?? NONE;
  }
}

const NONE: ReadonlySet<string> = new Set();

/** What follows a store's items as they are set and deleted. */
interface ItemIndex {
  put(id: string, item: Item, seq: number): void;
  remove(id: string): void;
}

/**
 * A store's items: a Map that keeps its indexes (duplicate criteria, sort orders) up to date, whichever code sets an
 * item (a handler, data generation, an effect). Items are replaced, never changed in place once set (copy-on-write).
 */
class ItemMap extends Map<string, Item> {
  readonly indexes: ItemIndex[] = [];
  /** Each id's place in insertion order (Map order: setting an id again keeps its place). */
  private readonly seqs = new Map<string, number>();
  private nextSeq = 0;

  seqOf(id: string): number {
    return this.seqs.get(id)!;
  }

  override set(id: string, item: Item): this {
    let seq = this.seqs.get(id);
    if (seq === undefined) this.seqs.set(id, (seq = this.nextSeq++));
    for (const index of this.indexes) index.put(id, item, seq);
    return super.set(id, item);
  }

  override delete(id: string): boolean {
    for (const index of this.indexes) index.remove(id);
    this.seqs.delete(id);
    return super.delete(id);
  }
}

/** The values of duplicate criteria as one string (object keys in order, so equal values give equal strings). */
function criteriaKey(item: Item, fields: readonly string[]): string {
  const canonical = (v: unknown): string =>
    v === undefined ? '~' : v === null || typeof v !== 'object' ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(canonical).join(',')}]` : `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Item)[k])}`).join(',')}}`;
  return fields.map((f) => canonical(item[f])).join('\u0000');
}

/**
 * The items of one collection, in insertion order. Items of nested collections
 * (`/documents/{documentId}/attachments`) remember their parent's id.
 */
export class Store {
  readonly items: Map<string, Item> = new ItemMap();
  /** Items that exist but belong to another company: 403 for whoever asks (only where the document declares 403). */
  readonly foreign = new Map<string, Item>();
  readonly parentOf = new Map<string, string>();
  readonly filledParents = new Set<string>();
  readonly blobs = new Map<string, Blob>();
  /** The store whose ids this one mirrors (the same schema name with another structure, in another API). */
  idSource: Store | undefined;
  version = 0;
  /** The sort orders kept (sorted), most recently asked first. */
  private readonly orders: { signature: string; index: SortedIndex }[] = [];
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

  /** The ids of the items whose values of `fields` equal `item`'s (the first ask builds the index, later writes keep it). */
  withCriteria(fields: readonly string[], item: Item): ReadonlySet<string> {
    const items = this.items as ItemMap;
    let index = items.indexes.find((x): x is CriteriaIndex => x instanceof CriteriaIndex && x.fields === fields);
    if (!index) {
      items.indexes.push((index = new CriteriaIndex(fields)));
      for (const [id, it] of items) index.put(id, it);
    }
    return index.find(item);
  }

  /**
   * The items in the order of `keys` (ties in insertion order). The first ask of an order sorts; later
   * writes put each item in its place. At most MAX_ORDERS orders are kept per store, the least recently asked dropped.
   */
  sorted(keys: readonly SortKey[]): SortedIndex {
    const items = this.items as ItemMap;
    const signature = JSON.stringify(keys);
    const at = this.orders.findIndex((o) => o.signature === signature);
    let order = at >= 0 ? this.orders.splice(at, 1)[0]! : undefined;
    if (!order) {
      order = { signature, index: new SortedIndex(keys, [...items].map(([id, item]) => [id, item, items.seqOf(id)] as [string, Item, number])) };
      items.indexes.push(order.index);
      if (this.orders.length >= MAX_ORDERS) items.indexes.splice(items.indexes.indexOf(this.orders.pop()!.index), 1);
    }
    this.orders.unshift(order);
    return order.index;
  }

  /**
   * A strong ETag for one representation of the collection's current state: `"<version>.<representation>"`, like an
   * item's (handlers/preconditions.ts), so that whether it is current follows from the tag itself, however many were handed out.
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
