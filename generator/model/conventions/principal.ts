// `x-principal: username` on a property of a resource's schema: the property holds the signed-in principal's username
// (the user the access token was issued for), as in the representation of the signed-in user (`/current-user`).
// The spec leaves it implicit; the sandbox fills the property from the token, and lint checks where it is written.
import { EXT } from './extensions.js';
import { type At, type Ctx, type Location } from './node.js';
import { props } from './schema.js';
import { isObject } from '../../util/json.js';

/** What of the principal a property can hold: the token service knows its user by username only. */
export const PRINCIPAL_ATTRIBUTES = ['username'] as const;

interface PrincipalReading {
  /** The property (`username`). */
  property: string;
  /** What the extension says the property holds, as written (`username`; lint judges other values). */
  value: unknown;
  /** The property's schema. */
  schema: At | undefined;
  /** Where `x-principal` is written. */
  location: Location;
}

/** The properties of a schema marked `x-principal`, beside the property's `$ref` or in its schema. */
export function readPrincipal(ctx: Ctx, schema: At | undefined): PrincipalReading[] {
  const out: PrincipalReading[] = [];
  for (const p of props(ctx, schema).values()) {
    const beside = isObject(p.raw) && EXT.principal in p.raw;
    const holder = beside ? (p.raw as Record<string, unknown>) : p.schema?.node;
    if (!holder || !(EXT.principal in holder)) continue;
    const location = beside ? p.location.child([EXT.principal]) : p.schema!.location.child([EXT.principal]);
    out.push({ property: p.name, value: holder[EXT.principal], schema: p.schema, location });
  }
  return out;
}
