// What every sample of the site shares (SampleSite): the token service's URL, where the token client keeps its
// session, and how a curl sample gets its access token; and each document as its samples need it.
import type { OpenApiDocument } from '../../load/index.js';
import { baseUrlOf, withDefaults, type ApiInfo } from '../api-info.js';
import type { SampleApi, SampleSite } from './plan.js';
import { accessTokenLines } from './token.js';

/** The `{base_url}` default a sample falls back to: the first server, variables at their defaults. */
function defaultBaseUrl(api: ApiInfo): string {
  const server = api.servers[0];
  return server ? withDefaults({ ...server, url: baseUrlOf(api, server) }) : 'https://{base_url}/';
}

export function sampleApi(api: ApiInfo, doc: OpenApiDocument, file: string): SampleApi {
  return { id: api.id, file, doc, model: api.model, baseUrl: defaultBaseUrl(api) };
}

export function sampleSite(apis: SampleApi[], infos: ApiInfo[]): SampleSite {
  const tokenInfo = infos.find((a) => a.isToken);
  const server = tokenInfo?.servers[0];
  const base = { authUrl: server ? withDefaults(server).replace(/\/+$/, '') : 'https://{auth_url}', store: '.docex/tokens.json' };
  const token = apis.find((a) => a.id === tokenInfo?.id);
  return { ...base, accessToken: token ? accessTokenLines(token, base) : [`# ACCESS_TOKEN: an access token of the token service`] };
}
