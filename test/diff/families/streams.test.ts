// Issue 47: diff over stream operations, from the model's stream reading of each side. Each pair of
// test/fixtures/stream-tools/diff (laid out as the shared conformance corpus: base.yaml, head.yaml, expected.json
// whose `rules` are docex's ids) gives exactly its verdict and its changes.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../../generator/diff/index.js';
import { loadDocument } from '../../../generator/diff/load.js';

const dir = fileURLToPath(new URL('../../fixtures/stream-tools/diff', import.meta.url));

interface Expected {
  breaking: boolean;
  /** `level id location` of every change, in the engine's order. */
  changes: string[];
  note: string;
}

async function changesOf(name: string) {
  const base = await loadDocument(join(dir, name, 'base.yaml'));
  const head = await loadDocument(join(dir, name, 'head.yaml'));
  return diffDocuments(base, head, 'orders/v1', { today: '2026-01-01' });
}

describe('stream operations (a new event type breaks a client as a new response enum value does)', () => {
  for (const name of readdirSync(dir).sort()) {
    const expected = JSON.parse(readFileSync(join(dir, name, 'expected.json'), 'utf8')) as Expected;
    it(`${name}: ${expected.note}`, async () => {
      const changes = await changesOf(name);
      if (process.env.DIFF_DEBUG) console.log(name, changes);
      expect(changes.map((c) => `${c.level} ${c.id} ${c.location}`)).toEqual(expected.changes);
      expect(changes.some((c) => c.level === 'breaking')).toBe(expected.breaking);
    });
  }

  it('names the events and the operation in its messages', async () => {
    const [added] = await changesOf('001-event-added');
    expect(added!.operation).toBe('GET /order-events');
    expect(added!.message).toBe('the stream can now send event `shipped`: a switch over its events misses it');
    const terminal = (await changesOf('003-terminal-event-changed')).find((c) => c.id === 'stream-terminal-event-changed');
    // The item schema is compared as a response body: an Order of the JSON Lines stream gains a status.
    const [status] = await changesOf('004-item-enum-value-added');
    expect(status!.operations).toContain('GET /order-feed');
    expect(terminal!.message).toBe("the stream's terminal event changed from `done` to `closed`");
  });
});
