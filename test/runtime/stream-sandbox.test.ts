// Typed streams end to end (issue 47): a client generated from the sandbox's stream fixture reads the streams the
// sandbox serves over real HTTP on 127.0.0.1: SSE items typed and parsed, one by one before the end; JSON Lines; a
// stream stalled with the sandbox's header ends in the client's TimeoutError within idleTimeoutMs + 2 s.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALL_HEADER } from '../../generator/sandbox/handlers/stream.js';
import { outRoot } from '../generator/helpers.js';
import { runDocex } from '../helpers/run-docex.js';
import { openSandbox, type TestSandbox } from '../sandbox/helpers.js';

const fixture = fileURLToPath(new URL('../fixtures/stream-tools/sandbox', import.meta.url));
const out = join(outRoot, 'streams-sandbox', 'client');
type Loaded = any;
let mod: Loaded;
let t: TestSandbox;

beforeAll(async () => {
  const r = await runDocex(['generate', '--input', join(fixture, 'orders/v1/openapi.yaml'), '--output', out, '--quiet']);
  expect(r.code, r.stderr).toBe(0);
  mod = await import(join(out, 'index.ts'));
  t = await openSandbox({ openapiDir: fixture, streamItems: 6, streamIntervalMs: 40 });
}, 120_000);
afterAll(() => t?.close());

const client = () => mod.createOrdersClient({ baseUrl: `${t.sb.url}/orders/v1/`, headers: { authorization: `Bearer ${t.token}` } });

describe('a generated client against the sandbox', () => {
  it('reads SSE items typed and parsed, each as it arrives, the terminal event last', async () => {
    const start = Date.now();
    const got: { event: string; at: number; status?: string }[] = [];
    for await (const e of await client().streamOrderEvents()) got.push({ event: e.event, at: Date.now() - start, ...(e.event !== 'done' ? { status: e.data.status } : {}) });
    expect(got.map((e) => e.event)).toEqual(['created', 'shipped', 'created', 'shipped', 'created', 'done']);
    for (const e of got.slice(0, 5)) expect(['Placed', 'Shipped', 'Delivered']).toContain(e.status);
    // Items 40 ms apart: the first arrived well before the last.
    expect(got[5]!.at - got[0]!.at).toBeGreaterThanOrEqual(150);
  });

  it('reads JSON Lines, one parsed item a line', async () => {
    const got: { id: string; status: string }[] = [];
    for await (const o of await client().streamOrderFeed()) got.push(o);
    expect(got).toHaveLength(6);
    for (const o of got) expect(['Placed', 'Shipped', 'Delivered']).toContain(o.status);
  });

  it('a stream the sandbox stalls ends in TimeoutError within idleTimeoutMs + 2 s', async () => {
    const got: string[] = [];
    const start = Date.now();
    const run = async () => {
      for await (const e of await client().streamOrderEvents({}, { idleTimeoutMs: 300, headers: { [STALL_HEADER]: '2' } })) got.push(e.event);
    };
    await expect(run()).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(got).toEqual(['created', 'shipped']);
    expect(Date.now() - start).toBeLessThan(300 + 2000 + 2 * 40);
  });
});
