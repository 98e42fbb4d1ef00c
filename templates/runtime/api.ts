/** createApi: the client glue of the contract, createApiCore plus pages()/all(). */
import { createApiCore } from './core.js';
import { all, pages } from './pagination.js';
import type { Api, ClientOptions } from './types.js';

/** `apiPath` is the sub API's path under `options.baseUrl`, e.g. 'document/v1/' (or ''). */
export function createApi(options: ClientOptions, apiPath: string): Api {
  const core = createApiCore(options, apiPath);
  return {
    ...core,
    pages: (spec, params, o) => pages(core, spec, params, o),
    all: (spec, params, o) => all(core, spec, params, o),
  };
}
