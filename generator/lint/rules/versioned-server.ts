import { child, entries, list, operations, strings, type At, type Ctx } from '../../model/conventions/index.js';
import { subApiRule } from '../shapes/rule.js';

export const id = 'versioned-server';
export const summary = 'a sub API server URL whose path (literal or through server variables) does not end in `/<subApi>/<version>`';
export const spec = '4.2: "API: {base_url}{sub-API}/{version}/<resource path>"; 9: "URL versioning."';

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

export const check = subApiRule((root, ctx, report) => {
  const servers = list(ctx, root, 'servers');
  if (servers.length === 0) report(root.location, `Declare a server whose URL ends in /<subApi>/<version>, for example https://api.{region}.example.com/document/v1.`);
  const paths = child(ctx, root, 'paths');
  for (const path of Object.keys(paths?.node ?? {})) {
    const item = child(ctx, paths, path);
    servers.push(...list(ctx, item, 'servers'));
  }
  for (const op of operations(ctx, root)) servers.push(...list(ctx, op.op, 'servers'));
  for (const server of servers) {
    const bad = expansions(ctx, server).find((u) => !SUB_API_VERSION.test(urlPath(u)));
    if (bad !== undefined)
      report(server.location.child(['url']), `End the server URL's path in /<subApi>/<version> (for example /document/v1): "${bad}" does not.`);
  }
});
