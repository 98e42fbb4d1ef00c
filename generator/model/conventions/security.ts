// Security: which schemes an operation requires, and whether a bearer or basic scheme is among them.
import { child, entries, str, type At, type Ctx } from './node.js';
import type { Operation } from './operations.js';
import { hasStatus } from './statuses.js';

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

/** Spec 7.2, 403: "The client may not access the resource" (another company's) is an answer the operation declares. */
export function mayForbid(op: Operation): boolean {
  return hasStatus(op, '403');
}
