// The node walk every convention reader uses, over either of the two views docex has of a document:
// Redocly's (lint: many files, real locations with lines) or one bundled document (model, sandbox, docs).
import type { OpenApiDocument } from '../../load/types.js';
import { escapePointer, isObject, pointerTarget, type JsonObject } from '../../util/json.js';

/**
 * Where a node is written: a file and a JSON pointer. Redocly's `Location` has this shape, so lint reports at
 * it (with the line Redocly knows); for a bundled document `Place` gives file (the entry document) and pointer.
 */
export interface Location {
  source: { absoluteRef: string };
  pointer: string;
  readonly absolutePointer: string;
  child(components: (string | number)[] | string | number): Location;
  key(): unknown;
}

/** A node of the document (after `$ref`s are followed) and where it is written. */
export interface At<T = Obj> {
  node: T;
  location: Location;
}

export type Obj = JsonObject;
/** What the walk needs of its host: follow a `$ref` written in file `from`. Redocly's UserContext is one. */
export interface Ctx {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Redocly's ResolveFn signature
  resolve<T extends {}>(node: any, from?: string): { node: T | undefined; location: Location | undefined };
  location: Location;
}

/** A location in a bundled document (`#/paths/~1documents/get`), shaped like Redocly's `Location`. */
export class Place implements Location {
  constructor(
    readonly source: { absoluteRef: string },
    readonly pointer: string,
  ) {}
  child(components: (string | number)[] | string | number): Place {
    const keys = Array.isArray(components) ? components : [components];
    return new Place(this.source, keys.reduce<string>((p, k) => `${p.endsWith('/') ? p : `${p}/`}${escapePointer(k)}`, this.pointer));
  }
  key(): Place {
    return this;
  }
  get absolutePointer(): string {
    return `${this.source.absoluteRef}${this.pointer}`;
  }
}

const contexts = new WeakMap<object, Map<string, Ctx>>();

/** The walk's host for one bundled document: internal `#/...` refs only (bundling made every ref internal). */
export function documentContext(doc: OpenApiDocument, file = ''): Ctx {
  let byFile = contexts.get(doc);
  if (!byFile) contexts.set(doc, (byFile = new Map()));
  let ctx = byFile.get(file);
  if (ctx) return ctx;
  const source = { absoluteRef: file };
  const none = { node: undefined, location: undefined };
  // Each ref is looked up once: a large document repeats the same few hundred refs tens of thousands of times.
  const targets = new Map<string, { node: unknown; location: Location | undefined }>();
  ctx = {
    location: new Place(source, '#/'),
    resolve<T>(node: unknown) {
      const ref = isRef(node) ? node.$ref : undefined;
      if (!ref?.startsWith('#/')) return none;
      let hit = targets.get(ref);
      if (!hit) {
        const cur = pointerTarget(doc, ref);
        targets.set(ref, (hit = cur === undefined ? none : { node: cur, location: new Place(source, ref) }));
      }
      return hit as { node: T | undefined; location: Location | undefined };
    },
  };
  byFile.set(file, ctx);
  return ctx;
}

/** The document root of a bundled document, as a node of the walk. */
export function documentRoot(doc: OpenApiDocument, file = ''): At {
  return { node: doc as unknown as Obj, location: documentContext(doc, file).location };
}

/** A location as plain data for the model: file and JSON pointer. */
interface Source {
  file: string;
  pointer: string;
}

export function sourceOf(location: Location): Source {
  return { file: location.source.absoluteRef, pointer: location.pointer };
}

function isRef(v: unknown): v is { $ref: string } {
  return isObject(v) && typeof v.$ref === 'string';
}

/** Follows `$ref` chains (across files: each hop resolves from the file it is written in). */
export function at(ctx: Ctx, value: unknown, location: Location): At | undefined {
  let node = value;
  let loc = location;
  for (let hops = 0; isRef(node) && hops < 32; hops++) {
    const r = ctx.resolve<Obj>(node, loc.source.absoluteRef);
    if (r.node === undefined || !r.location) return undefined;
    node = r.node;
    loc = r.location;
  }
  return isObject(node) && !isRef(node) ? { node, location: loc } : undefined;
}

/** The resolved object under `key` of `parent`. */
export function child(ctx: Ctx, parent: At | undefined, key: string | number): At | undefined {
  if (!parent) return undefined;
  const v = parent.node[key];
  return v === undefined ? undefined : at(ctx, v, parent.location.child([key]));
}

/** Entries of a map-valued child (`properties`, `responses`, `headers`, ...), each resolved. */
export function entries(ctx: Ctx, parent: At | undefined, key: string): [string, At][] {
  const map = child(ctx, parent, key);
  if (!map) return [];
  const out: [string, At][] = [];
  for (const name of Object.keys(map.node)) {
    const v = child(ctx, map, name);
    if (v) out.push([name, v]);
  }
  return out;
}

/** Resolved items of an array-valued child (`parameters`, `allOf`, ...). */
export function list(ctx: Ctx, parent: At | undefined, key: string): At[] {
  const arr = parent?.node[key];
  if (!parent || !Array.isArray(arr)) return [];
  const out: At[] = [];
  arr.forEach((v, i) => {
    const r = at(ctx, v, parent.location.child([key, i]));
    if (r) out.push(r);
  });
  return out;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
