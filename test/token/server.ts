// A real token service (the sandbox's) on 127.0.0.1, port 0, with a controllable clock.
import Fastify from 'fastify';
import { registerTokenService, type TokenAuthority, type TokenServiceOptions } from '../../generator/sandbox/token-service.js';

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
      { ...CLIENT, redirectUris: [REDIRECT, 'http://127.0.0.1/callback'] },
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
