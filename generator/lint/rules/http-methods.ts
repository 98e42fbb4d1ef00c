import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { isObject } from '../../util/json.js';

const ALLOWED = new Set(['get', 'post', 'put', 'delete']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

export const HttpMethods: Oas3Rule = () => ({
  PathItem: {
    enter(item: object, ctx: UserContext) {
      if (!isObject(item)) return;
      for (const key of Object.keys(item))
        if (METHODS.has(key) && !ALLOWED.has(key))
          ctx.report({
            message: `Replace ${key.toUpperCase()} with GET, POST, PUT or DELETE${key === 'patch' ? ' (PUT updates or replaces a resource)' : ''}.`,
            location: ctx.location.child([key]).key(),
          });
    },
  },
});
