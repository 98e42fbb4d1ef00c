// Security: which schemes an operation requires, and whether a bearer or basic scheme is among them.
import { isObject } from '../../util/json.js';
import { child, entries, str, type At, type Ctx, type Obj } from './node.js';
import { operations, type Operation } from './operations.js';
import { hasStatus } from './statuses.js';
import type { SchemeKind, SchemeModel } from '../types.js';

export function securitySchemes(ctx: Ctx, root: At): Map<string, At> {
  return new Map(entries(ctx, child(ctx, root, 'components'), 'securitySchemes'));
}

export function isBearerScheme(s: At | undefined): boolean {
  return !!s && s.node.type === 'http' && str(s.node.scheme)?.toLowerCase() === 'bearer';
}

export function isBasicScheme(s: At | undefined): boolean {
  return !!s && s.node.type === 'http' && str(s.node.scheme)?.toLowerCase() === 'basic';
}

/** Secured: the effective security lists a requirement and none of its alternatives is anonymous (`{}`). */
export function isSecured(op: Operation): boolean {
  const reqs = op.security ?? [];
  return reqs.length > 0 && !reqs.some((r) => Object.keys(r).length === 0);
}

/** Some alternative of the effective security names a scheme: the operation may answer 401. */
export function mayAuthenticate(op: Operation): boolean {
  return !!op.security && op.security.some((r) => Object.keys(r).length > 0);
}

/** A scheme as the model records it: how a client meets it, and what OpenAPI 3.2 adds (`deprecated`,
 *  `oauth2MetadataUrl`, the device authorization flow). */
export function schemeRecord(ctx: Ctx, name: string, s: At): SchemeModel {
  const record: SchemeModel = { name, kind: schemeKind(s) };
  const description = str(s.node.description);
  if (description) record.description = description;
  if (s.node.deprecated === true) record.deprecated = true;
  const metadata = str(s.node.oauth2MetadataUrl);
  if (metadata) record.oauth2MetadataUrl = metadata;
  const device = child(ctx, child(ctx, s, 'flows'), 'deviceAuthorization');
  const deviceUrl = str(device?.node.deviceAuthorizationUrl);
  const tokenUrl = str(device?.node.tokenUrl);
  if (device && deviceUrl && tokenUrl) record.deviceAuthorization = { deviceAuthorizationUrl: deviceUrl, tokenUrl, scopes: Object.keys(child(ctx, device, 'scopes')?.node ?? {}) };
  return record;
}

/** How a client meets the scheme (types.ts SchemeKind). */
function schemeKind(s: At): SchemeKind {
  const { type } = s.node;
  if (type === 'apiKey') {
    const where = str(s.node.in);
    const name = str(s.node.name);
    return name && (where === 'query' || where === 'header' || where === 'cookie') ? { type: 'apiKey', in: where, name } : { type: 'none' };
  }
  if (isBasicScheme(s)) return { type: 'basic' };
  if (isBearerScheme(s)) return { type: 'bearer' };
  return type === 'oauth2' || type === 'openIdConnect' ? { type: 'tokens' } : { type: 'none' };
}

/** Security requirements as alternatives of scheme names (`[]`: anonymous), in document order. */
export function requirementNames(security: Obj[] | undefined): string[][] {
  return (security ?? []).map((r) => Object.keys(r));
}

/**
 * What an operation that declares no `security` requires. OpenAPI: the root `security`, else nothing (anonymous); an
 * explicit `security: []` is always anonymous. But a document that declares security schemes and names no requirement
 * anywhere (no root `security`, none on any operation) has left out what its operations need, while saying what
 * credentials the API takes: it reads as `given`, every operation sends the credentials a client is given (`tokens`
 * and `auth` alike), and `unnamed` is where the schemes are declared, for the warning that says so.
 */
export function documentSecurity(ctx: Ctx, root: At): { security: string[][] | 'given'; unnamed?: At } {
  const declared = root.node.security;
  if (Array.isArray(declared)) return { security: requirementNames(declared.filter(isObject)) };
  const schemes = child(ctx, child(ctx, root, 'components'), 'securitySchemes');
  const named = operations(ctx, root).some((op) => Array.isArray(op.op.node.security));
  return schemes && securitySchemes(ctx, root).size && !named ? { security: 'given', unnamed: schemes } : { security: [] };
}

/** Spec 7.2, 403: "The client may not access the resource" (another company's) is an answer the operation declares. */
export function mayForbid(op: Operation): boolean {
  return hasStatus(op, '403');
}
