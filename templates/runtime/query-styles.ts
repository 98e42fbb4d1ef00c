/**
 * Query parameters beyond scalars and form-style arrays (OpenAPI 3 styles): objects in the form style (exploded into
 * their own `key=value` pairs or joined `name=k,v`), deepObject (`name[k]=v`), spaceDelimited and pipeDelimited.
 * A generated client imports this only when its document has such a parameter, so other programs do not ship it.
 */
import { enc, encScalar } from './request.js';
import type { ParamSpec } from './types.js';

export function styledQuery(p: ParamSpec, v: object): string {
  const name = enc(p.name);
  const style = p.style ?? 'form';
  const deep = style === 'deepObject';
  const list = Array.isArray(v);
  const pairs: [string, unknown][] = list
    ? v.map((x) => [name, x])
    : Object.entries(v).filter(([, x]) => x != null).map(([k, x]) => [deep ? `${name}%5B${enc(k)}%5D` : enc(k), x]);
  if (deep || (p.explode ?? style === 'form')) return pairs.map(([k, x]) => `${k}=${encScalar(x)}`).join('&');
  return pairs.length
    ? `${name}=${pairs.flatMap(([k, x]) => (list ? [encScalar(x)] : [k, encScalar(x)])).join(style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '|' : ',')}`
    : '';
}
