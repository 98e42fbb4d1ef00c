import { fileURLToPath } from 'node:url';
import { DEFAULT_CREDENTIALS, startSandbox, type Sandbox, type SandboxOptions } from '../../generator/sandbox/index.js';
import { createResponseValidator } from '../../generator/sandbox/validate-response.js';
import { isJsonMedia } from '../../generator/sandbox/schema-tools.js';
import { basicAuth, passwordGrant as grant, type TokenResponse } from '../helpers/password-grant.js';

export const fixtureDir = fileURLToPath(new URL('./fixtures/openapi', import.meta.url));
export const realDir = fileURLToPath(new URL('../../openapi', import.meta.url));
export const basic = (id: string = DEFAULT_CREDENTIALS.clientId, secret: string = DEFAULT_CREDENTIALS.clientSecret): string => basicAuth(id, secret);

export interface Result {
  status: number;
  headers: Headers;
  bytes: Buffer;
  text: string;
  json: unknown;
}

export interface CallOptions {
  headers?: Record<string, string>;
  body?: unknown;
  /** false: no Authorization header; a string: that token. */
  token?: string | false;
}

export interface TestSandbox {
  sb: Sandbox;
  token: string;
  /** Every response is checked against the document (status, headers, media type, schema); a mismatch fails the test. */
  call(method: string, path: string, opts?: CallOptions): Promise<Result>;
  passwordGrant(): Promise<TokenResponse>;
  close(): Promise<void>;
}

export async function openSandbox(opts: SandboxOptions = {}): Promise<TestSandbox> {
  const sb = await startSandbox({ openapiDir: fixtureDir, ...opts });
  const validate = createResponseValidator(sb.apis, sb.operations);
  const passwordGrant = () => grant(sb.url, DEFAULT_CREDENTIALS);
  const token = (await passwordGrant()).access_token;
  const call = async (method: string, path: string, o: CallOptions = {}): Promise<Result> => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token !== false) headers.authorization ??= `Bearer ${o.token ?? token}`;
    let body: BodyInit | undefined;
    if (Buffer.isBuffer(o.body) || typeof o.body === 'string') body = o.body as BodyInit;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const r = await fetch(sb.url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const bytes = Buffer.from(await r.arrayBuffer());
    const problems = validate({ method, path, status: r.status, headers: r.headers, body: bytes });
    if (problems.length) throw new Error(`${method} ${path} -> ${r.status} does not match the document:\n  ${problems.join('\n  ')}`);
    const text = bytes.toString('utf8');
    let json: unknown;
    // A JSON body (not JSON Lines, a stream of them).
    if (isJsonMedia((r.headers.get('content-type') ?? '').split(';')[0]!.trim()) && text) json = JSON.parse(text);
    return { status: r.status, headers: r.headers, bytes, text, json };
  };
  return { sb, token, call, passwordGrant, close: () => sb.close() };
}

export interface Page<T> {
  meta: { offset: number; limit: number; total: number };
  items: T[];
}
export type Doc = { id: string; documentType: string; createdAt: string; sender: { id: string; name?: string }; [k: string]: unknown };
export type Message = { technicalMessage: string; errorCode?: string };

export function messages(json: unknown): Message[] {
  return (Array.isArray(json) ? json : [json]) as Message[];
}

/**
 * A sandbox of the real documents (openapi/) and a maker of valid createDocument / updateDocument bodies: each has a
 * new documentIdentifier (`<prefix>-<n>`) and names companies that exist as sender and receiver.
 */
export async function openRealDocuments(prefix: string): Promise<{ t: TestSandbox; input: (extra?: Record<string, unknown>) => Record<string, unknown>; sender: string }> {
  const t = await openSandbox({ openapiDir: realDir });
  const first = ((await t.call('GET', '/document/v1/documents?limit=1')).json as Page<Doc>).items[0]!;
  const sender = first.sender.id;
  const receiver = (first.receiver as { id: string } | undefined)?.id ?? sender;
  let n = 0;
  const input = (extra: Record<string, unknown> = {}) => ({ documentType: 'Invoice', documentIdentifier: `${prefix}-${++n}`, sender: { id: sender }, receiver: { id: receiver }, ...extra });
  return { t, input, sender };
}
