// The fuzzer's own judgement (fuzz-kit.ts): what it counts as a failure of the sandbox must be one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deref, type ResponseObject } from '../../generator/load/index.js';
import { realDir } from '../sandbox/helpers.js';
import { hostileBody, storedAsSent, type Hostile } from './fuzz-hostile.js';
import { openFuzzer } from './fuzz-kit.js';
import { schemaArb } from './fuzz-schema.js';

describe('a server-owned property "stored as sent"', () => {
  it('counts a value the server held or picked itself only where it tells it from the sent one', () => {
    // A replace: the value before the write decides.
    expect(storedAsSent({ isFetched: false }, { isFetched: false }, { isFetched: false })).toEqual([]);
    expect(storedAsSent({ isFetched: false }, { isFetched: false }, { isFetched: true })).toEqual(['isFetched']);
    expect(storedAsSent({ status: 'fuzz-yesterday' }, { status: 'fuzz-yesterday' }, { status: 'Sent' })).toEqual(['status']);
    expect(storedAsSent({ updatedAt: 12345.5 }, { updatedAt: '2026-11-28T10:00:00.000Z' }, { updatedAt: 12345.5 })).toEqual([]);
    // A create: no value before; a boolean is the server's pick one time in two, anything else sent is counted.
    expect(storedAsSent({ isFetched: false }, { isFetched: false }, undefined)).toEqual([]);
    expect(storedAsSent({ fileId: { fuzz: [1] }, id: [true] }, { fileId: { fuzz: [1] }, id: 'a1' }, undefined)).toEqual(['fileId']);
  });

  // The bench's FUZZ_SEED=20261125 FUZZ_RUNS=1801 (issue 41): a PUT sent the server-owned isFetched as false to a
  // document that held false, which the sandbox kept (it ignores the sent value), and the fuzzer failed the sandbox.
  it('over HTTP: a PUT sending isFetched to documents, some of which already hold that value, is no failure', async () => {
    const { fuzzer, close } = await openFuzzer(realDir);
    try {
      const op = fuzzer.ops.findIndex((o) => o.method === 'PUT' && o.prefix === '/document/v1' && o.path === '/documents/{documentId}');
      const o = fuzzer.ops[op]!;
      const representation = deref<ResponseObject>(o.doc, o.op.responses?.['200'])?.content?.['application/json']?.schema;
      const bodies = fc.sample(schemaArb(o.doc, o.bodies[0]![1]), { seed: 41, numRuns: 12 });
      // The hostile draft whose garbage for isFetched is `false`.
      const hostile = [0, 1, 2, 3, 4]
        .map((n): Hostile => ({ kind: 'server-owned', n, json: null }))
        .find((h) => hostileBody(o.doc, o.bodies[0]![1], representation, bodies[0], h).unstored.isFetched === false)!;
      // The fuzzer's own ids of the collection, in its order: the first page of the list, as its warm-up read it.
      const list = await fetch(`${fuzzer.sb.url}/document/v1/documents`, { headers: { authorization: `Bearer ${fuzzer.token}` } });
      const held = ((await list.json()) as { items: { isFetched?: boolean }[] }).items.map((d) => d.isFetched);
      for (const [n, body] of bodies.entries()) {
        await fuzzer.run({ op, ids: [{ from: 'own', n, random: 'x' }], query: {}, body, conditional: false, mutation: null, hostile });
      }
      // Both kinds were met: documents that held false (the case the fuzzer failed) and documents that held true.
      expect(held.slice(0, bodies.length)).toContain(false);
      expect(held.slice(0, bodies.length)).toContain(true);
    } finally {
      await close();
    }
  });
});
