// The token service's requests as OAuth 2.0 reads them: form-encoded parameters (in the body, and for the token
// endpoint in the query too), each given once, and the error an OAuth endpoint answers with.
import type { FastifyRequest } from 'fastify';

export type Params = Record<string, string>;
interface FormBody { params: Params; duplicates: string[] }

export const FORM = 'application/x-www-form-urlencoded';
/** A form (token, revocation, login): at most 64 KiB, as the token document states. */
export const MAX_FORM_BYTES = 64 * 1024;

/** An RFC 6749 error (`error`, `error_description`), answered with `status`. */
export class OAuthError extends Error {
  constructor(readonly error: string, readonly description: string, readonly status = 400) {
    super(description);
  }
}

export function parseForm(text: string): FormBody {
  const params: Params = Object.create(null) as Params;
  const duplicates: string[] = [];
  for (const [name, value] of new URLSearchParams(text)) {
    if (name in params) duplicates.push(name);
    else params[name] = value;
  }
  return { params, duplicates };
}

export function isFormBody(body: unknown): body is FormBody {
  return typeof body === 'object' && body !== null && 'params' in body && 'duplicates' in body;
}

/**
 * The request's parameters, from the form body and the query (spec 4.3: "Sent as form/query parameters").
 * A parameter given twice, in either place or in both, is an error; a body must be a form. Revocation
 * (RFC 7009, not in the spec) takes a form only.
 */
export function formParams(req: FastifyRequest, allowQuery: boolean): Params {
  const query = parseForm(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
  if (!allowQuery && Object.keys(query.params).length > 0) {
    throw new OAuthError('invalid_request', 'Send the parameters form-encoded in the request body, not in the query.');
  }
  const ct = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  let body: FormBody = { params: Object.create(null) as Params, duplicates: [] };
  if (ct || Object.keys(query.params).length === 0) {
    if (ct !== FORM || !isFormBody(req.body)) throw new OAuthError('invalid_request', `The request body must be ${FORM}.`, 415);
    body = req.body;
  }
  const both = Object.keys(query.params).filter((k) => k in body.params);
  const duplicates = [...query.duplicates, ...body.duplicates, ...both];
  if (duplicates.length) throw new OAuthError('invalid_request', `Parameter sent more than once: ${[...new Set(duplicates)].join(', ')}.`);
  return Object.assign(Object.create(null) as Params, query.params, body.params);
}

export function required(p: Params, ...names: string[]): string[] {
  const missing = names.filter((n) => !p[n]);
  if (missing.length) throw new OAuthError('invalid_request', `Missing parameter: ${missing.join(', ')}.`);
  return names.map((n) => p[n] as string);
}


/** A query's string values (a repeated parameter, which fastify gives as an array, is left out). */
export function stringParams(query: unknown): Params {
  const out: Params = Object.create(null) as Params;
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
  }
  return out;
}
