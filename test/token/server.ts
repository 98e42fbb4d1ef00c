// A real token service (the sandbox's) on 127.0.0.1, port 0, with a controllable clock.
import Fastify from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { registerTokenService, type TokenAuthority, type TokenServiceOptions } from '../../generator/sandbox/token/service.js';
import { SecretWatch } from './secrets.js';

export const CLIENT = { clientId: 'test-client', clientSecret: 'S3cr3t-client-Zq9' };
export const OTHER_CLIENT = { clientId: 'other-client', clientSecret: 'other-secret-Vb7' };
/** A client whose secret needs RFC 6749 form-url-encoding to differ from the raw form. */
export const ODD_CLIENT = { clientId: 'odd client', clientSecret: 'p@ss:w0rd+/%Xy' };
export const USER = { username: 'demo', password: 'demo-Pa55word-K2' };
export const REDIRECT = 'https://app.example.com/callback';

export interface TestServer {
  url: string;
  authority: TokenAuthority;
  clock: { now: number; advance(seconds: number): void };
  close(): Promise<void>;
}

export async function startTokenServer(opts: Partial<TokenServiceOptions> = {}): Promise<TestServer> {
  const app = Fastify({ logger: false });
  const clock = { now: Date.UTC(2026, 0, 1), advance(s: number) { clock.now += s * 1000; } };
  const authority = registerTokenService(app, {
    clients: [
      { ...CLIENT, redirectUris: [REDIRECT, 'http://127.0.0.1/callback', 'http://127.0.0.1:8123/cb'] },
      { ...OTHER_CLIENT, redirectUris: ['https://other.example.com/cb'] },
      { ...ODD_CLIENT, redirectUris: [REDIRECT] },
    ],
    users: [USER],
    now: () => clock.now,
    ...opts,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, authority, clock, close: () => app.close() };
}

export interface TokenSuite<S> {
  /** The server of the file, set in beforeAll (reading it earlier throws). */
  readonly server: S;
  /** Watches the file's secrets; its output capture runs from beforeAll on. */
  readonly watch: SecretWatch;
}

export interface TokenSuiteOptions<S> {
  /** Secrets to watch besides the test client's secret and the test user's password. */
  secrets?: (string | undefined)[];
  /** Options of the token server started by default. */
  options?: Partial<TokenServiceOptions>;
  /** Another server to start instead (the sandbox), or false for none. */
  start?: (() => Promise<S>) | false;
}

/**
 * The common frame of a token test file: a SecretWatch capturing console and warnings, a real token service on
 * 127.0.0.1 (or `start`'s server) from beforeAll, and in afterAll the server closed and no secret in any text the
 * file produced.
 */
export function useTokenServer(opts?: TokenSuiteOptions<TestServer> & { start?: undefined }): TokenSuite<TestServer>;
export function useTokenServer<S extends { close(): Promise<void> }>(opts: TokenSuiteOptions<S> & { start: () => Promise<S> }): TokenSuite<S>;
export function useTokenServer(opts: TokenSuiteOptions<never> & { start: false }): TokenSuite<undefined>;
export function useTokenServer<S extends { close(): Promise<void> }>(opts: TokenSuiteOptions<S> = {}): TokenSuite<S | TestServer | undefined> {
  const watch = new SecretWatch(CLIENT.clientSecret, USER.password);
  watch.add(...(opts.secrets ?? []));
  let server: S | TestServer | undefined;
  let started = false;
  beforeAll(async () => {
    watch.captureOutput();
    if (opts.start !== false) server = await (opts.start ? opts.start() : startTokenServer(opts.options));
    started = true;
  });
  afterAll(async () => {
    await server?.close();
    expect(watch.leaks()).toEqual([]);
  });
  return {
    get server() {
      if (!started) throw new Error('useTokenServer: the server is started in beforeAll; use it inside hooks and tests');
      return server;
    },
    watch,
  };
}

/** The real token service as a client sees it: https, not this machine (a loopback authUrl is a sandbox). */
export const REMOTE_AUTH_URL = 'https://auth.example.com';
/** A fetch that sends what the client asks of REMOTE_AUTH_URL to the test's token service at `url`. */
export function viaRemote(url: string, fetchFn: typeof fetch): typeof fetch {
  return (input, init) => fetchFn(String(input).replace(REMOTE_AUTH_URL, url), init);
}

export function basic(id: string, secret: string): string {
  return 'Basic ' + Buffer.from(`${id}:${secret}`).toString('base64');
}

export async function postForm(url: string, params: Record<string, string>, authorization?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body: new URLSearchParams(params),
    redirect: 'manual',
  });
}
