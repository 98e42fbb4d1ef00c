import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { child, entries, isObj, list, strings, type At, type Ctx } from '../../model/conventions/index.js';
import { isTokenService, METHODS, operations } from '../../model/conventions/index.js';
import { reporter, rootAt } from '../shapes/report.js';

const SUB_API_VERSION = /\/[a-z][a-z0-9]*(?:-[a-z0-9]+)*\/v\d+\/?$/;

/** Every URL a server can stand for: each variable takes its enum values, else its default. */
function expansions(ctx: Ctx, server: At): string[] {
  let urls = [typeof server.node.url === 'string' ? server.node.url : ''];
  for (const [name, v] of entries(ctx, server, 'variables')) {
    const values = strings(v.node.enum).length > 0 ? strings(v.node.enum) : strings([v.node.default]);
    urls = urls.flatMap((u) => (values.length > 0 ? values.map((x) => u.split(`{${name}}`).join(x)) : [u]));
  }
  return urls;
}

function urlPath(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
}

export const VersionedServer: Oas3Rule = () => {
  const seen = new Set<string>();
  return {
    Root: {
      enter(node: object, ctx: UserContext) {
        if (!isObj(node)) return;
        const root = rootAt(node, ctx);
        const ops = operations(ctx, root);
        if (ops.some((op) => isTokenService(ctx, op))) return; // the token service lives at {auth_url}, unversioned
        const report = reporter(ctx, seen);
        const servers = list(ctx, root, 'servers');
        if (servers.length === 0) report(root.location, `Declare a server whose URL ends in /<subApi>/<version>, for example https://api.{region}.example.com/document/v1.`);
        const paths = child(ctx, root, 'paths');
        for (const path of Object.keys(paths?.node ?? {})) {
          const item = child(ctx, paths, path);
          servers.push(...list(ctx, item, 'servers'));
          for (const m of METHODS) servers.push(...list(ctx, child(ctx, item, m), 'servers'));
        }
        for (const server of servers) {
          const bad = expansions(ctx, server).find((u) => !SUB_API_VERSION.test(urlPath(u)));
          if (bad !== undefined)
            report(server.location.child(['url']), `End the server URL's path in /<subApi>/<version> (for example /document/v1): "${bad}" does not.`);
        }
      },
    },
  };
};
