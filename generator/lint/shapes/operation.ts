// The operations of a document with what the conventions ask about them: merged parameters,
// responses, effective security, the JSON body of the success response.
import type { Location } from '@redocly/openapi-core';
import { at, child, entries, isObj, list, str, type At, type Ctx, type Obj } from './node.js';
import { collectionShape, props, types } from './schema.js';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Param {
  name: string;
  in: string;
  node: At;
  /** The parameter as written (a `$ref` keeps its siblings here), and where. */
  raw: unknown;
  rawLocation: Location;
  schema: At | undefined;
}

export interface Operation {
  path: string;
  method: string;
  op: At;
  /** Where the method key is written: where problems about the whole operation are reported. */
  keyLocation: Location;
  /** Where the path key is written. */
  pathLocation: Location;
  params: Param[];
  responses: Map<string, At>;
  /** Effective security: the operation's, else the document's; undefined when neither declares one. */
  security: Obj[] | undefined;
  root: At;
}

export function operations(ctx: Ctx, root: At): Operation[] {
  const out: Operation[] = [];
  const paths = child(ctx, root, 'paths');
  if (!paths) return out;
  for (const path of Object.keys(paths.node)) {
    const item = child(ctx, paths, path);
    if (!item) continue;
    const shared = readParams(ctx, item);
    for (const method of METHODS) {
      const op = child(ctx, item, method);
      if (!op) continue;
      const own = readParams(ctx, op);
      const params = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const security = Array.isArray(op.node.security) ? op.node.security : Array.isArray(root.node.security) ? root.node.security : undefined;
      out.push({
        path,
        method,
        op,
        keyLocation: item.location.child([method]),
        pathLocation: paths.location.child([path]),
        params,
        responses: new Map(entries(ctx, op, 'responses')),
        security: security?.filter(isObj),
        root,
      });
    }
  }
  return out;
}

function readParams(ctx: Ctx, parent: At): Param[] {
  const raw = parent.node.parameters;
  if (!Array.isArray(raw)) return [];
  const out: Param[] = [];
  raw.forEach((value: unknown, i) => {
    const rawLocation = parent.location.child(['parameters', i]);
    const node = at(ctx, value, rawLocation);
    if (!node) return;
    out.push({ name: str(node.node.name) ?? '', in: str(node.node.in) ?? '', node, raw: value, rawLocation, schema: child(ctx, node, 'schema') });
  });
  return out;
}

export function param(op: Operation, name: string, where: string): Param | undefined {
  const lower = name.toLowerCase();
  return op.params.find((p) => p.in === where && (where === 'header' ? p.name.toLowerCase() === lower : p.name === name));
}

/** The schema of a JSON media type (`application/json` or `+json`) of a response or request body. */
export function jsonSchema(ctx: Ctx, holder: At | undefined): At | undefined {
  const content = child(ctx, holder, 'content');
  if (!content) return undefined;
  const key = Object.keys(content.node).find((k) => /^application\/(?:[\w.-]+\+)?json\b/i.test(k));
  return key === undefined ? undefined : child(ctx, child(ctx, content, key), 'schema');
}

export function mediaTypes(ctx: Ctx, holder: At | undefined): string[] {
  const content = child(ctx, holder, 'content');
  return content ? Object.keys(content.node) : [];
}

/** The 200 response, else the first 2xx one. */
export function successResponse(op: Operation): At | undefined {
  const codes = [...op.responses.keys()].filter((c) => /^2\d\d$/.test(c)).sort();
  return op.responses.get('200') ?? (codes[0] === undefined ? undefined : op.responses.get(codes[0]));
}

export function successSchema(ctx: Ctx, op: Operation): At | undefined {
  return jsonSchema(ctx, successResponse(op));
}

/** Section 2.4 / issue definition: a GET taking `offset` or `limit`, or answering an array or an object with `items`. */
export function isCollectionOperation(ctx: Ctx, op: Operation): boolean {
  if (op.method !== 'get') return false;
  if (param(op, 'offset', 'query') || param(op, 'limit', 'query')) return true;
  return collectionShape(ctx, successSchema(ctx, op)) !== 'not-a-collection';
}

export function headerNames(ctx: Ctx, response: At | undefined): string[] {
  const headers = child(ctx, response, 'headers');
  return headers ? Object.keys(headers.node).map((h) => h.toLowerCase()) : [];
}

export function securitySchemes(ctx: Ctx, root: At): Map<string, At> {
  return new Map(entries(ctx, child(ctx, root, 'components'), 'securitySchemes'));
}

export function isBearerScheme(s: At | undefined): boolean {
  return !!s && s.node.type === 'http' && str(s.node.scheme)?.toLowerCase() === 'bearer';
}

export function isBasicScheme(s: At | undefined): boolean {
  return !!s && s.node.type === 'http' && str(s.node.scheme)?.toLowerCase() === 'basic';
}

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

/** The login page (section 4.4): a GET taking `response_type`. */
export function isLoginPage(op: Operation): boolean {
  return op.method === 'get' && !!param(op, 'response_type', 'query');
}

/** The login page's form submission: a POST whose form body repeats `response_type`. */
export function isLoginForm(ctx: Ctx, op: Operation): boolean {
  return op.method === 'post' && props(ctx, formSchema(ctx, op)).has('response_type');
}

/** The revocation endpoint (RFC 7009): a POST whose form body carries `token` and nothing but `token_type_hint`. */
export function isRevocationEndpoint(ctx: Ctx, op: Operation): boolean {
  if (op.method !== 'post') return false;
  const fields = [...props(ctx, formSchema(ctx, op)).keys()];
  return fields.includes('token') && fields.every((f) => f === 'token' || f === 'token_type_hint');
}

/** Operations of the token service (token and revocation endpoints, login page and form), which follow OAuth 2.0 rather than the API's conventions. */
export function isTokenService(ctx: Ctx, op: Operation): boolean {
  return isTokenEndpoint(ctx, op) || isRevocationEndpoint(ctx, op) || isLoginPage(op) || isLoginForm(ctx, op);
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

export function hasArrayType(ctx: Ctx, s: At | undefined): boolean {
  return types(ctx, s).has('array');
}
