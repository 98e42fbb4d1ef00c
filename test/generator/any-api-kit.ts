// The harness of the any-API tests: each fixture of fixtures/any-api/ generated into a client of its own, all of them
// merged into one document for one Prism process, and a recorder on 127.0.0.1 that keeps the exact bytes of every
// request a client sends and passes it on to Prism (which validates it against the document).
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { parse } from 'yaml';
import { requestViolations, type Violation } from '../../bench/lib/prism.mjs';
import { fixtures } from './helpers.js';

export const anyApiFixtures = join(fixtures, 'any-api');

type Json = Record<string, unknown>;

/** The fixture document of `name` (its YAML parsed). */
export const fixtureDocument = (name: string): Json => parse(readFileSync(join(anyApiFixtures, `${name}.yaml`), 'utf8')) as Json;

/**
 * One document serving every fixture: their paths (each fixture's own prefix, so none collide), components and
 * top-level servers together; a fixture's top-level `security` moves into its operations that declare none, which is
 * what it means for them.
 */
export function mergeForPrism(names: readonly string[], file: string): void {
  const merged = { openapi: '3.0.3', info: { title: 'any-api fixtures', version: '1' }, servers: [] as unknown[], paths: {} as Json, components: {} as Record<string, Json> };
  for (const name of names) {
    const doc = fixtureDocument(name);
    merged.servers.push(...((doc.servers as unknown[] | undefined) ?? []));
    for (const [kind, map] of Object.entries((doc.components as Record<string, Json> | undefined) ?? {})) {
      for (const [key, value] of Object.entries(map)) {
        if (merged.components[kind]?.[key] !== undefined) throw new Error(`${name}: components/${kind}/${key} is declared by another fixture`);
        (merged.components[kind] ??= {})[key] = value;
      }
    }
    for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
      if (merged.paths[path] !== undefined) throw new Error(`${name}: ${path} is declared by another fixture`);
      for (const op of Object.values(item)) if (op && typeof op === 'object' && !Array.isArray(op) && doc.security && !('security' in op) && 'responses' in op) (op as Json).security = doc.security;
      merged.paths[path] = item;
    }
  }
  writeFileSync(file, JSON.stringify(merged, null, 2));
}

export interface Recorded {
  /** The absolute URL the client asked fetch for. */
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Prism's answer (undefined when it was not asked) and the request violations it reported. */
  prism?: { status: number; violations: Violation[] };
}

export interface Recorder {
  url: string;
  requests: Recorded[];
  close(): Promise<void>;
}

const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

/**
 * A server on 127.0.0.1 that records each request and, with `prism`, sends it on to Prism with `__server=<the server
 * the client chose>` (Prism then checks that server against the document's), answering with Prism's response. A
 * request marked `x-docex-answer: <status>` is answered with that status and no body instead (for what Prism cannot
 * read: it stops on a comma in an object path parameter).
 */
export async function startRecorder(prism: string | undefined): Promise<Recorder> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const rec: Recorded = { url: String(req.headers['x-docex-url']), method: req.method!, headers: req.headers, body };
      requests.push(rec);
      try {
        const answer = req.headers['x-docex-answer'];
        if (answer || !prism) return res.writeHead(Number(answer ?? 501)).end();
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (!HOP.has(k) && !k.startsWith('x-docex-') && v !== undefined) headers.set(k, [v].flat().join(', '));
        const target = `${prism}${req.url!}${req.url!.includes('?') ? '&' : '?'}__server=${encodeURIComponent(String(req.headers['x-docex-server']))}`;
        const answered = await fetch(target, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body });
        rec.prism = { status: answered.status, violations: await requestViolations(answered) };
        const out = Buffer.from(await answered.arrayBuffer());
        const type = answered.headers.get('content-type');
        res.writeHead(answered.status, type && out.length ? { 'content-type': type } : {}).end(out);
      } catch (err) {
        res.writeHead(599).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The `fetch` a test client is given: the request goes to the recorder, its path under the server it names (the
 * longest of `servers` its URL starts with) kept, the URL and that server in headers of the recorder's own.
 * `answer`: the status the recorder answers with itself, without asking Prism.
 */
export function tee(recorder: Recorder, servers: readonly string[], answer?: number): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    const server = servers.filter((s) => req.url.startsWith(s)).sort((a, b) => b.length - a.length)[0];
    if (server === undefined) throw new TypeError(`no fixture server for ${req.url}`);
    const headers = new Headers(req.headers);
    headers.set('x-docex-url', req.url);
    headers.set('x-docex-server', server);
    if (answer) headers.set('x-docex-answer', String(answer));
    const body = req.body ? await req.arrayBuffer() : undefined;
    return fetch(`${recorder.url}${req.url.slice(server.length).replace(/^\//, '')}`, { method: req.method, headers, body, signal: req.signal });
  };
}

/** The parts of a multipart/form-data body (RFC 7578), read with nothing but string splitting. */
export function multipartParts(contentType: string | undefined, body: Buffer): { name?: string; filename?: string; type?: string; data: string }[] {
  const boundary = /boundary=([^;]+)/.exec(contentType ?? '')?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const text = body.toString('latin1');
  const sections = text.split(`--${boundary}`);
  if (sections.at(-1) !== '--\r\n') throw new Error('the body does not end with the closing boundary');
  return sections.slice(1, -1).map((s) => {
    const [head, ...rest] = s.replace(/^\r\n/, '').split('\r\n\r\n');
    const data = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const lines = head!.split('\r\n');
    const disposition = lines.find((l) => /^content-disposition:/i.test(l)) ?? '';
    return {
      name: /; name="([^"]*)"/.exec(disposition)?.[1],
      filename: /; filename="([^"]*)"/.exec(disposition)?.[1],
      type: lines.find((l) => /^content-type:/i.test(l))?.replace(/^content-type:\s*/i, ''),
      data,
    };
  });
}
