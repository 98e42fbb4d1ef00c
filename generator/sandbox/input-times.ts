import type { OpenApiDocument, SchemaObject } from '../load/index.js';
import { formatInstant, parseDate, parseInstant } from './iso8601.js';
import { resolveSchema } from './schema-tools.js';

/** ajv format checks for requests: any ISO 8601 timestamp or date (spec 2.1), not only RFC 3339's profile. */
export const INPUT_FORMATS = {
  'date-time': (s: string): boolean => parseInstant(s) !== undefined,
  date: (s: string): boolean => parseDate(s) !== undefined,
};

/**
 * A validated input with its timestamps and dates rewritten to the output forms, so that what is stored and
 * compared is the instant the client meant, however it was written.
 */
export function normaliseTimes(doc: OpenApiDocument, schema: SchemaObject | undefined, value: unknown, depth = 0): unknown {
  if (!schema || depth > 16) return value;
  const s = resolveSchema(doc, schema);
  if (typeof value === 'string') return normaliseOne(s.format, value);
  if (Array.isArray(value)) return s.items ? value.map((v) => normaliseTimes(doc, s.items, v, depth + 1)) : value;
  if (value && typeof value === 'object' && s.properties) {
    const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const [k, ps] of Object.entries(s.properties)) if (k in out) out[k] = normaliseTimes(doc, ps, out[k], depth + 1);
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
