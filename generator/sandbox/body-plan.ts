// What of a JSON request body is stored (Reliability guide, "What a body may hold"), worked out once per operation at
// start-up from two schemas: the request body's, and the representation of the resource it writes.
//   - a property the request schema declares: kept and walked into (ajv validates what is kept, at every depth);
//   - one the request lacks but the representation has (server-owned, or a field of an expanded reference sent back):
//     dropped, never stored;
//   - any other, at any depth: a problem naming it (a 400).
// An object schema that lists no properties (and no additionalProperties schema) is free-form: kept as sent. Timestamps
// and dates the request declares are rewritten to the output form on the way (spec 2.1).
import type { OpenApiDocument, SchemaObject } from '../load/index.js';
import { normaliseOne } from './input-times.js';
import { expandTargetOf, allowsType, resolveSchema, type Item } from './schema-tools.js';

export interface BodyPlan {
  format?: 'date-time' | 'date';
  /** An object schema that says which properties it has. */
  object?: {
    declared: Map<string, BodyPlan>;
    /** patternProperties, then additionalProperties given as a schema: the values of a map. */
    patterns: [RegExp, BodyPlan][];
    rest?: BodyPlan;
    /** The representation's properties that the request lacks. */
    ignored: Set<string>;
  };
  items?: BodyPlan;
  /** A free-form object schema (it lists no properties): kept as sent. */
  free?: true;
}

const FREE: BodyPlan = Object.freeze({});

/** The plan of a request body schema, against the schemas of the representation (none for an operation that writes no resource). */
export function bodyPlan(doc: OpenApiDocument, request: SchemaObject | undefined, representation: readonly SchemaObject[]): BodyPlan {
  return new Planner(doc).plan(request, representation.map((r) => resolveSchema(doc, r)));
}

class Planner {
  /** Per request node and set of representation nodes: recursive schemas give a plan with cycles, each node planned once. */
  private readonly memo = new Map<SchemaObject, Map<string, BodyPlan>>();
  private readonly ids = new Map<SchemaObject, number>();

  constructor(private readonly doc: OpenApiDocument) {}

  plan(raw: SchemaObject | undefined, reps: SchemaObject[]): BodyPlan {
    if (!raw) return FREE;
    const s = resolveSchema(this.doc, raw);
    const key = reps.map((r) => this.ids.get(r) ?? (this.ids.set(r, this.ids.size), this.ids.size - 1)).join(',');
    let byReps = this.memo.get(s);
    if (!byReps) this.memo.set(s, (byReps = new Map()));
    const hit = byReps.get(key);
    if (hit) return hit;
    const plan: BodyPlan = {};
    byReps.set(key, plan);
    const alternatives = s.oneOf ?? s.anyOf;
    if (alternatives) Object.assign(plan, this.union(alternatives.map((a) => this.plan(a, reps))));
    if (s.format === 'date-time' || s.format === 'date') plan.format = s.format;
    if (s.items) plan.items = this.plan(s.items, reps.flatMap((r) => (r.items ? [resolveSchema(this.doc, r.items)] : [])));
    if (lists(s)) {
      const declared = new Map(Object.entries(s.properties ?? {}).map(([k, p]) => [k, this.plan(p, this.repsOf(reps, k))] as const));
      const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, SchemaObject>).map(([re, p]) => [new RegExp(re, 'u'), this.plan(p, [])] as [RegExp, BodyPlan]);
      const ignored = new Set(reps.flatMap((r) => Object.keys(r.properties ?? {})).filter((k) => !declared.has(k)));
      const extra = s.additionalProperties;
      plan.object = { declared, patterns, ignored, ...(extra && typeof extra === 'object' ? { rest: this.plan(extra, []) } : {}) };
    } else if (!alternatives && allowsType(s, 'object')) plan.free = true;
    return plan;
  }

  /** The representation's schemas of property `name`: its own, and the resource it expands to (x-expandable). */
  private repsOf(reps: SchemaObject[], name: string): SchemaObject[] {
    const out: SchemaObject[] = [];
    for (const r of reps) {
      const raw = r.properties?.[name];
      if (!raw) continue;
      const own = resolveSchema(this.doc, raw);
      out.push(own, ...(own.oneOf ?? own.anyOf ?? []).map((a) => resolveSchema(this.doc, a)));
      const target = expandTargetOf(this.doc, raw);
      const expanded = target === undefined ? undefined : this.doc.components?.schemas?.[target];
      if (expanded) out.push(resolveSchema(this.doc, expanded));
    }
    return out;
  }

  /** oneOf/anyOf: a property is declared when an alternative declares it; a free-form object alternative frees all. */
  private union(plans: BodyPlan[]): BodyPlan {
    const out: BodyPlan = {};
    for (const p of plans) {
      out.format ??= p.format;
      out.items ??= p.items;
    }
    if (plans.some((p) => p.free)) return { ...out, free: true };
    const objects = plans.flatMap((p) => (p.object ? [p.object] : []));
    if (!objects.length) return out;
    const declared = new Map<string, BodyPlan>();
    for (const o of objects) for (const [k, p] of o.declared) if (!declared.has(k)) declared.set(k, p);
    const rest = objects.find((o) => o.rest)?.rest;
    out.object = {
      declared,
      patterns: objects.flatMap((o) => o.patterns),
      ignored: new Set(objects.flatMap((o) => [...o.ignored]).filter((k) => !declared.has(k))),
      ...(rest ? { rest } : {}),
    };
    return out;
  }
}

/** An object schema that says which properties it has (else it is free-form, or no object at all). */
function lists(s: SchemaObject): boolean {
  if (s.properties || s.patternProperties || s.additionalProperties === false || s.unevaluatedProperties === false) return true;
  return typeof s.additionalProperties === 'object' && (s.type === undefined || allowsType(s, 'object'));
}

/**
 * The body as stored: declared properties only (walked into), the representation's others dropped, timestamps and dates
 * in the output form. Each other property is a problem, named by its place (`body.amounts` has an unknown property
 * "colour"); at most `max` are named. A value of an unexpected type is kept as sent, for ajv to name.
 */
export function applyPlan(plan: BodyPlan, value: unknown, at: string, problems: string[], max = 10): unknown {
  if (plan.format && typeof value === 'string') return normaliseOne(plan.format, value);
  if (Array.isArray(value)) return plan.items ? value.map((v, i) => applyPlan(plan.items!, v, `${at}.${i}`, problems, max)) : value;
  const o = plan.object;
  if (!o || value === null || typeof value !== 'object') return value;
  const out: Item = {};
  for (const [k, v] of Object.entries(value)) {
    const child = o.declared.get(k) ?? o.patterns.find(([re]) => re.test(k))?.[1] ?? o.rest;
    if (child) setOwn(out, k, applyPlan(child, v, `${at}.${k}`, problems, max));
    else if (!o.ignored.has(k) && problems.length < max) problems.push(`${at} has an unknown property "${k}"`);
  }
  return out;
}

/** Sets an own property, whatever its name: `__proto__` as a key of a map must not become the object's prototype. */
function setOwn(target: Item, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Copies `source`'s own properties onto `target` as own properties (Object.assign would set `__proto__`). */
export function assignOwn(target: Item, source: Item): Item {
  for (const [k, v] of Object.entries(source)) setOwn(target, k, v);
  return target;
}
