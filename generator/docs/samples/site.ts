// What every sample of the site shares: the token service's URL, where the token client keeps its session, and how a
// curl sample gets its access token.
import type { OpenApiDocument } from '../../load/index.js';
import { baseUrlOf, withDefaults, type ApiInfo } from '../api-info.js';
import type { SampleApi } from './plan.js';
import { accessTokenLines } from './token.js';

export interface SampleSite {
  /** The token service's `{auth_url}` with its server variables at their defaults. */
  authUrl: string;
  /** The file the samples' FileTokenStore keeps the session in. */
  store: string;
  /** Shell lines that set ACCESS_TOKEN (a token request, or a comment saying where one comes from). */
  accessToken: string[];
}

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
