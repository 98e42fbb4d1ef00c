import type { Location, UserContext } from '@redocly/openapi-core';

/** A node of the document (after `$ref`s are followed) and where it is written. */
export interface At<T = Obj> {
  node: T;
  location: Location;
}

export type Obj = Record<string, unknown>;
export type Ctx = Pick<UserContext, 'resolve' | 'location'>;

export function isObj(v: unknown): v is Obj {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function isRef(v: unknown): v is { $ref: string } {
  return isObj(v) && typeof v.$ref === 'string';
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
  return isObj(node) && !isRef(node) ? { node, location: loc } : undefined;
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
