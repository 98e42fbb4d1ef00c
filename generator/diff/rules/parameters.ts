// Request parameters. Path parameters are matched by position in the template, so renaming `{bookId}` to
// `{id}` changes nothing for clients; the others by location and name (header names case-insensitively). A 3.2
// `querystring` parameter is the whole query string, its name never sent: there is one, compared as a request body
// is, and its media type is its serialization.
import { sortedEntries } from '../sorted.js';
import type { OperationPair, OperationSide } from '../context.js';
import type { RuleId } from '../registry.js';
import { isObject } from '../../util/json.js';
import type { ParameterObject } from '../../load/types.js';

interface Param {
  key: string;
  name: string;
  in: string;
  param: ParameterObject;
}

function pathOrder(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

function keyed(side: OperationSide): Map<string, Param> {
  const order = pathOrder(side.path);
  const out = new Map<string, Param>();
  for (const p of side.params) {
    if (typeof p.name !== 'string' || typeof p.in !== 'string') continue;
    const index = order.indexOf(p.name);
    const key =
      p.in === 'querystring' ? 'querystring' : p.in === 'path' && index >= 0 ? `path#${index}` : `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
    out.set(key, { key, name: p.name, in: p.in, param: p });
  }
  return out;
}

/** The parameter's one media type, when it has `content` rather than `schema`. */
function mediaTypeOf(p: ParameterObject): string | undefined {
  return isObject(p.content) ? Object.keys(p.content)[0] : undefined;
}

function schemaOf(p: ParameterObject): unknown {
  if (p.schema !== undefined) return p.schema;
  const content = p.content;
  if (isObject(content)) {
    const first = Object.values(content)[0];
    if (isObject(first)) return first.schema;
  }
  return undefined;
}

function style(p: ParameterObject): string {
  if (p.in === 'querystring') return mediaTypeOf(p) ?? 'none';
  const s = p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple');
  const explode = p.explode ?? s === 'form';
  return `${s}${explode ? ' (exploded)' : ''}`;
}

const label = (p: Param): string => `${p.in} parameter \`${p.name}\``;
const where = (p: Param): string => (p.in === 'querystring' ? p.in : `${p.in}.${p.name}`);

export function checkParameters(pair: OperationPair): void {
  const b = keyed(pair.base);
  const h = keyed(pair.head);
  const movedTo = new Map<string, Param>();
  for (const [key, bp] of sortedEntries(b)) {
    if (h.has(key)) continue;
    const moved = [...h.values()].find((hp) => !b.has(hp.key) && hp.name === bp.name && hp.in !== bp.in && !movedTo.has(hp.key));
    if (moved) {
      movedTo.set(moved.key, bp);
      pair.emit('request-parameter-moved', where(moved), { name: bp.name, from: bp.in, to: moved.in });
      continue;
    }
    const id = bp.param.deprecated === true ? 'request-parameter-removed-deprecated' : 'request-parameter-removed';
    pair.emit(id, where(bp), { target: label(bp) });
  }
  for (const [key, hp] of sortedEntries(h)) {
    if (b.has(key) || movedTo.has(key)) continue;
    pair.emit(hp.param.required === true ? 'request-parameter-added-required' : 'request-parameter-added', where(hp), { target: label(hp) });
  }
  for (const [key, bp] of sortedEntries(b)) {
    const hp = h.get(key);
    if (!hp) continue;
    const target = label(hp);
    const location = where(hp);
    const bReq = bp.param.required === true || bp.in === 'path';
    const hReq = hp.param.required === true || hp.in === 'path';
    if (!bReq && hReq) pair.emit('request-parameter-became-required', location, { target });
    if (bReq && !hReq) pair.emit('request-parameter-became-optional', location, { target });
    if (bp.param.deprecated !== true && hp.param.deprecated === true) pair.emit('request-parameter-deprecated', location, { target });
    const bs = style(bp.param);
    const hs = style(hp.param);
    if (bs !== hs) pair.emit('request-parameter-style-changed', location, { target, from: bs, to: hs });
    if (hp.in === 'querystring') {
      const location = `querystring[${mediaTypeOf(hp.param) ?? ''}]`;
      pair.schema(schemaOf(bp.param), schemaOf(hp.param), 'request', { location, label: target, kind: 'querystring' });
      continue;
    }
    const rename: Partial<Record<RuleId, RuleId>> = { 'request-default-changed': 'request-parameter-default-changed' };
    if (hp.in === 'query' && hp.name === 'limit') rename['request-maximum-decreased'] = 'collection-limit-maximum-decreased';
    pair.schema(schemaOf(bp.param), schemaOf(hp.param), 'request', { location, label: target, kind: 'parameter', rename });
  }
}
