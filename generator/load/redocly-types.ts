// @redocly/openapi-core 2.64 (the latest published) types the scopes of OpenAPI 3.2's device authorization flow as a
// map of a type named `string` that it does not define, so linting or bundling any 3.2 document with that flow throws
// "Unknown type name found: string". The flow's scopes are typed here as the other flows' are; the CLI's own copy of
// openapi-core already does. test/load/redocly-types.test.ts says when a release makes this repair unneeded.
import type { Oas3_2Types } from '@redocly/openapi-core';

type Types = typeof Oas3_2Types;

/** Repairs the 3.2 type tree in place (it is shared by every config); idempotent. */
export function repairRedoclyTypes(types: Types): void {
  const scopes = types.DeviceAuthorization.properties?.scopes;
  if (scopes && typeof scopes === 'object' && 'additionalProperties' in scopes && typeof scopes.additionalProperties === 'function') {
    types.DeviceAuthorization.properties!.scopes = types.ClientCredentials.properties!.scopes!;
  }
}
