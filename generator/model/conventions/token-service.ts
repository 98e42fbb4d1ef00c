// The OAuth 2.0 token service's operations (token and revocation endpoints, login page and form), recognised
// by structure: they follow OAuth 2.0 rather than the API's conventions.
import type { TokenServiceRole } from '../types.js';
import { at, child, list, type At, type Ctx } from './node.js';
import { operations, param, perOperation, type Operation } from './operations.js';
import { props } from './schema.js';

/** Form fields of the request body (`application/x-www-form-urlencoded` or `multipart/form-data`). */
export function formSchema(ctx: Ctx, op: Operation): At | undefined {
  const body = child(ctx, op.op, 'requestBody');
  const content = child(ctx, body, 'content');
  if (!content) return undefined;
  const key = Object.keys(content.node).find((k) => /^application\/x-www-form-urlencoded\b/i.test(k));
  return key === undefined ? undefined : child(ctx, child(ctx, content, key), 'schema');
}

/** The OAuth 2.0 token endpoint (section 4.3): a POST taking `grant_type` in its form body or its query ("form/query parameters"). */
export function isTokenEndpoint(ctx: Ctx, op: Operation): boolean {
  if (op.method !== 'post') return false;
  if (param(op, 'grant_type', 'query')) return true;
  const form = formSchema(ctx, op);
  if (!form) return false;
  if (props(ctx, form).has('grant_type')) return true;
  return [...list(ctx, form, 'oneOf'), ...list(ctx, form, 'anyOf')].some((v) => props(ctx, v).has('grant_type'));
}

export interface TokenGrant {
  /** The `grant_type` value: `authorization_code`, `password`, `refresh_token`, ... */
  grant: string;
  /** The form schema of this grant (a `oneOf` alternative), when the form has one per grant. */
  form?: At;
  /** That form schema is marked deprecated. */
  deprecated: boolean;
}

/**
 * The grants a token endpoint takes, in document order: the `grant_type` (const or enum) of each alternative of its
 * form, else of the form itself, else of its `grant_type` query parameter.
 */
export function tokenGrants(ctx: Ctx, op: Operation): TokenGrant[] {
  const form = formSchema(ctx, op);
  const out = new Map<string, TokenGrant>();
  const add = (values: unknown[], s?: At) => {
    for (const v of values) if (typeof v === 'string' && !out.has(v)) out.set(v, { grant: v, ...(s ? { form: s } : {}), deprecated: s?.node.deprecated === true });
  };
  for (const alt of [...list(ctx, form, 'oneOf'), ...list(ctx, form, 'anyOf')]) add(grantValues(props(ctx, alt).get('grant_type')?.schema), alt);
  if (out.size === 0) add(grantValues(props(ctx, form).get('grant_type')?.schema));
  if (out.size === 0) add(grantValues(param(op, 'grant_type', 'query')?.schema));
  return [...out.values()];
}

function grantValues(s: At | undefined): unknown[] {
  if (!s) return [];
  if ('const' in s.node) return [s.node.const];
  return Array.isArray(s.node.enum) ? s.node.enum : [];
}

/** The login page (section 4.4): a GET taking `response_type`. */
export function isLoginPage(op: Operation): boolean {
  return op.method === 'get' && !!param(op, 'response_type', 'query');
}

/** The login page's form submission: a POST whose form body repeats `response_type`. */
function isLoginForm(ctx: Ctx, op: Operation): boolean {
  return op.method === 'post' && props(ctx, formSchema(ctx, op)).has('response_type');
}

/** The revocation endpoint (RFC 7009): a POST whose form body carries `token` and nothing but `token_type_hint`. */
function isRevocationEndpoint(ctx: Ctx, op: Operation): boolean {
  if (op.method !== 'post') return false;
  const fields = [...props(ctx, formSchema(ctx, op)).keys()];
  return fields.includes('token') && fields.every((f) => f === 'token' || f === 'token_type_hint');
}

/**
 * Which part of the token service an operation is: its token or revocation endpoint, login page or form. Read once
 * per operation: most lint rules ask it of every operation, to leave the token service alone.
 */
export const tokenServiceRole = perOperation((ctx: Ctx, op: Operation): TokenServiceRole | undefined => {
  if (isTokenEndpoint(ctx, op)) return 'token';
  if (isRevocationEndpoint(ctx, op)) return 'revocation';
  if (isLoginPage(op)) return 'login-page';
  return isLoginForm(ctx, op) ? 'login-form' : undefined;
});

/** Operations of the token service, which follow OAuth 2.0 rather than the API's conventions. */
export function isTokenService(ctx: Ctx, op: Operation): boolean {
  return tokenServiceRole(ctx, op) !== undefined;
}

/** Every schema reachable from `s` (properties, items, compositions): used to exempt OAuth 2.0 shapes. */
export function reachableSchemas(ctx: Ctx, s: At | undefined, into: Set<unknown>, depth = 0): void {
  if (!s || into.has(s.node) || depth > 16) return;
  into.add(s.node);
  for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems']) for (const p of list(ctx, s, key)) reachableSchemas(ctx, p, into, depth + 1);
  for (const key of ['items', 'additionalProperties', 'not']) reachableSchemas(ctx, child(ctx, s, key), into, depth + 1);
  const map = child(ctx, s, 'properties');
  if (map) for (const k of Object.keys(map.node)) reachableSchemas(ctx, at(ctx, map.node[k], map.location.child([k])), into, depth + 1);
}

/** Schemas used by the token service's operations (parameters, bodies, responses). */
export function tokenServiceSchemas(ctx: Ctx, root: At): Set<unknown> {
  const out = new Set<unknown>();
  for (const op of operations(ctx, root)) {
    if (!isTokenService(ctx, op)) continue;
    for (const p of op.params) reachableSchemas(ctx, p.schema, out);
    for (const content of [child(ctx, child(ctx, op.op, 'requestBody'), 'content'), ...[...op.responses.values()].map((r) => child(ctx, r, 'content'))]) {
      if (!content) continue;
      for (const k of Object.keys(content.node)) reachableSchemas(ctx, child(ctx, child(ctx, content, k), 'schema'), out);
    }
  }
  return out;
}

