import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { cacheControlHeader } from '../../model/conventions/index.js';
import { isObject } from '../../util/json.js';

export const id = 'cache-control';
export const summary = 'a response without a `Cache-Control` header';
export const spec = 'Caching: "Every response carries caching headers."';

export const check: Oas3Rule = () => ({
  Response: {
    enter(response: object, ctx: UserContext) {
      if (isObject(response) && !cacheControlHeader(ctx, { node: response, location: ctx.location }))
        ctx.report({ message: `Declare a Cache-Control header on this response (no-store, no-cache or max-age=<seconds>).`, location: ctx.location });
    },
  },
});
