import { list } from '../../model/conventions/index.js';
import { subApiRule } from '../shapes/rule.js';

export const id = 'server-host-shape';
export const summary = 'an absolute sub API server URL whose host is not `api.{region}.<service-host>` (the region its own host label)';
export const spec = '4.2: "{base_url} is https://api.{region}.<service-host>/"; "The region is a path-independent part of the host name."';

/**
 * `https://api.{region}.<service-host>/...`: the region is a host label of its own (a variable or literal) after
 * `api.`, and the service host follows: a variable, or at least two labels (`docex.example`).
 */
const LABEL = String.raw`(?:\{[^}]+\}|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)`;
const HOST = new RegExp(String.raw`^https://api\.${LABEL}\.(?:\{[^}]+\}(?:\.${LABEL})*|${LABEL}(?:\.${LABEL})+)(?::\d+)?(?:/|$)`, 'i');

// 4.2: {base_url} is `https://api.{region}.<service-host>/`; "the region is a path-independent part of the host name".
// Only absolute URLs are checked: a relative server URL leaves the host to the deployment.
export const check = subApiRule((root, ctx, report) => {
  for (const server of list(ctx, root, 'servers')) {
    const url = typeof server.node.url === 'string' ? server.node.url : '';
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || HOST.test(url)) continue;
    report(server.location.child(['url']), `Address the API as https://api.{region}.<service-host>/<subApi>/<version> (region a host label after "api."): "${url}" is not.`);
  }
});
