// Per-document schema views: follow $refs, fold `allOf` into one schema (so an identical or duplicated
// subschema changes nothing), fold `oneOf/anyOf: [X, {type: null}]` into a nullable X, and give each
// schema a structural fingerprint that ignores names and prose (renamed-but-identical components match).
import { createHash } from 'node:crypto';
import { deref } from '../../load/resolve.js';
import type { OpenApiDocument } from '../../load/types.js';
import { EXT } from '../../model/conventions/index.js';
import { isObject, unescapePointer } from '../../util/json.js';

export type Schema = Record<string, unknown>;

/** The empty schema (accepts anything); shared so memo tables see one identity. */
export const ANY: Schema = Object.freeze({}) as Schema;

function refOf(v: unknown): string | undefined {
  return isObject(v) && typeof v.$ref === 'string' ? v.$ref : undefined;
}

const SCHEMA_PREFIX = '#/components/schemas/';
/** The component a `$ref` names, when it points at `#/components/schemas/<Name>`. */
export function schemaRefName(v: unknown): string | undefined {
  const ref = refOf(v);
  if (!ref?.startsWith(SCHEMA_PREFIX)) return undefined;
  return unescapePointer(decodeURIComponent(ref.slice(SCHEMA_PREFIX.length)));
}

// Keywords that document a schema without constraining it.
const PROSE = new Set(['description', 'title', 'example', 'examples', 'externalDocs', '$comment', 'xml', '$id', '$schema', '$anchor']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems']);

const LOWER = ['minimum', 'minLength', 'minItems', 'minProperties'];
const UPPER = ['maximum', 'maxLength', 'maxItems', 'maxProperties'];

function isNullSchema(s: Schema): boolean {
  if (s.type === 'null') return true;
  if (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null') return true;
  return Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null;
}

function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'undefined';
}

export class DocSchemas {
  private readonly flat = new WeakMap<object, Schema>();
  private readonly flattening = new Set<object>();
  private readonly prints = new WeakMap<object, string>();
  private readonly printing = new Set<object>();
  private cycleHits = 0;
  private local = new Map<object, string>();
  /** The `allOf` list a folded schema came from, for the rules that look at subschemas themselves. */
  readonly allOfOf = new WeakMap<Schema, unknown[]>();

  constructor(readonly doc: OpenApiDocument) {}

  private readonly refs = new Map<string, unknown>();

  /** Follows refs (each ref string resolved once); booleans become schemas (`true`/missing: anything). */
  deref(raw: unknown): Schema {
    let v: unknown = raw;
    const ref = refOf(raw);
    if (ref !== undefined) {
      if (!this.refs.has(ref)) this.refs.set(ref, deref<unknown>(this.doc, raw as Schema));
      v = this.refs.get(ref);
    }
    if (v === false) return { not: ANY };
    return isObject(v) ? v : ANY;
  }

  /** A schema ready to compare: dereferenced and with `allOf` / nullable-wrappers folded. Memoised per node. */
  resolve(raw: unknown): Schema {
    const node = this.deref(raw);
    const done = this.flat.get(node);
    if (done) return done;
    const allOf = Array.isArray(node.allOf) ? (node.allOf as unknown[]) : undefined;
    const altKey = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : undefined;
    const alts = altKey ? (node[altKey] as unknown[]) : [];
    const nonNull = alts.filter((a) => !isNullSchema(this.deref(a)));
    const collapse = altKey !== undefined && nonNull.length === 1 && alts.length > 1;
    if ((!allOf && !collapse) || this.flattening.has(node)) return node;
    this.flattening.add(node);
    try {
      const own: Schema = { ...node };
      delete own.allOf;
      const parts: Schema[] = [own];
      if (collapse && altKey) {
        delete own[altKey];
        own.nullable = true;
        parts.push(this.resolve(nonNull[0]));
      }
      for (const sub of allOf ?? []) parts.push(this.resolve(sub));
      const merged = this.merge(parts);
      if (allOf) this.allOfOf.set(merged, allOf);
      this.flat.set(node, merged);
      return merged;
    } finally {
      this.flattening.delete(node);
    }
  }

  private merge(parts: Schema[]): Schema {
    const out: Schema = {};
    for (const part of parts) {
      for (const [k, v] of Object.entries(part)) {
        if (v === undefined) continue;
        const cur = out[k];
        if (cur === undefined) {
          out[k] = k === 'properties' && isObject(v) ? { ...v } : v;
          continue;
        }
        if (k === 'properties' && isObject(v) && isObject(cur)) {
          for (const [name, p] of Object.entries(v)) {
            const have = cur[name];
            if (have === undefined) cur[name] = p;
            else if (have !== p && this.fingerprint(have) !== this.fingerprint(p)) cur[name] = { allOf: [have, p] };
          }
        } else if (k === 'required' && Array.isArray(v) && Array.isArray(cur)) {
          out[k] = [...new Set([...(cur as string[]), ...(v as string[])])];
        } else if (k === 'enum' && Array.isArray(v) && Array.isArray(cur)) {
          const keep = new Set(v.map(canonical));
          out[k] = cur.filter((x) => keep.has(canonical(x)));
        } else if (k === 'type') {
          const a = new Set(Array.isArray(cur) ? cur : [cur]);
          const both = (Array.isArray(v) ? v : [v]).filter((t) => a.has(t) || (t === 'integer' && a.has('number')));
          if (both.length) out[k] = both.length === 1 ? both[0] : both;
        } else if (LOWER.includes(k) && typeof v === 'number' && typeof cur === 'number') {
          out[k] = Math.max(v, cur);
        } else if (UPPER.includes(k) && typeof v === 'number' && typeof cur === 'number') {
          out[k] = Math.min(v, cur);
        } else if ((k === 'nullable' || k === 'readOnly' || k === 'writeOnly' || k === 'deprecated') && v === true) {
          out[k] = true;
        } else if ((k === 'items' || k === 'additionalProperties') && isObject(v) && isObject(cur)) {
          if (cur !== v && this.fingerprint(cur) !== this.fingerprint(v)) out[k] = { allOf: [cur, v] };
        } else if (k === 'additionalProperties' && v === false) {
          out[k] = false;
        }
        // Anything else: the first subschema that says it wins.
      }
    }
    return out;
  }

  /** Structural hash of a schema with refs followed and prose ignored. */
  fingerprint(raw: unknown): string {
    this.local = new Map();
    return this.print(raw);
  }

  private print(raw: unknown): string {
    if (!isObject(raw)) return canonical(raw);
    const node = isObject(raw) && refOf(raw) ? this.deref(raw) : raw;
    const known = this.prints.get(node) ?? this.local.get(node);
    if (known) return known;
    if (this.printing.has(node)) {
      this.cycleHits++;
      return 'cycle';
    }
    const hitsBefore = this.cycleHits;
    this.printing.add(node);
    const parts: string[] = [];
    for (const k of Object.keys(node).sort()) {
      if (PROSE.has(k) || (k.startsWith('x-') && k !== EXT.extensibleEnum)) continue;
      const v = node[k];
      let s: string;
      if (SCHEMA_MAPS.has(k) && isObject(v)) {
        s = Object.keys(v)
          .sort()
          .map((name) => `${JSON.stringify(name)}=${this.print(v[name])}`)
          .join(',');
      } else if (SCHEMA_LISTS.has(k) && Array.isArray(v)) {
        s = v.map((x) => this.print(x)).join(',');
      } else if (SCHEMA_ONE.has(k)) {
        s = this.print(v);
      } else {
        s = canonical(v);
      }
      parts.push(`${k}:${s}`);
    }
    this.printing.delete(node);
    const hash = createHash('sha1').update(parts.join(';')).digest('base64');
    if (this.cycleHits === hitsBefore) this.prints.set(node, hash);
    else this.local.set(node, hash);
    return hash;
  }
}
