// Spec 8: every response carries caching headers, also the errors that fastify and Node's HTTP parser answer before any
// handler runs; where they have a body, it is the spec's error body (7.1).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, openSandbox, type TestSandbox } from './helpers.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await openSandbox();
});
afterAll(() => t?.close());

/** Sends raw bytes on a fresh connection and reads the answer until the server closes it (bounded by 10 s). */
function raw(bytes: string): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.sb.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no answer in 10 s')), 10_000);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as const));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.end(bytes);
  });
}

function expectErrorBody(body: string, errorCode: string): void {
  const m = messages(JSON.parse(body));
  expect(m).toHaveLength(1);
  expect(m[0]!.errorCode).toBe(errorCode);
  expect(m[0]!.technicalMessage).toEqual(expect.any(String));
}

describe('Cache-Control on the answers no handler gives', () => {
  it("fastify's 400 for a path that is not valid percent-encoding (/documents/%ZZ)", async () => {
    const r = await t.call('GET', '/document/v1/documents/%ZZ');
    expect(r.status).toBe(400);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expectErrorBody(r.text, 'BadRequest');
  });

  it("Node's 431 for oversized headers", async () => {
    const r = await raw(`GET /document/v1/documents HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expectErrorBody(r.body, 'HeadersTooLarge');
  });

  it("Node's 400 for a malformed request line", async () => {
    const r = await raw('GET /document/v1/documents HTTP/9.x\r\n\r\n');
    expect(r.status).toBe(400);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expectErrorBody(r.body, 'BadRequest');
  });
});
