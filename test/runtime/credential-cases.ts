/** Every place a client sends a credential, for the tests that plant one there (redirects, printable errors). */
import type { ClientOptions, OperationSpec, TokenSource } from '../../templates/runtime/index.js';

export const tokenSource = (token: string): TokenSource => ({ getAccessToken: async () => token, refreshAfterUnauthorized: async () => token });

/** One scheme per credential location; `credentials(schemes)` is the codec of a client that has them all. */
export const schemes = {
  header: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
  query: { type: 'apiKey', in: 'query', name: 'api_key' },
  cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
  basic: { type: 'basic' },
  bearer: { type: 'bearer' },
  oauth: { type: 'tokens' },
} as const;

/** Each credential location, as the options of a client that sends `secret` there (basic: as the password of `u`). */
export const locations = (secret: string): [string, Partial<ClientOptions> & { auth?: object }][] => [
  ['header API key', { auth: { header: secret } }],
  ['query API key', { auth: { query: secret } }],
  ['cookie API key', { auth: { cookie: secret } }],
  ['http basic', { auth: { basic: { username: 'u', password: secret } } }],
  ['http bearer', { auth: { bearer: secret } }],
  ['token source', { tokens: tokenSource(secret) }],
  ['a header given in `headers`', { headers: { 'X-Custom-Key': secret } }],
];

/** An operation with a query parameter `q` (and a JSON body for a POST) that any one location's scheme meets. */
export const securedOp = (method: OperationSpec['method'], path: string): OperationSpec => ({
  method,
  path,
  params: [{ key: 'q', name: 'q', in: 'query' }],
  accept: ['application/json'],
  ...(method === 'POST' && { body: { mediaType: 'application/json' } }),
  security: Object.keys(schemes).map((s) => [s]),
});
