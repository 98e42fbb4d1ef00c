// The three clients of the overhead benchmark, bundled to JS by esbuild (generated code is TypeScript).
// Each variant makes one authenticated GET /items/{id} and returns the parsed JSON.
import createClient from 'openapi-fetch';
import { createItemsClient } from '../out/items-docex/index.js';
import type { paths } from '../out/items-docex/schema.js';

const TOKEN = 'bench-fixed-token';

export type Call = (id: string) => Promise<unknown>;

export function makeVariants(baseUrl: string, fetchImpl?: typeof fetch): Record<string, Call> {
  const f: typeof fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init));
  const headers = { accept: 'application/json', authorization: `Bearer ${TOKEN}` };
  const oaf = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${TOKEN}` }, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  const docex = createItemsClient({
    baseUrl,
    tokens: { getAccessToken: async () => TOKEN, refreshAfterUnauthorized: async () => TOKEN },
    etagCache: true,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  return {
    fetch: async (id) => {
      const res = await f(`${baseUrl}items/${encodeURIComponent(id)}`, { headers });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json();
    },
    'openapi-fetch': async (id) => {
      const { data, error } = await oaf.GET('/items/{id}', { params: { path: { id } } });
      if (error !== undefined) throw new Error('error response');
      return data;
    },
    docex: (id) => docex.getItem({ id }),
  };
}
