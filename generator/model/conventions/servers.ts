// Servers (OpenAPI `servers` at the document, path item and operation): the URL a client calls, the first server's
// with its variables' defaults filled in.
import { child, isObj, list, str, type At, type Ctx } from './node.js';
import type { Operation } from './operations.js';

/** The first server of a `servers` holder, its `{variables}` replaced by their defaults; undefined when it has none
 *  or a variable has no default. */
export function firstServer(ctx: Ctx, holder: At | undefined): string | undefined {
  const server = list(ctx, holder, 'servers')[0];
  const url = str(server?.node.url);
  if (url === undefined) return undefined;
  const variables = child(ctx, server, 'variables');
  let missing = false;
  const filled = url.replace(/\{([^}]*)\}/g, (_, name: string) => {
    const v = variables && isObj(variables.node[name]) ? (variables.node[name] as { default?: unknown }).default : undefined;
    if (typeof v !== 'string' && typeof v !== 'number') missing = true;
    return String(v);
  });
  return missing ? undefined : filled;
}

/** The document's first server as an absolute http(s) URL: the default base URL of a client. */
export function defaultServer(ctx: Ctx, root: At): string | undefined {
  const url = firstServer(ctx, root);
  return url !== undefined && /^https?:\/\/[^/?#]/i.test(url) ? url : undefined;
}

/** The operation's own server (operation-level `servers`, else its path item's), when it has one other than the
 *  document's first. */
export function operationServer(ctx: Ctx, op: Operation): string | undefined {
  const own = (holder: At | undefined) => (list(ctx, holder, 'servers').length ? firstServer(ctx, holder) : undefined);
  const url = own(op.op) ?? own(child(ctx, child(ctx, op.root, 'paths'), op.path));
  return url !== undefined && url !== firstServer(ctx, op.root) ? url : undefined;
}
