import type { ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { packageRoot } from '../util/package-root.js';
import { createAjv } from './ajv.js';
import { analyseApi, type OpSpec } from './analyse.js';
import { MAX_UPLOAD_BYTES } from './body-bounds.js';
import { clientError, frameworkError } from './protocol-errors.js';
import { sendError } from './respond.js';
import { loadSubApis, type LoadedApi } from './load-apis.js';
import { strictFailure, unsupportedLines } from '../model/unsupported-lines.js';
import { addMethods, refusedMethods, type RefusedMethod } from './methods.js';
import { SandboxState } from './state.js';
import { registerSubApis } from './handlers/routes.js';
import { registerTokenService, type TokenAuthority } from './token/service.js';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** Root of the documents: `openapi/` of this package by default. */
  openapiDir?: string;
  accessTokenTtlSeconds?: number;
  seed?: number;
  /** Items of the documents collection (the store of schema `Document`); default 1,000. */
  documentCount?: number;
  /** Items of every other `meta`+`items` collection; default 1,000. */
  pagedCollectionSize?: number;
  /** Items of particular collections by schema name (store key), e.g. `{ TradingPartner: 5000 }`. */
  collectionSizes?: Record<string, number>;
  /** Items of plain-array collections and of stores that only back references; default 50. */
  smallCollectionSize?: number;
  clientId?: string;
  clientSecret?: string;
  redirectUris?: string[];
  username?: string;
  password?: string;
  /** A replayed refresh token revokes the newer tokens of its family (RFC 9700 4.14.2); default true. */
  revokeFamilyOnReuse?: boolean;
  /** Clock in epoch milliseconds, for token expiry and the timestamps of created resources. */
  now?: () => number;
  /** Told each construct of the documents docex does not carry (`file:line: message`), before it listens. */
  warn?: (line: string) => void;
  /** Such a construct refuses to start (`--strict`). */
  strict?: boolean;
  /** Items each stream operation answers (the last is the terminal event, where there is one); default 5. */
  streamItems?: number;
  /** Milliseconds between two items of a stream; default 0. */
  streamIntervalMs?: number;
  /** The methods the HTTP parser accepts: Node's (`http.METHODS`) by default; a test stands in an older parser. */
  acceptedMethods?: readonly string[];
}

export interface Sandbox {
  /** `http://127.0.0.1:<port>`: the token service at `/oauth2/...`, sub APIs at `/{subApi}/{version}/...`. */
  url: string;
  port: number;
  app: FastifyInstance;
  authority: TokenAuthority;
  apis: LoadedApi[];
  operations: OpSpec[];
  /** Methods of the documents that Node's HTTP parser refuses: their operations are not served. */
  refused: RefusedMethod[];
  state: SandboxState;
  /** Test hook: the next `count` sub API requests fail with `status` (500 by default). */
  injectFaults(count: number, status?: number): void;
  close(): Promise<void>;
}

export { refusedLine } from './methods.js';

export const DEFAULT_CREDENTIALS = {
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  redirectUri: 'http://127.0.0.1/callback',
  username: 'demo',
  password: 'demo-password',
} as const;

export function defaultOpenapiDir(): string {
  return join(packageRoot(), 'openapi');
}

/** Starts the sandbox: token service, login page and every sub API of the documents, on one port. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const apis = await loadSubApis(opts.openapiDir ?? defaultOpenapiDir());
  const unsupported = apis.flatMap((a) => unsupportedLines(a.doc, a.entry.file));
  for (const w of unsupported) opts.warn?.(w);
  const refused = strictFailure(opts.strict === true, unsupported.length);
  if (refused) throw refused;
  const coercing = createAjv(apis, true, true);
  const strict = createAjv(apis, false, true);
  const operations = apis.flatMap(analyseApi);
  const sizes = { ...(opts.documentCount !== undefined ? { Document: opts.documentCount } : {}), ...(opts.collectionSizes ?? {}) };
  const state = new SandboxState({ seed: opts.seed ?? 1, pagedSize: opts.pagedCollectionSize ?? 1000, smallSize: opts.smallCollectionSize ?? 50, sizes }, strict);
  state.build(operations);

  // Every answer in the spec's shape, also those given before any route runs; during close, requests in flight are
  // answered as usual rather than with fastify's bare 503.
  const app = Fastify({ logger: false, bodyLimit: MAX_UPLOAD_BYTES, frameworkErrors: frameworkError, clientErrorHandler: clientError, return503OnClosing: false });
  app.setNotFoundHandler((req, reply) =>
    sendError(reply, undefined, undefined, 404, [{ technicalMessage: `no resource at ${req.method} ${req.url.split('?')[0]}`, errorCode: 'NotFound' }]),
  );
  app.setErrorHandler((err, _req, reply) => {
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return sendError(reply, undefined, undefined, status, [{ technicalMessage: (err as Error).message }]);
    return sendError(reply, undefined, undefined, 500, [{ technicalMessage: 'internal server error', errorCode: 'InternalServerError' }]);
  });
  const authority = registerTokenService(app, {
    clients: [
      {
        clientId: opts.clientId ?? DEFAULT_CREDENTIALS.clientId,
        clientSecret: opts.clientSecret ?? DEFAULT_CREDENTIALS.clientSecret,
        redirectUris: opts.redirectUris ?? [DEFAULT_CREDENTIALS.redirectUri],
      },
    ],
    users: [{ username: opts.username ?? DEFAULT_CREDENTIALS.username, password: opts.password ?? DEFAULT_CREDENTIALS.password }],
    ...(opts.accessTokenTtlSeconds !== undefined ? { accessTokenTtlSeconds: opts.accessTokenTtlSeconds } : {}),
    ...(opts.revokeFamilyOnReuse !== undefined ? { revokeFamilyOnReuse: opts.revokeFamilyOnReuse } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  const faults = { count: 0, status: 500 };
  const parserRefuses = refusedMethods(operations, opts.acceptedMethods);
  const served = operations.filter((s) => !parserRefuses.some((r) => r.method === s.op.method));
  addMethods(app, served);
  const streams = { items: opts.streamItems ?? 5, intervalMs: opts.streamIntervalMs ?? 0, open: new Set<ServerResponse>() };
  // A stream still open (a stalled one, a client that never reads) would keep close() waiting.
  app.addHook('preClose', async () => {
    for (const res of streams.open) res.destroy();
  });
  await registerSubApis(app, { specs: served, state, authority, coercing, strict, faults, now: opts.now ?? Date.now, streams });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    app,
    authority,
    apis,
    operations,
    refused: parserRefuses,
    state,
    injectFaults(count: number, status = 500) {
      faults.count = count;
      faults.status = status;
    },
    close: () => app.close(),
  };
}
