// A success response whose body is not the declared one, against a real server: its raw text is read only up to
// RAW_CHARS characters and for a bounded time, so that a body that never ends does not hang the call and a huge one
// is not held; hostile bodies (sizes, multibyte characters split across chunks) give the start of their text.
import fc from 'fast-check';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindOperations } from '../../templates/runtime/factory.js';
import { RAW_CHARS } from '../../templates/runtime/errors.js';
import { UnexpectedBodyError, type ApiPromise, type OperationSpec } from '../../templates/runtime/index.js';
import { startServer, type TestServer } from './server.js';

/** The body /hostile sends next: its bytes in these chunks, then the end (or none: the body never ends). */
let next: { chunks: Buffer[]; end: boolean } = { chunks: [], end: true };
const open = new Set<ServerResponse>();
let server: TestServer;
beforeAll(async () => {
  server = await startServer(async (req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    if (req.url === '/endless') {
      open.add(res);
      return res.write('<html><body>a proxy page that never ends');
    }
    const { chunks, end } = next;
    for (const c of chunks) {
      res.write(c);
      await new Promise((r) => setImmediate(r));
    }
    if (end) res.end();
    else open.add(res);
  });
});
afterAll(async () => {
  for (const res of open) res.destroy();
  await server.close();
});

const spec = (path: string): OperationSpec => ({ method: 'GET', path, params: [], accept: ['application/json'] });
const client = () =>
  bindOperations<Record<'endless' | 'hostile', () => ApiPromise<unknown>>>({ baseUrl: server.url, retry: false }, '', {
    endless: spec('/endless'),
    hostile: spec('/hostile'),
  });
/** What the call rejects with, or a string when it has not settled within 5 s. */
const failure = (p: Promise<unknown>) =>
  Promise.race([p.then(() => undefined, (e: unknown) => e), new Promise((r) => setTimeout(() => r('still waiting after 5 s'), 5000).unref())]);

describe('a success body of another media type', () => {
  it('that never ends gives an UnexpectedBodyError promptly, with the start of its text', async () => {
    const started = Date.now();
    const error = await failure(client().endless());
    expect(error).toBeInstanceOf(UnexpectedBodyError);
    expect(Date.now() - started).toBeLessThan(5000);
    const { rawText, message } = error as UnexpectedBodyError;
    expect(message).toContain('text/html');
    expect(rawText).toBe('<html><body>a proxy page that never ends');
  });

  it('hostile bodies (sizes, multibyte characters split across chunks, endless) give their text up to RAW_CHARS', async () => {
    const api = client();
    const char = fc.constantFrom('a', '<', 'é', '€', '𝄞', '\u0000', '\n');
    await fc.assert(
      fc.asyncProperty(
        fc.array(char, { maxLength: 4000, size: 'max' }),
        fc.array(fc.integer({ min: 1, max: 700 }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        async (chars, cuts, endless) => {
          const text = chars.join('');
          // Endless only past the bound (a short endless body waits out the bound in time: the test above).
          const end = !endless || text.length < RAW_CHARS + 2;
          const bytes = Buffer.from(text);
          // The bytes in chunks of the drawn sizes, cut anywhere (inside a character too).
          const chunks: Buffer[] = [];
          for (let at = 0, i = 0; at < bytes.length; at += cuts[i++ % cuts.length]!) chunks.push(bytes.subarray(at, at + cuts[i % cuts.length]!));
          next = { chunks, end };
          const error = (await failure(api.hostile())) as UnexpectedBodyError;
          expect(error).toBeInstanceOf(UnexpectedBodyError);
          const raw = error.rawText ?? '';
          expect(raw.length).toBeLessThanOrEqual(RAW_CHARS);
          expect(raw).toBe(text.slice(0, RAW_CHARS));
        },
      ),
      { seed: 44, numRuns: 40, interruptAfterTimeLimit: 60_000 },
    );
  }, 90_000);
});
