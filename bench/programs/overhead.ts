// The three clients of the overhead benchmark, bundled to JS by esbuild (generated code is TypeScript).
// Each variant makes one authenticated GET /items/{id} and returns the parsed JSON. 'fetch + features' is raw fetch
// doing by hand what docex's GET does (token source, LRU ETag cache and If-None-Match, three headers read, text +
// JSON.parse, the etag property): the cost of the features themselves, apart from docex's code.
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
  const tokens = { getAccessToken: async () => TOKEN };
  const cache = new Map<string, { etag: string; body: string }>();
  const tagged = (value: object, etag: string) => Object.defineProperty(value, 'etag', { value: etag, configurable: true });
  return {
    fetch: async (id) => {
      const res = await f(`${baseUrl}items/${encodeURIComponent(id)}`, { headers });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return res.json();
    },
    'fetch + features': async (id) => {
      const url = `${baseUrl}items/${encodeURIComponent(id)}`;
      const hit = cache.get(url);
      if (hit) cache.delete(url), cache.set(url, hit);
      const h: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${await tokens.getAccessToken()}` };
      if (hit) h['if-none-match'] = hit.etag;
      const res = await f(url, { headers: h });
      if (res.status === 304 && hit) return tagged(JSON.parse(hit.body), hit.etag);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      res.headers.get('content-type');
      const text = await res.text();
      const value = JSON.parse(text);
      const etag = res.headers.get('etag');
      if (etag && !/no-store/i.test(res.headers.get('cache-control') ?? '') && hit?.etag !== etag) {
        cache.set(url, { etag, body: text });
        if (cache.size > 500) cache.delete(cache.keys().next().value!);
      }
      return etag ? tagged(value, etag) : value;
    },
    'openapi-fetch': async (id) => {
      const { data, error } = await oaf.GET('/items/{id}', { params: { path: { id } } });
      if (error !== undefined) throw new Error('error response');
      return data;
    },
    docex: (id) => docex.getItem({ id }),
  };
}
