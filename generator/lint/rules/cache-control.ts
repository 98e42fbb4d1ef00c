import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { isObj } from '../../model/conventions/index.js';

export const CacheControl: Oas3Rule = () => ({
  Response: {
    enter(response: object, ctx: UserContext) {
      const headers = isObj(response) && isObj(response.headers) ? Object.keys(response.headers) : [];
      if (!headers.some((h) => h.toLowerCase() === 'cache-control'))
        ctx.report({ message: `Declare a Cache-Control header on this response (no-store, no-cache or max-age=<seconds>).`, location: ctx.location });
    },
  },
});
