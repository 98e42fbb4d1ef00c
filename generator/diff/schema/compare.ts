// Walks two schemas side by side. Results are memoised per (base node, head node, direction), so a shared
// component is compared once however many operations reach it, and an in-progress pair is skipped (cycles).
// A finding inside a `#/components/schemas/X` is anchored to X: its path is relative to that component,
// which is how the engine groups one change for every operation it reaches.
import type { RuleId } from '../registry.js';
import type { Direction, Params } from '../types.js';
import { ANY, type DocSchemas, type Schema, schemaRefName } from './resolve.js';
import { isObject } from '../../util/json.js';

export interface Finding {
  id: RuleId;
  /** Property path below the anchor (or the site): names, `[]` for array items, `*` for additionalProperties. */
  path: string[];
  params: Params;
  anchor?: string;
}

export interface SchemaContext {
  dir: Direction;
  base: Schema;
  head: Schema;
  baseDoc: DocSchemas;
  headDoc: DocSchemas;
  /** Reports a finding at this schema, or at its child `segment` (a property name). */
  emit(id: RuleId, params?: Params, segment?: string): void;
  /** Compares two child schemas (raw: refs allowed) under `segment`. */
  child(baseRaw: unknown, headRaw: unknown, segment: string): void;
  /** Stops the other checks for this pair (a rewrite that makes them noise). */
  stop(): void;
}

export type SchemaCheck = (ctx: SchemaContext) => void;

type PairMemo<T> = WeakMap<object, WeakMap<object, T>>;

function getPair<T>(memo: PairMemo<T>, a: object, b: object): T | undefined {
  return memo.get(a)?.get(b);
}
function setPair<T>(memo: PairMemo<T>, a: object, b: object, v: T): void {
  let inner = memo.get(a);
  if (!inner) memo.set(a, (inner = new WeakMap()));
  inner.set(b, v);
}

export class SchemaComparer {
  private readonly memo: Record<Direction, PairMemo<Finding[]>> = { request: new WeakMap(), response: new WeakMap() };
  private readonly active: Record<Direction, PairMemo<true>> = { request: new WeakMap(), response: new WeakMap() };

  constructor(
    readonly base: DocSchemas,
    readonly head: DocSchemas,
    private readonly checks: SchemaCheck[],
  ) {}

  compare(baseRaw: unknown, headRaw: unknown, dir: Direction): Finding[] {
    const b = baseRaw === undefined ? ANY : this.base.resolve(baseRaw);
    const h = headRaw === undefined ? ANY : this.head.resolve(headRaw);
    let found = getPair(this.memo[dir], b, h);
    if (!found) {
      if (b === h && b === ANY) return [];
      if (getPair(this.active[dir], b, h)) return [];
      setPair(this.active[dir], b, h, true);
      found = this.compareResolved(b, h, dir);
      this.active[dir].get(b)?.delete(h);
      setPair(this.memo[dir], b, h, found);
    }
    if (found.length === 0) return found;
    const anchor = schemaRefName(headRaw) ?? schemaRefName(baseRaw);
    if (anchor) return found.map((f) => (f.anchor ? f : { ...f, anchor }));
    // `allOf: [$ref]` or `anyOf: [$ref, null]` around a component (a nullable or described use of it): what
    // changed below its root changed in the component, so group it there too.
    const inner = wrappedRef(headRaw) ?? wrappedRef(baseRaw);
    if (!inner) return found;
    return found.map((f) => (f.anchor || f.path.length === 0 ? f : { ...f, anchor: inner }));
  }

  private compareResolved(b: Schema, h: Schema, dir: Direction): Finding[] {
    const out: Finding[] = [];
    let stopped = false;
    const ctx: SchemaContext = {
      dir,
      base: b,
      head: h,
      baseDoc: this.base,
      headDoc: this.head,
      emit: (id, params = {}, segment) => out.push({ id, path: segment === undefined ? [] : [segment], params }),
      child: (bc, hc, segment) => {
        for (const f of this.compare(bc, hc, dir)) out.push(f.anchor ? f : { ...f, path: [segment, ...f.path] });
      },
      stop: () => {
        stopped = true;
      },
    };
    for (const check of this.checks) {
      check(ctx);
      if (stopped) break;
    }
    return out;
  }
}

function wrappedRef(raw: unknown): string | undefined {
  if (!isObject(raw) || raw.$ref !== undefined) return undefined;
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = raw[key];
    if (!Array.isArray(list)) continue;
    const named = list.filter((x) => !(isObject(x) && x.type === 'null'));
    if (named.length === 1 && (key === 'allOf' || named.length < list.length)) return schemaRefName(named[0]);
  }
  return undefined;
}

/** `items[].sender.name` from path segments. */
export function renderPath(path: readonly string[]): string {
  let s = '';
  for (const seg of path) s += seg === '[]' ? '[]' : s ? `.${seg}` : seg;
  return s;
}

/** Recurses into array items and additionalProperties schemas. */
export const checkStructure: SchemaCheck = (ctx) => {
  const { base: b, head: h } = ctx;
  if (b.items !== undefined || h.items !== undefined) {
    if (isObject(b.items) || isObject(h.items)) ctx.child(b.items, h.items, '[]');
  }
  if (isObject(b.additionalProperties) && isObject(h.additionalProperties)) ctx.child(b.additionalProperties, h.additionalProperties, '*');
};
