import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { isObject } from '../../util/json.js';

export const id = 'path-no-trailing-slash';
export const summary = 'a path with a trailing slash or an empty segment';
export const spec = 'No sentence of the spec asks it: a house rule, so that one resource has one URL; every path the spec shows (2.1 /documents, /current-user, /documents/<id>/presentation) ends without a slash.';

export const check: Oas3Rule = () => ({
  Paths: {
    enter(paths: object, ctx: UserContext) {
      if (!isObject(paths)) return;
      for (const path of Object.keys(paths))
        if ((path.length > 1 && path.endsWith('/')) || path.includes('//'))
          ctx.report({ message: `Remove the trailing slash and empty segments from "${path}".`, location: ctx.location.child([path]).key() });
    },
  },
});
