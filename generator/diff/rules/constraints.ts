// Bounds, lengths, sizes, patterns and defaults: a request constraint may only relax, a response one only tighten.
import type { SchemaCheck, SchemaContext } from '../schema/compare.js';
import type { Schema } from '../schema/resolve.js';

interface Bound {
  value: number;
  exclusive: boolean;
}

/** Upper or lower numeric bound, folding OpenAPI 3.0 boolean and 3.1 numeric `exclusive*` keywords. */
function numericBound(s: Schema, upper: boolean): Bound | undefined {
  const inclusiveKey = upper ? 'maximum' : 'minimum';
  const exclusiveKey = upper ? 'exclusiveMaximum' : 'exclusiveMinimum';
  const inc = s[inclusiveKey];
  const exc = s[exclusiveKey];
  const found: Bound[] = [];
  if (typeof inc === 'number') found.push({ value: inc, exclusive: exc === true });
  if (typeof exc === 'number') found.push({ value: exc, exclusive: true });
  if (!found.length) return undefined;
  // The tightest of the two.
  return found.reduce((a, c) => {
    if (a.value === c.value) return a.exclusive ? a : c;
    return upper ? (c.value < a.value ? c : a) : c.value > a.value ? c : a;
  });
}

function plainBound(s: Schema, key: string): Bound | undefined {
  const v = s[key];
  return typeof v === 'number' ? { value: v, exclusive: false } : undefined;
}

/** 'narrowed' when head admits fewer values than base. */
function direction(b: Bound | undefined, h: Bound | undefined, upper: boolean): 'narrowed' | 'widened' | undefined {
  if (!b && !h) return undefined;
  if (!b) return 'narrowed';
  if (!h) return 'widened';
  if (b.value === h.value) {
    if (b.exclusive === h.exclusive) return undefined;
    return h.exclusive ? 'narrowed' : 'widened';
  }
  const tighter = upper ? h.value < b.value : h.value > b.value;
  return tighter ? 'narrowed' : 'widened';
}

const showBound = (b: Bound | undefined, upper: boolean): string => (b ? `${b.exclusive ? (upper ? '<' : '>') : ''}${b.value}` : 'none');

type BoundSlug = 'maximum' | 'minimum' | `${'max' | 'min'}-${'length' | 'items' | 'properties'}`;

function compareBound(ctx: SchemaContext, slug: BoundSlug, b: Bound | undefined, h: Bound | undefined): void {
  const upper = slug.startsWith('max');
  const d = direction(b, h, upper);
  if (!d) return;
  const narrowedWord = upper ? ('decreased' as const) : ('increased' as const);
  const widenedWord = upper ? ('increased' as const) : ('decreased' as const);
  ctx.emit(`${ctx.dir}-${slug}-${d === 'narrowed' ? narrowedWord : widenedWord}`, { from: showBound(b, upper), to: showBound(h, upper) });
}

const MATCH_ALL = new Set(['.*', '^.*$', '^.*', '.*$', '[\\s\\S]*', '^[\\s\\S]*$']);

export const checkConstraints: SchemaCheck = (ctx) => {
  const { base: b, head: h, dir } = ctx;
  compareBound(ctx, 'maximum', numericBound(b, true), numericBound(h, true));
  compareBound(ctx, 'minimum', numericBound(b, false), numericBound(h, false));
  for (const [slug, key] of [
    ['max-length', 'maxLength'],
    ['min-length', 'minLength'],
    ['max-items', 'maxItems'],
    ['min-items', 'minItems'],
    ['max-properties', 'maxProperties'],
    ['min-properties', 'minProperties'],
  ] as const) {
    compareBound(ctx, slug, plainBound(b, key), plainBound(h, key));
  }

  const bp = typeof b.pattern === 'string' ? b.pattern : undefined;
  const hp = typeof h.pattern === 'string' ? h.pattern : undefined;
  if (bp !== hp) {
    const params = { from: bp ?? 'none', to: hp ?? 'none' };
    if (dir === 'request') {
      if (bp === undefined) ctx.emit('request-pattern-added', params);
      else if (hp === undefined) ctx.emit('request-pattern-removed', params);
      else ctx.emit(MATCH_ALL.has(hp) ? 'request-pattern-generalized' : 'request-pattern-changed', params);
    } else {
      ctx.emit('response-pattern-changed', params);
    }
  }

  if (dir === 'request' && h.uniqueItems === true && b.uniqueItems !== true) ctx.emit('request-unique-items-added');

  if (b.default !== undefined && h.default !== undefined && JSON.stringify(b.default) !== JSON.stringify(h.default)) {
    ctx.emit(`${dir}-default-changed`, { from: JSON.stringify(b.default), to: JSON.stringify(h.default) });
  }
};
