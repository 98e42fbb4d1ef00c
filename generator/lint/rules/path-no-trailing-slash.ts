import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { isObject } from '../../util/json.js';

export const PathNoTrailingSlash: Oas3Rule = () => ({
  Paths: {
    enter(paths: object, ctx: UserContext) {
      if (!isObject(paths)) return;
      for (const path of Object.keys(paths))
        if ((path.length > 1 && path.endsWith('/')) || path.includes('//'))
          ctx.report({ message: `Remove the trailing slash and empty segments from "${path}".`, location: ctx.location.child([path]).key() });
    },
  },
});
