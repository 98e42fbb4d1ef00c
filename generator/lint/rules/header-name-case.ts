import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { HEADER, toHeader } from '../shapes/case.js';
import { isObject } from '../../util/json.js';

export const id = 'header-name-case';
export const summary = 'a header parameter or response header not in Hyphenated-Pascal-Case';
export const spec = 'Header names as the spec mostly writes them (Cache-Control, If-None-Match, If-Match, Content-Type); its Caching table once writes Cache-control, and HTTP header names are case-insensitive, so one spelling is chosen for the documents.';

const message = (name: string) => `Write the header name "${name}" as the spec does, in Hyphenated-Pascal-Case ("${toHeader(name)}").`;

export const check: Oas3Rule = () => ({
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
