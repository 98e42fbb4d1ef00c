import type { OpenApiDocument, SchemaObject } from '../load/index.js';
import { formatInstant, parseDate, parseInstant } from './iso8601.js';
import { resolveSchema } from './schema-tools.js';

/** ajv format checks for requests: any ISO 8601 timestamp or date (spec 2.1), not only RFC 3339's profile. */
export const INPUT_FORMATS = {
  'date-time': (s: string): boolean => parseInstant(s) !== undefined,
  date: (s: string): boolean => parseDate(s) !== undefined,
};

/** Where a request body holds timestamps and dates (by its schema), so that a request walks only those places. */
export interface TimesPlan {
  format?: 'date-time' | 'date';
  items?: TimesPlan;
  properties?: Map<string, TimesPlan>;
}

/**
 * The plan of a body schema, worked out once per operation at start-up. Memoised per schema node and depth: a
 * recursive schema is followed to depth 16 (as deep as a request is read), each node and depth planned once.
 */
export function timesPlan(doc: OpenApiDocument, schema: SchemaObject | undefined, depth = 0): TimesPlan | undefined {
  if (!schema || depth > 16) return undefined;
  let byDepth = plans.get(schema);
  if (!byDepth) plans.set(schema, (byDepth = new Map()));
  if (byDepth.has(depth)) return byDepth.get(depth) ?? undefined;
  const s = resolveSchema(doc, schema);
  const plan: TimesPlan = {};
  if (s.format === 'date-time' || s.format === 'date') plan.format = s.format;
  const items = timesPlan(doc, s.items, depth + 1);
  if (items) plan.items = items;
  const properties = Object.entries(s.properties ?? {}).flatMap(([k, ps]) => {
    const p = timesPlan(doc, ps, depth + 1);
    return p ? [[k, p] as const] : [];
  });
  if (properties.length) plan.properties = new Map(properties);
  const found = plan.format || plan.items || plan.properties ? plan : undefined;
  byDepth.set(depth, found ?? null);
  return found;
}

const plans = new WeakMap<object, Map<number, TimesPlan | null>>();

/**
 * A validated input with its timestamps and dates rewritten to the output forms, so that what is stored and
 * compared is the instant the client meant, however it was written.
 */
export function normaliseTimes(plan: TimesPlan | undefined, value: unknown): unknown {
  if (!plan) return value;
  if (typeof value === 'string') return normaliseOne(plan.format, value);
  if (Array.isArray(value)) return plan.items ? value.map((v) => normaliseTimes(plan.items, v)) : value;
  if (value && typeof value === 'object' && plan.properties) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [k, p] of plan.properties) if (k in out) out[k] = normaliseTimes(p, out[k]);
    return out;
  }
  return value;
}

export function normaliseOne(format: string | undefined, value: string): string {
  if (format === 'date-time') {
    const ms = parseInstant(value);
    return ms === undefined ? value : formatInstant(ms);
  }
  if (format === 'date') return parseDate(value) ?? value;
  return value;
}
