// Pairs the properties of two object schemas and marks what a side never carries
// (readOnly properties are not sent in requests, writeOnly ones never come back in responses).
import type { SchemaContext } from './compare.js';
import type { Schema } from './resolve.js';
import { isObject } from '../../util/json.js';

interface PropertyPair {
  name: string;
  base: unknown;
  head: unknown;
  baseRequired: boolean;
  headRequired: boolean;
  baseDeprecated: boolean;
  headDeprecated: boolean;
  /** readOnly in a request / writeOnly in a response on either side: only its schema is compared. */
  hidden: boolean;
}

function all(s: Schema): Map<string, Schema> {
  const props = s.properties;
  return new Map(isObject(props) ? Object.entries(props).map(([k, v]) => [k, v as Schema]) : []);
}

export function propertyPairs(ctx: SchemaContext): PropertyPair[] {
  const hidden = ctx.dir === 'request' ? 'readOnly' : 'writeOnly';
  const b = all(ctx.base);
  const h = all(ctx.head);
  const bReq = new Set(Array.isArray(ctx.base.required) ? (ctx.base.required as string[]) : []);
  const hReq = new Set(Array.isArray(ctx.head.required) ? (ctx.head.required as string[]) : []);
  const names = [...new Set([...b.keys(), ...h.keys()])].sort();
  return names.map((name) => {
    const bp = b.get(name);
    const hp = h.get(name);
    return {
      name,
      base: bp,
      head: hp,
      baseRequired: bReq.has(name),
      headRequired: hReq.has(name),
      baseDeprecated: bp !== undefined && ctx.baseDoc.resolve(bp).deprecated === true,
      headDeprecated: hp !== undefined && ctx.headDoc.resolve(hp).deprecated === true,
      // Still compared: clients often send back what they read (GET, edit, PUT), readOnly fields included.
      hidden: (bp !== undefined && ctx.baseDoc.resolve(bp)[hidden] === true) || (hp !== undefined && ctx.headDoc.resolve(hp)[hidden] === true),
    };
  });
}
