// `x-expandable: <Schema>` on a reference property (section 2.2/2.3): the schema under components.schemas the
// reference expands to. Written beside the property's `$ref`, in the referenced schema, in one of its `allOf`
// parts, or in the non-null alternative of a nullable `oneOf`/`anyOf` (3.1's `[Ref, null]` form).
import { child, list, type At, type Ctx, type Location, type Obj } from './node.js';
import type { Operation } from './operations.js';
import { successSchemaNode } from './media.js';
import { collectionItem, parts, props, types, type Prop } from './schema.js';
import { isObject } from '../../util/json.js';
import { EXT } from './extensions.js';

/** The non-null alternative of `oneOf: [X, {type: null}]` / `anyOf`, if that is what `s` is. */
function nullableAlternative(ctx: Ctx, s: At): At | undefined {
  if (s.node.oneOf === undefined && s.node.anyOf === undefined) return undefined;
  for (const key of ['oneOf', 'anyOf']) {
    const alts = list(ctx, s, key);
    const real = alts.filter((a) => !(types(ctx, a).size === 1 && types(ctx, a).has('null')));
    if (alts.length > 0 && real.length === 1 && alts.length - real.length <= 1) return real[0];
  }
  return undefined;
}

function targetIn(ctx: Ctx, s: At | undefined, depth = 0): string | undefined {
  if (!s || depth > 8) return undefined;
  for (const p of parts(ctx, s)) {
    const v = p.node[EXT.expandable];
    if (typeof v === 'string') return v;
  }
  return targetIn(ctx, nullableAlternative(ctx, s), depth + 1);
}

/** `x-expandable` beside any `$ref` of a chain (3.1 keeps `$ref` siblings), hop by hop from where it is written. */
function besideRefs(ctx: Ctx, raw: unknown, location: Location): string | undefined {
  let v = raw;
  let loc = location;
  for (let hops = 0; isObject(v) && hops < 32; hops++) {
    const named = v[EXT.expandable];
    if (typeof named === 'string') return named;
    if (typeof v.$ref !== 'string') return undefined;
    const r = ctx.resolve<Obj>(v, loc.source.absoluteRef);
    if (r.node === undefined || !r.location) return undefined;
    v = r.node;
    loc = r.location;
  }
  return undefined;
}

/** The schema name a property expands to, if it is an expandable reference. */
export function expandTarget(ctx: Ctx, p: Prop): string | undefined {
  return besideRefs(ctx, p.raw, p.location) ?? targetIn(ctx, p.schema);
}

interface ExpandableReading {
  /** The property name (`sender`). */
  name: string;
  /** The schema name under components.schemas (`Company`). */
  target: string;
  location: Location;
}

/** The expandable references among a schema's properties. */
export function expandablesOf(ctx: Ctx, schema: At | undefined): ExpandableReading[] {
  const out: ExpandableReading[] = [];
  for (const p of props(ctx, schema).values()) {
    const target = expandTarget(ctx, p);
    if (target !== undefined) out.push({ name: p.name, target, location: p.location });
  }
  return out;
}

/** The expandable references of what an operation answers: the collection's item, else the body itself. */
export function readExpandable(ctx: Ctx, op: Operation): ExpandableReading[] {
  const body = successSchemaNode(ctx, op);
  // Any collection-like body (also one lint finds malformed) is read through its item.
  return expandablesOf(ctx, collectionItem(ctx, body) ?? body);
}

/** The values an `expand` parameter lists (its enum, or its items' enum), if it lists them. */
export function expandValues(ctx: Ctx, schema: At | undefined): { values: unknown[]; at: At } | undefined {
  const items = child(ctx, schema, 'items');
  for (const holder of [items, schema]) if (holder && Array.isArray(holder.node.enum)) return { values: holder.node.enum, at: holder };
  return undefined;
}
