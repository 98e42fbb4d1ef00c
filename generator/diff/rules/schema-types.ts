// Types, formats and nullability. Requests may widen (integer -> number) but not narrow; responses the reverse.
import type { SchemaCheck } from '../schema/compare.js';
import type { Schema } from '../schema/resolve.js';

interface TypeInfo {
  /** Declared JSON types without `null`; undefined when the schema says nothing about its type. */
  types: Set<string> | undefined;
  nullable: boolean;
}

function typeInfo(s: Schema): TypeInfo {
  const raw = s.type;
  let list: string[] | undefined = Array.isArray(raw) ? raw.filter((t): t is string => typeof t === 'string') : typeof raw === 'string' ? [raw] : undefined;
  if (!list) {
    if (s.properties !== undefined || s.additionalProperties !== undefined) list = ['object'];
    else if (s.items !== undefined) list = ['array'];
  }
  const nullable = s.nullable === true || (list?.includes('null') ?? false) || (Array.isArray(s.enum) && s.enum.includes(null) && list === undefined);
  const types = list ? new Set(list.filter((t) => t !== 'null')) : undefined;
  return { types: types && types.size ? types : undefined, nullable };
}

/** Every value of type set `narrow` is also a value of `wide` (integer is a number). */
function covers(wide: Set<string>, narrow: Set<string>): boolean {
  for (const t of narrow) if (!wide.has(t) && !(t === 'integer' && wide.has('number'))) return false;
  return true;
}

const show = (t: Set<string>): string => [...t].sort().join('|');

// Formats where one accepts every value of the other: [narrow, wide].
const WIDENING: [string, string][] = [
  ['int32', 'int64'],
  ['float', 'double'],
];
function formatWidens(from: string | undefined, to: string | undefined): boolean {
  if (to === undefined) return true;
  return from !== undefined && WIDENING.some(([n, w]) => n === from && w === to);
}

export const checkTypes: SchemaCheck = (ctx) => {
  const { dir } = ctx;
  const b = typeInfo(ctx.base);
  const h = typeInfo(ctx.head);
  let typesEqual = true;
  if (b.types && h.types) {
    const from = show(b.types);
    const to = show(h.types);
    if (from !== to) {
      typesEqual = false;
      const widened = covers(h.types, b.types);
      const narrowed = covers(b.types, h.types);
      if (dir === 'request') ctx.emit(widened ? 'request-type-generalized' : 'request-type-changed', { from, to });
      else ctx.emit(narrowed ? 'response-type-narrowed' : 'response-type-changed', { from, to });
      // A different kind of value: what lies below (properties, items) would only repeat it.
      if (!widened && !narrowed) {
        ctx.stop();
        return;
      }
    }
  }
  const bf = typeof ctx.base.format === 'string' ? ctx.base.format : undefined;
  const hf = typeof ctx.head.format === 'string' ? ctx.head.format : undefined;
  if (typesEqual && bf !== hf) {
    const params = { from: bf ?? 'none', to: hf ?? 'none' };
    if (dir === 'request') ctx.emit(formatWidens(bf, hf) ? 'request-format-generalized' : 'request-format-changed', params);
    else ctx.emit(formatWidens(hf, bf) ? 'response-format-narrowed' : 'response-format-changed', params);
  }
  if (b.nullable !== h.nullable) {
    if (dir === 'request') ctx.emit(h.nullable ? 'request-became-nullable' : 'request-became-not-nullable');
    else ctx.emit(h.nullable ? 'response-became-nullable' : 'response-became-not-nullable');
  }
};
