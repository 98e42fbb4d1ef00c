import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { MediaTypeObject } from '../load/index.js';
import type { Collection, OpSpec } from './analyse.js';
import { compileIn } from './ajv.js';
import { generateObject, type GenContext } from './generate-data.js';
import type { LoadedApi } from './load-apis.js';
import { hash32, Prng } from './prng.js';
import { deref } from '../load/index.js';
import type { SchemaObject } from '../load/index.js';
import { isJsonMedia, objectAt, referenceId, resolveSchema, type Item } from './schema-tools.js';
import { successResponse } from '../model/index.js';
import { Store, type Blob } from './store.js';

interface StateOptions {
  seed: number;
  /** Items of every `meta`+`items` collection. */
  pagedSize: number;
  /** Items of particular stores, by store key (the schema name: `{ Document: 100000 }`). */
  sizes?: Record<string, number>;
  /** Items of plain-array collections and of stores that only back references. */
  smallSize: number;
}

/** All in-memory state of the sub APIs: one store per collection, stand-alone resources, sub-resources. */
export class SandboxState {
  readonly stores = new Map<string, Store>();
  /** `<api id>|<schema name or store key>` -> store. */
  private readonly byApi = new Map<string, Store>();
  /** Stand-alone resources and sub-resources, by `<api> <path> <parent id>`: JSON values or uploaded bytes. */
  readonly singles = new Map<string, Item | Blob>();
  private readonly filling = new Set<string>();
  private readonly filled = new Set<string>();
  private readonly prngs = new Map<string, Prng>();

  constructor(
    private readonly opts: StateOptions,
    private readonly ajv: Ajv2020,
  ) {}

  /** Creates the stores the operations need, seeds them with the documents' examples, then generated data. */
  build(specs: readonly OpSpec[]): void {
    const forbidden = new Set<string>();
    for (const spec of specs) {
      const c = spec.collection;
      if (!c) continue;
      const store = this.storeFor(spec.api, c);
      const size = this.opts.sizes?.[store.key];
      if (size !== undefined) store.size = size;
      else if (c.shape === 'page') store.size = Math.max(store.size, this.opts.pagedSize);
      // A store holds another company's item when an instance operation refuses such an item with 403 (the model's).
      if (['read', 'replace', 'remove'].includes(spec.op.conventions.resource.kind) && spec.op.conventions.forbidden) forbidden.add(store.key);
    }
    for (const spec of specs) if (spec.collection && ['list', 'read'].includes(spec.op.conventions.resource.kind)) this.seedExamples(spec);
    for (const key of [...this.stores.keys()].sort()) {
      const store = this.stores.get(key)!;
      if (store.topLevel) this.fill(store);
      if (forbidden.has(key)) {
        const item = this.generateItem(store, store.items.size);
        store.foreign.set(String(item[idProp(store)]), item);
      }
    }
  }

  /**
   * The store of a collection. Collections of the same schema name share one store across paths, sub APIs
   * and versions (so references resolve everywhere), unless the schemas differ in structure (a new version
   * changed them): then that API gets a store of its own.
   */
  storeFor(api: LoadedApi, c: Pick<Collection, 'item' | 'storeKey' | 'nested'>): Store {
    const cacheKey = `${api.entry.id}|${c.storeKey}`;
    let store = this.byApi.get(cacheKey);
    if (!store) {
      const named = !c.storeKey.includes(':');
      const shared = named ? this.stores.get(c.storeKey) : undefined;
      const key = !shared || fingerprint(shared.api, shared.itemSchema) === fingerprint(api, c.item) ? c.storeKey : `${api.entry.id}:${c.storeKey}`;
      store = this.stores.get(key);
      if (!store) {
        store = new Store(key, api, c.item, !c.nested, this.opts.smallSize);
        // A differing schema of the same name is the same resources seen through another API: same ids.
        if (shared && key !== c.storeKey) store.idSource = shared;
        this.stores.set(key, store);
      }
      this.byApi.set(cacheKey, store);
    }
    if (!c.nested) store.topLevel = true;
    return store;
  }

  /** The store backing references to schema `name` in `api`: a collection's, or one made from the schema alone. */
  storeOfSchema(api: LoadedApi, name: string): Store | undefined {
    const known = this.byApi.get(`${api.entry.id}|${name}`);
    if (known) return known;
    if (!api.doc.components?.schemas?.[name]) return undefined;
    const store = this.storeFor(api, { item: { $ref: `#/components/schemas/${name}` }, storeKey: name, nested: false });
    this.fill(store);
    return store;
  }

  /** Generates the store's items up to its size (top-level stores; once). */
  fill(store: Store): void {
    if (this.filled.has(store.key) || this.filling.has(store.key)) return;
    this.filling.add(store.key);
    if (store.idSource) {
      this.fill(store.idSource);
      let i = 0;
      for (const id of [...store.idSource.items.keys()]) {
        if (store.items.has(id)) continue;
        const item = this.generateItem(store, i++);
        item[idProp(store)] = id;
        store.items.set(id, item);
      }
    }
    for (let i = store.items.size; i < store.size; i++) {
      const item = this.generateItem(store, i);
      store.items.set(String(item[idProp(store)]), item);
    }
    this.filling.delete(store.key);
    this.filled.add(store.key);
    store.changed();
  }

  /** Children of one parent in a nested collection, generated the first time they are asked for. */
  ensureChildren(store: Store, parentId: string): void {
    if (store.filledParents.has(parentId)) return;
    store.filledParents.add(parentId);
    const prng = new Prng(hash32(`${this.opts.seed}:${store.key}:${parentId}`));
    const count = prng.int(1, 3);
    for (let i = 0; i < count; i++) {
      const item = this.generateItem(store, i, prng);
      const id = String(item[idProp(store)]);
      store.items.set(id, item);
      store.parentOf.set(id, parentId);
    }
  }

  /** One generated item of the store's schema, with a fresh id and references into other stores. */
  generateItem(store: Store, index: number, prng = this.prngOf(store.key)): Item {
    const ctx: GenContext = {
      doc: store.api.doc,
      prng,
      index,
      refId: (name) => {
        const target = this.storeOfSchema(store.api, name);
        if (!target || target === store) return undefined;
        this.fill(target);
        const ids = this.idsOf(target);
        return ids.length ? prng.pick(ids) : undefined;
      },
    };
    const key = idProp(store);
    for (let attempt = 0; ; attempt++) {
      const item = generateObject(ctx, store.itemSchema);
      const id = item[key];
      if (typeof id !== 'string' || (!store.items.has(id) && !store.foreign.has(id))) {
        if (typeof id !== 'string') item[key] = prng.uuid();
        return item;
      }
      if (attempt > 20) {
        item[key] = prng.uuid();
        return item;
      }
    }
  }

  private readonly idCache = new WeakMap<Store, { version: number; size: number; ids: string[] }>();

  /** The ids of a store, cached while it does not change (references pick from them). */
  private idsOf(store: Store): string[] {
    const c = this.idCache.get(store);
    if (c && c.version === store.version && c.size === store.items.size) return c.ids;
    const ids = [...store.items.keys()];
    this.idCache.set(store, { version: store.version, size: store.items.size, ids });
    return ids;
  }

  private prngOf(key: string): Prng {
    let p = this.prngs.get(key);
    if (!p) this.prngs.set(key, (p = new Prng(hash32(`${this.opts.seed}:${key}`))));
    return p;
  }

  /** Puts the operation's response examples into the store (those valid against the item schema). */
  private seedExamples(spec: OpSpec): void {
    if (spec.collection!.nested) return;
    const store = this.storeFor(spec.api, spec.collection!);
    const validate = compileIn(this.ajv, spec.api, store.itemSchema);
    const key = idProp(store);
    for (const { mediaType, at } of successResponse(spec.op)?.content ?? []) {
      const media = objectAt<MediaTypeObject>(spec.api.doc, at);
      if (!isJsonMedia(mediaType) || !media) continue;
      for (const example of examplesOf(media)) {
        const items = spec.op.conventions.resource.kind === 'read' ? [example] : Array.isArray(example) ? example : (example as { items?: unknown[] } | null)?.items ?? [];
        for (const candidate of items) {
          if (!candidate || typeof candidate !== 'object' || !validate(candidate)) continue;
          const id = (candidate as Item)[key];
          if (typeof id !== 'string' || store.items.has(id)) continue;
          store.items.set(id, structuredClone(candidate as Item));
          this.ensureReferences(store, spec.collection!.references, candidate as Item);
        }
      }
    }
  }

  /** Makes every expandable reference of an example point at an item that exists. */
  private ensureReferences(store: Store, references: Map<string, string>, item: Item): void {
    for (const [prop, target] of references) {
      const id = referenceId(item[prop]);
      const targetStore = id === undefined ? undefined : this.storeOfSchema(store.api, target);
      if (!targetStore || id === undefined || targetStore.items.has(id)) continue;
      const made = this.generateItem(targetStore, targetStore.items.size);
      made[idProp(targetStore)] = id;
      targetStore.items.set(id, made);
    }
  }
}

const idProps = new WeakMap<Store, string>();

/** The property holding an item's id: `id` by the spec's convention, else the first `<name>Id`. */
export function idProp(store: Store): string {
  let key = idProps.get(store);
  if (key === undefined) {
    const props = resolveSchema(store.api.doc, store.itemSchema).properties ?? {};
    key = 'id' in props ? 'id' : Object.keys(props).find((k) => /Id$/.test(k)) ?? 'id';
    idProps.set(store, key);
  }
  return key;
}

export function examplesOf(media: MediaTypeObject): unknown[] {
  const out: unknown[] = [];
  if (media.example !== undefined) out.push(media.example);
  for (const ex of Object.values(media.examples ?? {})) if (ex && typeof ex === 'object' && 'value' in ex) out.push(ex.value);
  return out;
}

const prints = new WeakMap<object, string>();

/** The structure of a schema with refs resolved (descriptions and examples left out), to compare across documents. */
function fingerprint(api: LoadedApi, schema: SchemaObject): string {
  const cached = prints.get(schema);
  if (cached !== undefined) return cached;
  const walk = (node: unknown, depth: number): unknown => {
    if (depth > 12) return '...';
    const n = node && typeof node === 'object' && '$ref' in node ? deref(api.doc, node as SchemaObject) : node;
    if (Array.isArray(n)) return n.map((x) => walk(x, depth + 1));
    if (!n || typeof n !== 'object') return n;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(n).sort()) {
      if (k !== 'description' && k !== 'example' && k !== 'examples' && k !== 'summary') out[k] = walk((n as Record<string, unknown>)[k], depth + 1);
    }
    return out;
  };
  const print = JSON.stringify(walk(schema, 0));
  prints.set(schema, print);
  return print;
}
