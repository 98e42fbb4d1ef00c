// The sandbox fuzzed from its own documents (see fuzz-kit.ts): seeded and bounded. A failure prints the seed that
// replays it: FUZZ_SEED=<seed> [FUZZ_RUNS=<runs>] npx vitest run test/reliability/fuzz.test.ts (FUZZ_STATS=1 prints
// the answers by operation and status).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realDir } from '../sandbox/helpers.js';
import { fuzz, openFuzzer, type Fuzzer } from './fuzz-kit.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 260); // sequences of 1-12 requests: about 2,000 requests
/** A replay of a seed the bench reports (with its FUZZ_RUNS) needs longer than vitest's default timeout. */
const TIMEOUT_MS = Math.max(60_000, RUNS * 300);

let fuzzer: Fuzzer;
let close: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ fuzzer, close } = await openFuzzer(realDir));
});
afterAll(() => close?.());

describe('fuzzing the sandbox', () => {
  it(`answers every generated request as its document says (seed ${SEED})`, async () => {
    const details = await fuzz(fuzzer, SEED, RUNS);
    if (details.failed) throw new Error(`${String(details.errorInstance)}\n\nreplay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}\n${fc.defaultReportMessage(details)}`);
    if (process.env.FUZZ_STATS) console.log([...fuzzer.statuses].sort().map(([k, n]) => `${n}\t${k}`).join('\n') + `\nlargest stored resource: ${fuzzer.largestStored} bytes`);
    expect(fuzzer.requests).toBeGreaterThan(1000);
    // Bodies no schema describes (issue 29), on every operation that takes a JSON body, a share of them each.
    const jsonWrites = fuzzer.ops.filter((o) => o.bodies.some(([m]) => /json/.test(m))).map((o) => `${o.method} ${o.prefix}${o.path}`);
    expect([...fuzzer.hostileSent.keys()].sort()).toEqual(jsonWrites.sort());
    expect(Math.min(...fuzzer.hostileSent.values())).toBeGreaterThan(10);
  }, TIMEOUT_MS);
});
