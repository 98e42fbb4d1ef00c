import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { child, isObj, type At } from '../../model/conventions/index.js';
import { reporter } from '../shapes/report.js';

// The spec's three caching scenarios: never store, always revalidate, cache for N seconds.
const DIRECTIVE = /(?:^|,)\s*(?:no-store|no-cache|max-age=\d+)\s*(?:,|$)/i;

/** The values a header declares it sends: `const`, `enum`, `default`, examples. */
function declaredValues(ctx: UserContext, header: At): { value: unknown; at: At; key: string }[] {
  const out: { value: unknown; at: At; key: string }[] = [];
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

export const CacheControlValue: Oas3Rule = () => {
  const seen = new Set<string>();
  return {
    Response: {
      enter(response: object, ctx: UserContext) {
        if (!isObj(response)) return;
        const report = reporter(ctx, seen);
        const headers = child(ctx, { node: response, location: ctx.location }, 'headers');
        const name = Object.keys(headers?.node ?? {}).find((h) => h.toLowerCase() === 'cache-control');
        const header = name === undefined ? undefined : child(ctx, headers, name);
        if (!header) return; // docex/cache-control reports a missing header
        const values = declaredValues(ctx, header);
        if (values.length === 0) {
          report(header.location, `Say which caching applies: give Cache-Control a const, enum or example of no-store, no-cache or max-age=<seconds>.`, true);
          return;
        }
        for (const { value, at, key } of values)
          if (typeof value !== 'string' || !DIRECTIVE.test(value))
            report(at.location.child(key.split('/')), `Use one of the spec's Cache-Control values (no-store, no-cache or max-age=<seconds>) instead of ${JSON.stringify(value)}.`);
      },
    },
  };
};
