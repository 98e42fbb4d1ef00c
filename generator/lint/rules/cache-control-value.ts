import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { CACHE_DIRECTIVE, cacheControlHeader, declaredValues } from '../../model/conventions/index.js';
import { reporter, Said } from '../shapes/report.js';
import { isObject } from '../../util/json.js';

export const id = 'cache-control-value';
export const summary = `a \`Cache-Control\` header that declares no value, or a value other than \`no-store\`, \`no-cache\` or \`max-age=<seconds>\``;
export const spec = 'Caching: "Never store: Cache-control: no-store; Always revalidate: Cache-Control: no-cache; Cache for N seconds: Cache-Control: max-age=<seconds>."';

export const check: Oas3Rule = () => {
  const said = new Said();
  return {
    Response: {
      enter(response: object, ctx: UserContext) {
        if (!isObject(response)) return;
        const report = reporter(ctx, said);
        const header = cacheControlHeader(ctx, { node: response, location: ctx.location });
        if (!header) return; // docex/cache-control reports a missing header
        const values = declaredValues(ctx, header);
        if (values.length === 0) {
          report(header.location, `Say which caching applies: give Cache-Control a const, enum or example of no-store, no-cache or max-age=<seconds>.`, true);
          return;
        }
        for (const { value, at, key } of values)
          if (typeof value !== 'string' || !CACHE_DIRECTIVE.test(value))
            report(at.location.child(key.split('/')), `Use one of the spec's Cache-Control values (no-store, no-cache or max-age=<seconds>) instead of ${JSON.stringify(value)}.`);
      },
    },
  };
};
