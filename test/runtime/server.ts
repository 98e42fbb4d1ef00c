/** A small node:http server on 127.0.0.1 (port 0) for runtime tests: records requests, answers with a handler. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Handler = (req: Recorded, res: ServerResponse, raw: IncomingMessage) => unknown;

export interface TestServer {
  /** 'http://127.0.0.1:<port>/' */
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Recorded[] = [];
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = [];
    raw.on('data', (c: Buffer) => chunks.push(c));
    raw.on('end', () => {
      const rec: Recorded = { method: raw.method ?? '', url: raw.url ?? '', headers: raw.headers, body: Buffer.concat(chunks) };
      requests.push(rec);
      Promise.resolve(handler(rec, res, raw)).catch((err: unknown) => {
        res.statusCode = 599;
        res.end(String(err));
      });
    });
  });
  // Only the client closes idle connections: a server-side keep-alive timeout that fires while the loop is blocked (a synchronous
  // tsc run, a loaded machine) races the client's next request on that socket: ECONNRESET.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends a JSON body with a status and extra headers. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Echoes the request as JSON: method, url, headers and body text. */
export const echo: Handler = (req, res) =>
  json(res, 200, { method: req.method, url: req.url, headers: req.headers, body: req.body.toString('utf8') });

export interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | undefined>;
  body: string;
}

/** 10 MB of JSON: `{"items":["xxxx…", …]}`. */
// 10 MB, built on first use: most suites importing this server never ask for it.
let bigJsonText: string | undefined;
const bigJson = (): string => (bigJsonText ??= JSON.stringify({ items: Array.from({ length: 10 * 1024 }, (_, i) => `${i}`.padEnd(1020, 'x')) }));

/**
 * One fault per path, for the fault tests and the child process that must exit by itself after meeting them all.
 * Stateful faults (503, 429) count requests per URL, so a test gives each call a query of its own (`?k=...`).
 * `/redirect` sends the client to `other`, a server of another origin.
 */
export function faults(other: () => string): Handler {
  const seen = new Map<string, number>();
  return (req, res, raw) => {
    const n = (seen.get(req.url) ?? 0) + 1;
    seen.set(req.url, n);
    const path = req.url.split('?')[0]!;
    const again = (status: number, retryAfter: string) =>
      n === 1 ? json(res, status, { technicalMessage: `status ${status}` }, { 'retry-after': retryAfter }) : json(res, 200, { ok: true, attempt: n });
    switch (path) {
      case '/reset-headers':
        return raw.socket.destroy();
      case '/reset-body':
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
        res.write('{"items":[1,2,');
        return setTimeout(() => raw.socket.destroy(), 10);
      case '/slow-body':
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.write('{"a":'); // and never ends
      case '/503-seconds':
        return again(503, '0');
      case '/503-date': // a date already past: retry at once
        return again(503, new Date(Date.now() - 5000).toUTCString());
      case '/503-always':
        return json(res, 503, { technicalMessage: 'down for maintenance' }, { 'retry-after': '3600' });
      case '/429':
        return again(429, '0');
      case '/304':
        return res.writeHead(304, { etag: '"gone"' }).end();
      case '/bad-json':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"items": [');
      case '/wrong-type':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
      case '/empty':
        return res.writeHead(200, { 'content-type': 'application/json', 'content-length': 0 }).end();
      case '/big':
        return res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bigJson()) }).end(bigJson());
      case '/redirect':
        return res.writeHead(302, { location: `${other()}echo` }).end();
      case '/401':
        return json(res, 401, { technicalMessage: 'token expired' });
      default:
        return echo(req, res, raw);
    }
  };
}
