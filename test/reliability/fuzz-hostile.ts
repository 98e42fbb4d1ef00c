/**
 * Bodies the schemas do not describe, for the fuzzer's write operations with a JSON body (issue 29): arbitrary JSON
 * (any type, any shape), an unknown property at some depth, names of Object.prototype, the representation's
 * server-owned properties holding garbage, nesting past the bound, thousands of properties, a string near the body
 * limit, a name sent twice in one object. Each says whether the sandbox must refuse it (the Reliability guide's "What
 * a body may hold" and "Bounds"), and which properties it sent that must not be stored.
 */
import fc from 'fast-check';
import type { OpenApiDocument, SchemaObject } from '../../generator/load/index.js';
import { MAX_BODY_DEPTH, MAX_JSON_BODY_BYTES } from '../../generator/sandbox/body-bounds.js';
import { resolveSchema } from '../../generator/sandbox/schema-tools.js';

export const HOSTILE = ['arbitrary', 'unknown', 'prototype', 'server-owned', 'deep', 'wide', 'large', 'duplicate'] as const;
export type HostileKind = (typeof HOSTILE)[number];
export interface Hostile {
  kind: HostileKind;
  n: number;
  json: unknown;
}

export const hostileArb: fc.Arbitrary<Hostile> = fc.record({ kind: fc.constantFrom(...HOSTILE), n: fc.nat(1_000_000), json: fc.jsonValue({ maxDepth: 3 }) });

export interface HostileBody {
  text: string;
  /** The sandbox must not accept it. */
  refused: boolean;
  /** Server-owned properties sent, with the garbage sent in them: an answer must not show them as sent. */
  unstored: Record<string, unknown>;
}

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf'];
const GARBAGE: unknown[] = ['fuzz-yesterday', 12345.5, { fuzz: [1] }, [true], false];
const DEPTHS = [MAX_BODY_DEPTH, 1000, 100_000];

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => v !== null && typeof v === 'object' && !Array.isArray(v);
/** Whether a request schema node names the properties an object may have (the contract's "declares"). */
const lists = (s: SchemaObject): boolean => !!s.properties && typeof s.additionalProperties !== 'object';

/**
 * The server-owned properties `unstored` that an answer (`after`) shows as the client sent them. A value the server
 * held itself proves nothing: where the value before the write is known (`before`, a replace), only a change to the
 * sent value counts; where it is not (a create), a boolean does not count, as the server's own pick equals the one
 * sent one time in two.
 */
export function storedAsSent(unstored: Record<string, unknown>, after: unknown, before: unknown): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return Object.entries(unstored).flatMap(([k, sent]) => {
    if (!isPlain(after) || !same(after[k], sent)) return [];
    const serversOwn = isPlain(before) ? same(before[k], sent) : typeof sent === 'boolean';
    return serversOwn ? [] : [k];
  });
}

/** `body` (a valid body, drawn from the request schema) made hostile as `h` says. */
export function hostileBody(doc: OpenApiDocument, request: SchemaObject | undefined, representation: SchemaObject | undefined, body: unknown, h: Hostile): HostileBody {
  const root = resolveSchema(doc, request);
  const obj = isPlain(body) ? body : undefined;
  const plain = { refused: false, unstored: {} };
  // `{...body, <extra>}` as text: the extras may be names JSON.stringify cannot write as keys of an object literal.
  const withExtra = (extra: string, on = obj) => (on && Object.keys(on).length ? `${JSON.stringify(on).slice(0, -1)},${extra}}` : `{${extra}}`);
  if (!obj || h.kind === 'arbitrary') return { text: JSON.stringify(h.json), ...plain };
  switch (h.kind) {
    case 'unknown': {
      const { objects } = places(doc, request, obj);
      const place = objects[h.n % objects.length]!;
      const copy = structuredClone(obj);
      at(copy, place.path)[`zz-${h.n}`] = h.json;
      return { text: JSON.stringify(copy), refused: place.lists, unstored: {} };
    }
    case 'duplicate': {
      // A name of some object sent twice (a name of its own, or a new one), which JSON.parse would let pass.
      const { objects } = places(doc, request, obj);
      const place = objects[h.n % objects.length]!;
      const copy = structuredClone(obj);
      const target = at(copy, place.path);
      const name = Object.keys(target)[h.n % Math.max(1, Object.keys(target).length)] ?? `zz-${h.n}`;
      target['\u0000dup'] = 0;
      const twice = `${Object.hasOwn(target, name) ? '' : `${JSON.stringify(name)}:null,`}${JSON.stringify(name)}:${JSON.stringify(h.json)}`;
      return { text: JSON.stringify(copy).replace('"\\u0000dup":0', twice), refused: true, unstored: {} };
    }
    case 'prototype':
      return { text: withExtra(`${JSON.stringify(PROTOTYPE_NAMES[h.n % PROTOTYPE_NAMES.length])}:${JSON.stringify(h.json)}`), refused: lists(root), unstored: {} };
    case 'server-owned': {
      const written = root.properties ?? {};
      // Ignored only where the request lists its properties (a free-form request object keeps what it is sent).
      const owned = lists(root) ? Object.keys(resolveSchema(doc, representation).properties ?? {}).filter((k) => !Object.hasOwn(written, k)) : [];
      const unstored = Object.fromEntries(owned.map((k, i) => [k, GARBAGE[(h.n + i) % GARBAGE.length]]));
      return { text: JSON.stringify({ ...obj, ...unstored }), refused: false, unstored };
    }
    case 'deep': {
      const depth = DEPTHS[h.n % DEPTHS.length]!;
      const name = Object.keys(root.properties ?? {})[0] ?? 'zz';
      // In place of the property's value: a name sent twice would be refused for that alone.
      const { [name]: _, ...rest } = obj;
      return { text: withExtra(`${JSON.stringify(name)}:${'['.repeat(depth)}${']'.repeat(depth)}`, rest), refused: true, unstored: {} };
    }
    case 'wide': {
      const keys = Array.from({ length: 2000 }, (_, i) => `"zz${i}":${i}`).join(',');
      return { text: withExtra(keys), refused: lists(root), unstored: {} };
    }
    case 'large': {
      // A string the request declares without a bound of its own (at any depth), grown to about `size`; else an
      // unknown property holding it.
      const size = LARGE[h.n % LARGE.length]!;
      const { strings } = places(doc, request, obj);
      const grown = strings.map((p) => ({ ...p, value: p.grow(size) })).filter((p) => p.value !== undefined);
      const copy = structuredClone(obj);
      const target = grown[h.n % Math.max(1, grown.length)];
      if (target) at(copy, target.path.slice(0, -1))[target.path.at(-1)!] = target.value;
      else copy.zz = 'x'.repeat(size);
      const text = JSON.stringify(copy);
      return { text, refused: Buffer.byteLength(text) > MAX_JSON_BODY_BYTES || (!target && lists(root)), unstored: {} };
    }
  }
}

/** Sizes of a large string: well inside the body limit, just inside it (what is stored may then pass its own bound), past it. */
const LARGE = [256 * 1024, MAX_JSON_BODY_BYTES - 600, MAX_JSON_BODY_BYTES + 1];

interface Places {
  /** Objects where a property could be added, with whether the request schema lists the properties there. */
  objects: { path: string[]; lists: boolean }[];
  /** Declared strings without maxLength, enum or format: `grow` repeats the last character up to a size, if the result
   *  still matches the string's pattern. */
  strings: { path: string[]; grow: (size: number) => string | undefined }[];
}

function at(root: Plain, path: string[]): Plain {
  let node = root;
  for (const step of path) node = node[step] as Plain;
  return node;
}

function places(doc: OpenApiDocument, schema: SchemaObject | undefined, value: unknown, path: string[] = [], out: Places = { objects: [], strings: [] }): Places {
  const s = resolveSchema(doc, schema);
  if (typeof value === 'string' && value && s.maxLength === undefined && !s.enum && !s.format) {
    const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : undefined;
    out.strings.push({ path, grow: (size) => {
      const grown = value + value.slice(-1).repeat(Math.max(0, size - value.length));
      return !pattern || pattern.test(grown) ? grown : undefined;
    } });
  }
  if (Array.isArray(value)) value.forEach((v, i) => places(doc, s.items, v, [...path, String(i)], out));
  if (!isPlain(value)) return out;
  out.objects.push({ path, lists: lists(s) });
  for (const [k, v] of Object.entries(value)) if (s.properties?.[k]) places(doc, s.properties[k], v, [...path, k], out);
  return out;
}
