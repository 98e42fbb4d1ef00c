import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { cacheControlHeader, isObj } from '../../model/conventions/index.js';

export const CacheControl: Oas3Rule = () => ({
  Response: {
    enter(response: object, ctx: UserContext) {
      if (isObj(response) && !cacheControlHeader(ctx, { node: response, location: ctx.location }))
        ctx.report({ message: `Declare a Cache-Control header on this response (no-store, no-cache or max-age=<seconds>).`, location: ctx.location });
    },
  },
});
