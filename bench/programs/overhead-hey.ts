// hey-api 0.99's generated SDK function and inlined fetch client for the overhead benchmark (optional variant:
// bundled separately so that a failed hey-api generation leaves the other variants measured).
import { createClient, createConfig } from '../out/items-hey/client/index.js';
import { getItem } from '../out/items-hey/sdk.gen.js';

const TOKEN = 'bench-fixed-token';

export function makeHey(baseUrl: string, fetchImpl?: typeof fetch): (id: string) => Promise<unknown> {
  const client = createClient(createConfig({ baseUrl: baseUrl.replace(/\/$/, ''), auth: () => TOKEN, ...(fetchImpl ? { fetch: fetchImpl } : {}) }));
  return async (id) => {
    const { data, error } = await getItem({ client, path: { id } });
    if (error !== undefined) throw new Error('error response');
    return data;
  };
}
