// Spec 7.2: 409 "A resource with the same criteria exists; occurs when creating a duplicate". The criteria are
// per resource, so the documents state them on the create: `x-unique: [sender, documentType, documentIdentifier]`
// on the POST names the properties of the created resource whose equal values make a duplicate.
// This is the one reader of `x-unique`; lint and the model (and through it the sandbox and docs) take the criteria from here.
import type { Location } from './node.js';
import type { Operation } from './operations.js';
import { EXT } from './extensions.js';


type UniqueReading =
  | { readonly kind: 'none' }
  | { readonly kind: 'fields'; readonly fields: readonly string[] }
  | { readonly kind: 'malformed'; readonly problem: string };

/** The uniqueness criteria an operation object declares. */
export function readUnique(operation: unknown): UniqueReading {
  if (operation === null || typeof operation !== 'object' || !(EXT.unique in operation)) return { kind: 'none' };
  const value: unknown = (operation as Record<string, unknown>)[EXT.unique];
  if (!Array.isArray(value) || value.length === 0) return { kind: 'malformed', problem: `${EXT.unique} must be a non-empty list of property names` };
  const fields: string[] = [];
  for (const v of value) {
    if (typeof v !== 'string' || v === '') return { kind: 'malformed', problem: `${EXT.unique} lists ${JSON.stringify(v)}, which is not a property name` };
    if (fields.includes(v)) return { kind: 'malformed', problem: `${EXT.unique} lists "${v}" twice` };
    fields.push(v);
  }
  return { kind: 'fields', fields };
}

/** The criteria in words, for error messages and the docs: "the same `sender`, `documentType` and `documentIdentifier`". */
export function describeUnique(fields: readonly string[]): string {
  const names = fields.map((f) => `\`${f}\``);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `the same ${list}`;
}

/** A well-formed `x-unique` of an operation, and where it is written. */
export function uniqueOf(op: Operation): { fields: readonly string[]; at: Location } | undefined {
  const reading = readUnique(op.op.node);
  return reading.kind === 'fields' ? { fields: reading.fields, at: op.op.location.child([EXT.unique]) } : undefined;
}

/** A collection's duplicate criteria: the `x-unique` of the create (POST) on its path. */
export function collectionUnique(ops: readonly Operation[], path: string): { fields: readonly string[]; at: Location } | undefined {
  const create = ops.find((o) => o.path === path && o.method === 'post');
  return create && uniqueOf(create);
}
