// What a generated client does for an API and each of its operations, decided in one place for every file that
// depends on it (client.ts's types, its operation specs, the API's README).
import type { ApiModel, OperationModel, ParamModel, Paging } from '../model/index.js';
import type { PagingSpec } from '../../templates/runtime/types.js';

/** How the operation pages (conventions/pagination.ts; the conventions' meta+items is the offset style). */
export const pagingOf = (op: OperationModel): Paging | undefined => op.conventions.pagination;

/** The pagination styles in the runtime's order (templates/runtime/paging.ts). */
const STYLES = ['offset', 'page', 'cursor', 'item-cursor', 'next-url', 'link'] as const satisfies readonly PagingSpec['style'][];

/** The pagination styles of an API's paging operations: its client takes the runtime's module of each, and no other. */
export const pagingStyles = (api: ApiModel): PagingSpec['style'][] => STYLES.filter((s) => api.operations.some((op) => pagingOf(op)?.style === s));

/** The fields of a Paging that name parameters (the rest are body paths and numbers). */
const PARAM_FIELDS = ['offset', 'limit', 'page', 'size', 'cursor'] as const;

/** The runtime's pagination descriptor: the reading, with each parameter by its key on the method's params (the
 *  document's name where no query parameter has it). */
export function paging(op: OperationModel): PagingSpec | undefined {
  const p = pagingOf(op);
  if (!p) return undefined;
  // Where the reading comes from is the model's, not the runtime's.
  const out = Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'source' && k !== 'at'));
  for (const f of PARAM_FIELDS) {
    const name = out[f];
    if (typeof name === 'string') out[f] = op.params.find((x) => x.in === 'query' && x.name === name)?.key ?? name;
  }
  return out as PagingSpec;
}

/**
 * A sub API of an openapi/ tree follows docex's conventions, and its client keeps their contract: its base URL is a
 * deployment's `{base_url}` (the document's server names an example host), its token comes from the token service
 * (5.1) and its errors are message objects (7.1). A single document is any API: its client defaults to the
 * document's server, takes credentials for its security schemes (`auth`) and types the error bodies it declares.
 */
export const anyApi = (api: ApiModel) => api.apiPath === '';

/** The schemes `auth` takes a credential for: API keys, http basic and bearer (oauth2 and openIdConnect: `tokens`). */
export const authSchemes = (api: ApiModel) => (anyApi(api) ? api.schemes.filter((s) => s.kind.type === 'apiKey' || s.kind.type === 'basic' || s.kind.type === 'bearer') : []);

/** The schemes a client meets, by `auth` or `tokens`: with any, each operation sends what its security asks for. */
export const metSchemes = (api: ApiModel) => (anyApi(api) ? api.schemes.filter((s) => s.kind.type !== 'none') : []);

/** Any API's operation that declares a JSON body for some error status: its errors carry it, typed. */
export const typedErrors = (op: OperationModel, api: ApiModel) => anyApi(api) && op.errorBodies.some((e) => e.mediaType);

/** A parameter that request.ts's plain path does not serialise (objects, other styles, content, allowReserved, cookies). */
export function styled(p: ParamModel): boolean {
  const plain = p.in === 'query' ? 'form' : 'simple';
  return !!(p.object || p.content || p.allowReserved || p.in === 'cookie' || p.in === 'querystring' || (p.style && p.style !== plain));
}

/** A body the runtime encodes beyond JSON, text and bytes (forms, multipart, a wildcard media type's value). */
export const encodesBody = (op: OperationModel) => !!op.body && (op.body.kind === 'form' || op.body.kind === 'multipart' || !!op.body.wildcard);

/** An operation that writes (any method but GET, HEAD and QUERY, compared as sent, as the runtime does): a replay of it may misreport what it did, so its
 *  client takes the runtime's rules against that (replay.ts); a client of a read-only API does not ship them. */
export const writes = (op: OperationModel) => !['GET', 'HEAD', 'QUERY'].includes(op.method);
