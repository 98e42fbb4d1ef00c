/**
 * Every parameter by the OpenAPI 3 rules (RFC 6570 expansions): path (simple, label, matrix), query (form,
 * spaceDelimited, pipeDelimited, deepObject), header (simple) and cookie (form), for primitives, arrays and objects,
 * with `explode` and `allowReserved`, and parameters described by `content` (serialised by their media type, JSON
 * for a JSON one). A generated client imports this only when its document has a parameter the plain path of
 * request.ts does not cover (an object, a style other than the default, `content`, `allowReserved`, a cookie), and
 * then every parameter goes through it.
 */
import { bodyKind, pct, scalar } from './request.js';
import type { ParamSpec } from './types.js';

/** allowReserved: RFC 3986 reserved characters stay as they are, except those that would end the query pair. */
const reserved = (s: string): string => encodeURI(s).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/[&=+#]/g, pct);

/**
 * One parameter's text: for a path parameter the segment text, for a query parameter `name=value` pairs joined
 * with `&` ('' when there is nothing to send: an empty array or object), for a header its value, for a cookie its
 * `name=value` pairs.
 */
export function styledParam(p: ParamSpec, v: unknown): string {
  const where = p.in;
  const header = where === 'header';
  const e = header ? String : p.allowReserved ? reserved : pct;
  const n = e(p.name);
  if (p.content) v = bodyKind(p.content) > 1 ? JSON.stringify(v) : scalar(v);
  const style = p.style ?? (where === 'query' || where === 'cookie' ? 'form' : 'simple');
  const explode = p.explode ?? style === 'form';
  const list = Array.isArray(v);
  // [key, value] pairs of an object (nulls left out), or the items of an array; a primitive is one item.
  const pairs: [string, unknown][] | undefined =
    !list && v !== null && typeof v === 'object' && !(v instanceof Date) ? Object.entries(v).filter(([, x]) => x != null) : undefined;
  const items = pairs ? undefined : list ? (v as unknown[]) : [v];
  if ((items ?? pairs)!.length === 0 && (list || pairs)) return '';
  const text = (x: unknown) => {
    // OpenAPI serialises a primitive, an array or an object of primitives, and nested values only as deepObject: a
    // nested object is refused rather than sent as `[object Object]` (FlatParam makes it a type error too).
    if (nested(x)) throw new TypeError(`parameter ${p.name}: a nested object cannot be sent in style ${style}; OpenAPI defines no serialisation for it (send it as a JSON content parameter)`);
    return e(scalar(x));
  };
  if (style === 'deepObject') return deep(n, v, e);
  if (style === 'label' || style === 'matrix' || style === 'simple') {
    const [lead, sep] = style === 'label' ? ['.', '.'] : style === 'matrix' ? [';', ';'] : ['', ','];
    const named = style === 'matrix';
    if (items) {
      if (!list) return named ? `;${n}${scalar(v) === '' ? '' : `=${text(v)}`}` : lead + text(v);
      return explode ? lead + items.map((x) => (named ? `${n}=${text(x)}` : text(x))).join(sep) : `${lead}${named ? `${n}=` : ''}${items.map(text).join(',')}`;
    }
    return explode
      ? lead + pairs!.map(([k, x]) => `${e(k)}=${text(x)}`).join(sep)
      : `${lead}${named ? `${n}=` : ''}${pairs!.map(([k, x]) => `${e(k)},${text(x)}`).join(',')}`;
  }
  // form, spaceDelimited, pipeDelimited: `name=value` pairs.
  const join = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',';
  if (items) return explode || !list ? items.map((x) => `${n}=${text(x)}`).join('&') : `${n}=${items.map(text).join(join)}`;
  return explode ? pairs!.map(([k, x]) => `${e(k)}=${text(x)}`).join('&') : `${n}=${pairs!.map(([k, x]) => `${e(k)}${join}${text(x)}`).join(join)}`;
}

/** An object inside an object or array parameter (not a Date; an array of primitives joins with commas). */
const nested = (x: unknown): boolean => x !== null && typeof x === 'object' && !(x instanceof Date) && (!Array.isArray(x) || x.some(nested));

/** deepObject: `name[key]=value`, nested objects one bracket deeper, arrays repeated. */
function deep(name: string, v: unknown, e: (s: string) => string): string {
  if (v === null || typeof v !== 'object' || v instanceof Date) return `${name}=${e(scalar(v))}`;
  const out: string[] = [];
  for (const [k, x] of Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v)) {
    if (x == null) continue;
    const s = deep(k === '' ? name : `${name}%5B${e(k)}%5D`, x, e);
    if (s) out.push(s);
  }
  return out.join('&');
}
