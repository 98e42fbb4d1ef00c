// The client against a server that misbehaves on purpose (one fault per path, see faults() in server.ts): each call
// ends in a typed error or a correct result, retries only idempotent methods within the budget, never shows a token,
// and a process that met every fault exits by itself.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESHED, runCases, SECRET, type Outcome } from './fault-cases.js';
import { faults, startServer, type TestServer } from './server.js';

let server: TestServer;
let other: TestServer;
beforeAll(async () => {
  other = await startServer(faults(() => other.url));
  server = await startServer(faults(() => other.url));
});
afterAll(async () => {
  await server.close();
  await other.close();
});

/** What each fault must end in: an error class (with status) or the value returned. */
const expected: Record<string, Partial<Outcome>> = {
  'reset before headers, GET': { outcome: 'NetworkError' },
  'reset before headers, POST': { outcome: 'NetworkError' },
  'reset mid-body': { outcome: 'NetworkError' },
  'slow body past timeoutMs': { outcome: 'TimeoutError' },
  '503 Retry-After seconds, GET': { outcome: 'ok', value: { ok: true, attempt: 2 } },
  '503 Retry-After seconds, POST': { outcome: 'ApiError', status: 503 },
  '503 Retry-After HTTP date, GET': { outcome: 'ok', value: { ok: true, attempt: 2 } },
  '503 Retry-After beyond maxDelayMs': { outcome: 'ApiError', status: 503 },
  '429, GET': { outcome: 'ok', value: { ok: true, attempt: 2 } },
  '429, POST': { outcome: 'ApiError', status: 429 },
  '304 not in the cache': { outcome: 'ApiError', status: 304 },
  'malformed JSON': { outcome: 'UnexpectedBodyError', status: 200 },
  'wrong content type': { outcome: 'UnexpectedBodyError', status: 200 },
  'empty body where one is declared': { outcome: 'UnexpectedBodyError', status: 200 },
  '10 MB body': { outcome: 'ok', value: 10 * 1024 },
  '401 after a refresh': { outcome: 'UnauthorizedError', status: 401 },
  // The request carries a token: not followed to another origin (test/runtime/redirect.test.ts).
  'redirect to another origin': { outcome: 'RedirectError', status: 302 },
};
const attempts: Record<string, number> = {
  '/reset-headers GET': 3,
  '/reset-headers POST': 1,
  '/503-seconds POST': 1,
  '/503-always GET': 1, // Retry-After: 3600 is past maxDelayMs: no point waiting, no retry
  '/429 POST': 1,
  '/401 GET': 2, // once more after the refresh, not again
};

const count = (s: TestServer, path: string, method: string, key: string) =>
  s.requests.filter((r) => r.method === method && r.url.startsWith(path + '?') && r.url.includes(encodeURIComponent(key))).length;

function check(outcomes: Outcome[], key: string) {
  // One comparison for all cases, so that a failure shows every case that differs.
  expect(Object.fromEntries(outcomes.map(({ name, text: _, ...rest }) => [name, rest]))).toMatchObject(expected);
  for (const o of outcomes) {
    expect(o.text ?? '', o.name).not.toContain(SECRET);
    expect(o.text ?? '', o.name).not.toContain(REFRESHED);
  }
  const counted = Object.fromEntries(Object.keys(attempts).map((what) => [what, count(server, ...(what.split(' ') as [string, string]), key)]));
  expect(counted).toEqual(attempts);
}

describe('faults', () => {
  it('each ends in a typed error or a correct result, retried only where idempotent and within the budget', async () => {
    const outcomes = await runCases(server.url, 'in-process');
    check(outcomes, 'in-process');
    // The redirect to the other origin was not followed: nothing reached it.
    expect(other.requests).toEqual([]);
  });

  it('a process that met every fault reports no unhandled rejection and exits by itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docex-faults-'));
    try {
      const script = join(dir, 'child.mjs');
      await build({
        stdin: {
          contents: `import { runCases } from './fault-cases.ts';
            const unhandled = [];
            process.on('unhandledRejection', (e) => unhandled.push(String(e)));
            const outcomes = await runCases(process.argv[2], 'child');
            // Let rejections of promises nobody awaits surface before reporting.
            await new Promise((r) => setImmediate(r));
            process.stdout.write(JSON.stringify({ outcomes, unhandled }));`,
          resolveDir: new URL('.', import.meta.url).pathname,
          loader: 'ts',
        },
        bundle: true,
        format: 'esm',
        platform: 'node',
        outfile: script,
        logLevel: 'silent',
      });
      const child = spawn(process.execPath, [script, server.url], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      // Bounded: a socket or timer left open (a stalled body, a backoff) keeps it alive past the bound, and fails.
      const code = await new Promise<number | string>((resolve) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), resolve('still running after 30 s')), 30_000);
        child.on('exit', (c) => (clearTimeout(timer), resolve(c ?? 'killed')));
      });
      expect(code).toBe(0);
      const { outcomes, unhandled } = JSON.parse(out) as { outcomes: Outcome[]; unhandled: string[] };
      expect(unhandled).toEqual([]);
      check(outcomes, 'child');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
