// Servers (OpenAPI `servers` at the document, path item and operation): the URL a client calls, a server's with its
// variables' defaults filled in.
import { isObject } from '../../util/json.js';
import { child, list, str, type At, type Ctx } from './node.js';
import type { Operation } from './operations.js';

/** A server's URL, its `{variables}` replaced by their defaults; undefined when a variable has no default. */
function filled(ctx: Ctx, server: At | undefined): string | undefined {
  const url = str(server?.node.url);
  if (url === undefined) return undefined;
  const variables = child(ctx, server, 'variables');
  let missing = false;
  const out = url.replace(/\{([^}]*)\}/g, (_, name: string) => {
    const v = variables && isObject(variables.node[name]) ? (variables.node[name] as { default?: unknown }).default : undefined;
    if (typeof v !== 'string' && typeof v !== 'number') missing = true;
    return String(v);
  });
  return missing ? undefined : out;
}

/**
 * The server a holder's `servers` (document, path item, operation) send to: the first that is an https URL, else the
 * first absolute http one, else the first (documents that list `http://` and `https://` for one host, as AWS's do,
 * are called over https; plain http with credentials is refused).
 */
function preferred(ctx: Ctx, holder: At | undefined): string | undefined {
  const urls = list(ctx, holder, 'servers').flatMap((s) => filled(ctx, s) ?? []);
  return urls.find((u) => /^https:\/\//i.test(u)) ?? urls.find((u) => /^http:\/\//i.test(u)) ?? urls[0];
}

/** The default base URL of a client: the document's preferred server, when it is an absolute http(s) URL. */
export function defaultServer(ctx: Ctx, root: At): string | undefined {
  const url = preferred(ctx, root);
  return url !== undefined && /^https?:\/\/[^/?#]/i.test(url) ? url : undefined;
}

/** The operation's own server (operation-level `servers`, else its path item's), when it is not the document's. */
export function operationServer(ctx: Ctx, op: Operation): string | undefined {
  const url = preferred(ctx, op.op) ?? preferred(ctx, child(ctx, child(ctx, op.root, 'paths'), op.path));
  return url !== undefined && url !== preferred(ctx, op.root) ? url : undefined;
}
