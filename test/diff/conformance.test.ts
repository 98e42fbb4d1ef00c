// Runs every pair of the shared conformance corpus and compares the breaking verdict.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/index.js';
import { loadDocument } from '../../generator/diff/load.js';
import { corpus, withCorpus } from '../helpers/conformance-corpus.js';

/** Disagreements we keep, each with its reason. */
const KNOWN: Record<string, string> = {};

interface Expected {
  breaking: boolean;
  rules: string[];
  note: string;
}

// Vitest runs a skipped describe's body to collect its tests, so the corpus is read inside the test: a clone without
// ../shared then reports the suite as skipped instead of failing on a missing directory.
describe('conformance corpus (../shared/conformance/breaking)', withCorpus, () => {
  it('agrees on the breaking verdict for at least 95% of the pairs, and only the listed pairs disagree', async () => {
    const cases = readdirSync(corpus, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(corpus, d.name, 'expected.json')))
      .map((d) => d.name)
      .sort();
    const disagreements: string[] = [];
    for (const name of cases) {
      const expected = JSON.parse(readFileSync(join(corpus, name, 'expected.json'), 'utf8')) as Expected;
      const base = await loadDocument(join(corpus, name, 'base.yaml'));
      const head = await loadDocument(join(corpus, name, 'head.yaml'));
      const changes = diffDocuments(base, head, name, { today: '2026-01-01' });
      const breaking = changes.some((c) => c.level === 'breaking');
      if (breaking !== expected.breaking) {
        disagreements.push(name);
        if (process.env.DIFF_DEBUG) console.log(name, expected.breaking, expected.note, JSON.stringify(changes.map((c) => `${c.level} ${c.id} ${c.location} ${c.message}`), null, 1));
      }
    }
    const agreed = cases.length - disagreements.length;
    console.log(`conformance: ${agreed} of ${cases.length} agree`);
    expect(cases.length).toBeGreaterThanOrEqual(99);
    expect(agreed / cases.length).toBeGreaterThanOrEqual(0.95);
    expect(disagreements.sort()).toEqual(Object.keys(KNOWN).sort());
  });
});
