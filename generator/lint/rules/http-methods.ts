import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { isObject } from '../../util/json.js';

export const id = 'http-methods';
export const summary = 'a method other than GET, POST, PUT, DELETE';
export const spec = '4.1 HTTP verbs: GET, POST, PUT, DELETE.';

const ALLOWED = new Set(['get', 'post', 'put', 'delete']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query']);

export const check: Oas3Rule = () => ({
  PathItem: {
    enter(item: object, ctx: UserContext) {
      if (!isObject(item)) return;
      const report = (method: string, at: (string | number)[]): void =>
        ctx.report({
          message: `Replace ${method.toUpperCase()} with GET, POST, PUT or DELETE${method === 'patch' ? ' (PUT updates or replaces a resource)' : ''}.`,
          location: ctx.location.child(at).key(),
        });
      for (const key of Object.keys(item)) if (METHODS.has(key) && !ALLOWED.has(key)) report(key, [key]);
      // 3.2: any other method (LINK, PURGE...) is written under additionalOperations, as it is sent.
      const more = (item as Record<string, unknown>).additionalOperations;
      if (isObject(more)) for (const method of Object.keys(more)) if (!ALLOWED.has(method.toLowerCase())) report(method, ['additionalOperations', method]);
    },
  },
});
