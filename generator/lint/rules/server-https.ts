import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { isObject } from '../../util/json.js';

export const id = 'server-https';
export const summary = 'an absolute server URL that is not https';
export const spec = '1: "The service is a web API, reached over HTTPS."';

/** Absolute server URLs must use https; relative ones inherit the document's own address. */
export const check: Oas3Rule = () => ({
  Server: {
    enter(server: object, ctx: UserContext) {
      if (!isObject(server) || typeof server.url !== 'string') return;
      const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(server.url)?.[1];
      if (scheme !== undefined && scheme.toLowerCase() !== 'https')
        ctx.report({ message: `Serve the API over HTTPS: write the server URL with https:// instead of ${scheme}://.`, location: ctx.location.child(['url']) });
    },
  },
});
