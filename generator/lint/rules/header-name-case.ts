import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { HEADER, toHeader } from '../shapes/case.js';
import { isObject } from '../../util/json.js';

const message = (name: string) => `Write the header name "${name}" as the spec does, in Hyphenated-Pascal-Case ("${toHeader(name)}").`;

export const HeaderNameCase: Oas3Rule = () => ({
  Parameter: {
    enter(p: object, ctx: UserContext) {
      if (isObject(p) && p.in === 'header' && typeof p.name === 'string' && !HEADER.test(p.name))
        ctx.report({ message: message(p.name), location: ctx.location.child(['name']) });
    },
  },
  Response: {
    enter(r: object, ctx: UserContext) {
      if (!isObject(r) || !isObject(r.headers)) return;
      for (const name of Object.keys(r.headers))
        if (!HEADER.test(name)) ctx.report({ message: message(name), location: ctx.location.child(['headers', name]).key() });
    },
  },
});
