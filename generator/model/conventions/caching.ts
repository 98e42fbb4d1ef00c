// Caching (spec "Caching"): every response carries `Cache-Control`, declaring no-store, no-cache or max-age=<s>.
import { child, type At, type Ctx } from './node.js';

/** The spec's three caching scenarios. */
export const CACHE_DIRECTIVE = /(?:^|,)\s*(?:no-store|no-cache|max-age=\d+)\s*(?:,|$)/i;

/** The response's `Cache-Control` header, if it declares one. */
export function cacheControlHeader(ctx: Ctx, response: At): At | undefined {
  const headers = child(ctx, response, 'headers');
  const name = Object.keys(headers?.node ?? {}).find((h) => h.toLowerCase() === 'cache-control');
  return name === undefined ? undefined : child(ctx, headers, name);
}

interface DeclaredValue {
  value: unknown;
  at: At;
  /** Path below `at` to the value (`enum/2`). */
  key: string;
}

/** The values a header declares it sends: `const`, `enum`, `default`, examples. */
export function declaredValues(ctx: Ctx, header: At): DeclaredValue[] {
  const out: DeclaredValue[] = [];
  const schema = child(ctx, header, 'schema');
  for (const holder of [schema, header]) {
    if (!holder) continue;
    for (const key of ['const', 'default', 'example']) if (holder.node[key] !== undefined) out.push({ value: holder.node[key], at: holder, key });
    if (Array.isArray(holder.node.enum)) holder.node.enum.forEach((v: unknown, i) => out.push({ value: v, at: holder, key: `enum/${i}` }));
  }
  const examples = child(ctx, header, 'examples');
  for (const name of Object.keys(examples?.node ?? {})) {
    const ex = child(ctx, examples, name);
    if (ex && ex.node.value !== undefined) out.push({ value: ex.node.value, at: ex, key: 'value' });
  }
  return out;
}

/** The caching a response declares: its Cache-Control values (empty when it declares none). */
export function readCaching(ctx: Ctx, response: At): string[] | undefined {
  const header = cacheControlHeader(ctx, response);
  return header ? declaredValues(ctx, header).map((v) => v.value).filter((v): v is string => typeof v === 'string') : undefined;
}
