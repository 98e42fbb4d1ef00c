/** The calls of the fault tests, one per fault of `faults()` in server.ts: run in the test process and, bundled, in a
 *  child process that must then exit by itself. Each outcome is the result's summary or the error's class name. */
import { createApi, type OperationSpec } from '../../templates/runtime/index.js';

export const SECRET = 'secret-access-token-1234';
export const REFRESHED = 'refreshed-access-token-5678';

export interface Outcome {
  name: string;
  /** 'ok' or the error's class name. */
  outcome: string;
  status?: number;
  /** Everything the error exposes as text (message, stack, JSON, cause, rawText): checked for tokens. */
  text?: string;
  value?: unknown;
}

export const CASES: [name: string, method: OperationSpec['method'], path: string, timeoutMs?: number][] = [
  ['reset before headers, GET', 'GET', '/reset-headers'],
  ['reset before headers, POST', 'POST', '/reset-headers'],
  ['reset mid-body', 'GET', '/reset-body'],
  ['slow body past timeoutMs', 'GET', '/slow-body', 200],
  ['503 Retry-After seconds, GET', 'GET', '/503-seconds'],
  ['503 Retry-After seconds, POST', 'POST', '/503-seconds'],
  ['503 Retry-After HTTP date, GET', 'GET', '/503-date'],
  ['503 Retry-After beyond maxDelayMs', 'GET', '/503-always'],
  ['429, GET', 'GET', '/429'],
  ['429, POST', 'POST', '/429'],
  ['304 not in the cache', 'GET', '/304'],
  ['malformed JSON', 'GET', '/bad-json'],
  ['wrong content type', 'GET', '/wrong-type'],
  ['empty body where one is declared', 'GET', '/empty'],
  ['10 MB body', 'GET', '/big'],
  ['redirect to another origin', 'GET', '/redirect'],
  ['401 after a refresh', 'GET', '/401'],
];

export async function runCases(baseUrl: string, key: string): Promise<Outcome[]> {
  const refreshed: string[] = [];
  const tokens = { getAccessToken: async () => SECRET, refreshAfterUnauthorized: async (old: string) => (refreshed.push(old), REFRESHED) };
  const api = createApi({ baseUrl, tokens, retry: { baseDelayMs: 1 }, etagCache: true }, '');
  const out: Outcome[] = [];
  for (const [name, method, path, timeoutMs] of CASES) {
    const spec: OperationSpec = {
      method,
      path,
      params: [{ key: 'k', name: 'k', in: 'query' }],
      accept: ['application/json'],
      ...(method === 'POST' && { body: { mediaType: 'application/json' } }),
      ...(method === 'GET' && { etag: true }),
    };
    try {
      const value = await api.call(spec, { k: `${key}-${name}`, body: { a: 1 } }, timeoutMs ? { timeoutMs } : {});
      out.push({ name, outcome: 'ok', value: path === '/big' ? (value as { items: unknown[] }).items.length : value });
    } catch (e) {
      const err = e as Error & { status?: number; rawText?: string };
      const text = [err.message, err.stack, JSON.stringify(err), String(err.cause), (err.cause as Error)?.stack, err.rawText].join('\n');
      out.push({ name, outcome: err.name, ...(err.status !== undefined && { status: err.status }), text });
    }
  }
  return out;
}
