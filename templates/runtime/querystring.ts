/**
 * OpenAPI 3.2's `in: querystring` parameter: one value that is the whole query string, serialised by its media type.
 * A generated client imports this, as Codecs.param in place of styledParam, only when its document has one.
 * - application/x-www-form-urlencoded: as a form body of that type, with its `encoding` (body.ts): `foo=a+%2B+b`;
 *   a string or URLSearchParams is taken as already encoded.
 * - a JSON media type: the JSON text, percent-encoded whole (`%7B%22a%22%3A1%7D`), as the specification's examples;
 * - any other: the value as text, percent-encoded.
 */
import { formBody } from './body.js';
import { styledParam } from './param-styles.js';
import { bodyKind, pct, scalar } from './request.js';
import type { ParamSpec } from './types.js';

const FORM = 'application/x-www-form-urlencoded';

/** Codecs.param: a querystring parameter's text, the whole query without `?` ('' when there is nothing to send);
 *  every other parameter by its style. */
export function queryStringParam(p: ParamSpec, v: unknown): string {
  if (p.in !== 'querystring') return styledParam(p, v);
  const type = (p.content ?? FORM).split(';', 1)[0]!.trim().toLowerCase();
  if (type === FORM) {
    if (typeof v === 'string' || v instanceof URLSearchParams) return `${v}`;
    const form = formBody(type, v, p.encoding);
    if (typeof form !== 'string') throw new TypeError(`parameter ${p.name}: a form query string is sent from a plain object, a string or URLSearchParams`);
    return form;
  }
  return pct(bodyKind(type) > 1 ? JSON.stringify(v) : scalar(v));
}
