// `x-extensible-enum: [A, B]` on a string schema (section 2.1, Enums): known values of a set that may grow.
import type { At } from './node.js';
import { EXT } from './extensions.js';

/** Descriptions saying a value set may change (section 2.1, Enums). */
export const MAY_CHANGE =
  /\b(?:may|might|can|could|will|are likely to)\s+(?:change|be (?:extended|added)|grow)|subject to change|not (?:an )?exhaustive|new values|more values|additional values|values (?:may|might|can) be added/i;

/** The known values of an open value set, if the schema declares one (written form, unvalidated). */
export function extensibleEnum(schema: object | undefined): unknown[] | undefined {
  const v = (schema as Record<string, unknown> | undefined)?.[EXT.extensibleEnum];
  return Array.isArray(v) ? v : undefined;
}

/** The known string values of an open value set. */
export function extensibleValues(schema: object | undefined): string[] | undefined {
  return extensibleEnum(schema)?.filter((v): v is string => typeof v === 'string');
}

interface ExtensibleEnumReading {
  values: unknown[];
  at: At;
}

export function readExtensibleEnum(schema: At): ExtensibleEnumReading | undefined {
  const values = extensibleEnum(schema.node);
  return values ? { values, at: { node: schema.node, location: schema.location.child([EXT.extensibleEnum]) } } : undefined;
}

/** An extensible enum's description lists its values and says they may change. */
export function describesValues(description: unknown, values: unknown[]): { missing: unknown[]; saysMayChange: boolean } {
  const text = typeof description === 'string' ? description : '';
  return { missing: values.filter((v) => typeof v === 'string' && !text.includes(v)), saysMayChange: MAY_CHANGE.test(text) };
}
