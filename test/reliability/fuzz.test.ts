// The sandbox fuzzed from its own documents (see fuzz-kit.ts): seeded and bounded. A failure prints the seed that
// replays it: FUZZ_SEED=<seed> [FUZZ_RUNS=<runs>] npx vitest run test/reliability/fuzz.test.ts (FUZZ_STATS=1 prints
// the answers by operation and status).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../generator/sandbox/index.js';
import { realDir } from '../sandbox/helpers.js';
import { FUZZ_SANDBOX, passwordToken } from './fuzz-bench-entry.js';
import { fuzz, Fuzzer } from './fuzz-kit.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 260); // sequences of 1-12 requests: about 2,000 requests

let sb: Sandbox;
let fuzzer: Fuzzer;
beforeAll(async () => {
  sb = await startSandbox(FUZZ_SANDBOX(realDir));
  fuzzer = new Fuzzer(sb, await passwordToken(sb.url));
  await fuzzer.warmUp();
});
afterAll(() => sb?.close());

describe('fuzzing the sandbox', () => {
  it(`answers every generated request as its document says (seed ${SEED})`, async () => {
    const details = await fuzz(fuzzer, SEED, RUNS);
    if (details.failed) throw new Error(`${String(details.errorInstance)}\n\nreplay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}\n${fc.defaultReportMessage(details)}`);
    if (process.env.FUZZ_STATS) console.log([...fuzzer.statuses].sort().map(([k, n]) => `${n}\t${k}`).join('\n'));
    expect(fuzzer.requests).toBeGreaterThan(1000);
  });
});
