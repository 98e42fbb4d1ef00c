import type { OpenApiDocument, SchemaObject } from '../load/index.js';
import { fromPattern } from './pattern.js';
import type { Prng } from './prng.js';
import { extensibleValues } from '../model/conventions/index.js';
import { expandTargetOf, allowsType, resolveSchema } from './schema-tools.js';

/** What the generator needs besides the schema: the PRNG and how to find ids of other stores. */
export interface GenContext {
  doc: OpenApiDocument;
  prng: Prng;
  /** Position of the item in its store: makes strings readable and distinct ("Nordic Ledger 17"). */
  index: number;
  /** An existing id of the store holding schema `name`, for expandable references. */
  refId(schemaName: string): string | undefined;
}

const WORDS = ['Nordic', 'Ledger', 'Baltic', 'Harbor', 'Alpine', 'Cobalt', 'Meridian', 'Summit', 'Aurora', 'Granite', 'Fjord',
  'Vertex', 'Lumen', 'Orchard', 'Pioneer', 'Quartz', 'Sterling', 'Tundra', 'Willow', 'Zephyr', 'Atlas', 'Beacon', 'Cedar', 'Delta'];
const EPOCH = Date.UTC(2024, 0, 1);
const SPAN_SECONDS = 2 * 365 * 24 * 3600;

/** A deterministic value that satisfies `schema` (formats, enums, extensible enums, bounds, required properties). */
export function generateValue(ctx: GenContext, schema: SchemaObject | undefined, name: string, depth = 0): unknown {
  const raw = schema ?? {};
  const s = resolveSchema(ctx.doc, raw);
  const target = expandTargetOf(ctx.doc, raw);
  if (target) {
    const id = ctx.refId(target);
    if (id !== undefined) return allowsType(firstAlternative(ctx.doc, s), 'string') ? id : { id };
  }
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return ctx.prng.pick(s.enum.filter((v) => v !== null));
  const known = extensibleValues(s);
  if (known?.length) return ctx.prng.pick(known);
  if (s.oneOf?.length || s.anyOf?.length) return generateValue(ctx, (s.oneOf ?? s.anyOf)![0], name, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type ?? (s.properties ? 'object' : s.items ? 'array' : 'string');
  switch (type) {
    case 'object':
      return generateObject(ctx, s, depth);
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      const max = Math.max(min, Math.min(typeof s.maxItems === 'number' ? s.maxItems : min + 2, min + 2));
      return Array.from({ length: depth > 3 ? min : ctx.prng.int(min, max) }, () => generateValue(ctx, s.items, name, depth + 1));
    }
    case 'integer': {
      const lo = typeof s.minimum === 'number' ? Math.ceil(s.minimum) : 0;
      const hi = typeof s.maximum === 'number' ? Math.floor(s.maximum) : lo + 1000;
      return ctx.prng.int(lo, hi);
    }
    case 'number': {
      const lo = typeof s.minimum === 'number' ? s.minimum : 0;
      const hi = typeof s.maximum === 'number' ? s.maximum : lo + 10000;
      return Math.round((lo + ctx.prng.next() * (hi - lo)) * 100) / 100;
    }
    case 'boolean':
      return ctx.prng.next() < 0.5;
    case 'null':
      return null;
    default:
      return generateString(ctx, s, name);
  }
}

function firstAlternative(doc: OpenApiDocument, s: SchemaObject): SchemaObject {
  const alt = s.oneOf?.[0] ?? s.anyOf?.[0];
  return alt ? resolveSchema(doc, alt) : s;
}

export function generateObject(ctx: GenContext, schema: SchemaObject, depth = 0): Record<string, unknown> {
  const s = resolveSchema(ctx.doc, schema);
  const out: Record<string, unknown> = {};
  const required = new Set(s.required ?? []);
  for (const [prop, ps] of Object.entries(s.properties ?? {})) {
    // Optional properties of nested objects are left out past a depth, so recursive schemas end.
    if (depth > 2 && !required.has(prop)) continue;
    if (ps && typeof ps === 'object' && (ps as SchemaObject).writeOnly === true) continue;
    out[prop] = generateValue(ctx, ps, prop, depth + 1);
  }
  return out;
}

function generateString(ctx: GenContext, s: SchemaObject, name: string): string {
  const n = ctx.index + 1;
  let v: string;
  switch (s.format) {
    case 'date-time':
      v = new Date(EPOCH + ctx.prng.int(0, SPAN_SECONDS) * 1000 + ctx.prng.int(0, 999)).toISOString();
      break;
    case 'date':
      v = new Date(EPOCH + ctx.prng.int(0, SPAN_SECONDS) * 1000).toISOString().slice(0, 10);
      break;
    case 'time':
      v = new Date(EPOCH + ctx.prng.int(0, 86399) * 1000).toISOString().slice(11, 19) + 'Z';
      break;
    case 'uuid':
      v = ctx.prng.uuid();
      break;
    case 'email':
      v = `${ctx.prng.pick(WORDS).toLowerCase()}.${n}@example.com`;
      break;
    case 'uri':
    case 'url':
    case 'iri':
      v = `https://example.com/${encodeURIComponent(name)}/${n}`;
      break;
    case 'hostname':
      v = `host${n}.example.com`;
      break;
    case 'ipv4':
      v = `192.0.2.${n % 255}`;
      break;
    case 'byte':
      v = Buffer.from(`${name}-${n}`).toString('base64');
      break;
    default:
      v = /id$/i.test(name) ? ctx.prng.uuid() : `${ctx.prng.pick(WORDS)} ${ctx.prng.pick(WORDS)} ${n}`;
  }
  if (typeof s.maxLength === 'number' && v.length > s.maxLength) v = v.slice(0, s.maxLength);
  if (typeof s.minLength === 'number' && v.length < s.minLength) v = v.padEnd(s.minLength, 'x');
  if (typeof s.pattern === 'string' && !safeTest(s.pattern, v)) {
    const pattern = s.pattern;
    const word = ctx.prng.pick(WORDS);
    // Tried in order, lazily: decimals (amounts), a string built from the pattern, the example, simple codes.
    const candidates: (() => unknown)[] = [
      () => `${ctx.prng.int(1, 99999)}.${String(ctx.prng.int(0, 99)).padStart(2, '0')}`,
      () => fromPattern(pattern, ctx.prng),
      () => s.example,
      () => `${n}`.padStart(8, '0'),
      () => word.slice(0, 3).toUpperCase(),
      () => `abc-${n}`,
    ];
    for (const make of candidates) {
      const c = make();
      if (typeof c === 'string' && safeTest(pattern, c)) {
        v = c;
        break;
      }
    }
  }
  return v;
}

const patterns = new Map<string, RegExp | null>();

function safeTest(pattern: string, value: string): boolean {
  let re = patterns.get(pattern);
  if (re === undefined) {
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      re = null;
    }
    patterns.set(pattern, re);
  }
  return re ? re.test(value) : true;
}
