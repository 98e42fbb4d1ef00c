// Problem positions (generator/lint/positions.ts) are Redocly's getLineColLocation's, found with each mapping's keys
// indexed: the same line and column for every problem of every rule fixture, YAML and JSON, on keys and on values.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, getLineColLocation, lint } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import docexPlugin from '../../generator/lint/plugin.js';
import { positionOf } from '../../generator/lint/positions.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const files = readdirSync(fixtures, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ya?ml|json)$/.test(f) && !f.includes('shared'));

describe('lint problem positions', () => {
  it("are Redocly's own, for every problem of every fixture", async () => {
    const config = await createConfig({ extends: ['recommended'], plugins: [docexPlugin()], rules: Object.fromEntries(Object.keys(docexPlugin().rules.oas3).map((id) => [`docex/${id}`, 'error'])) });
    let compared = 0;
    let onKey = 0;
    for (const file of files) {
      const problems = await lint({ ref: join(fixtures, file), config });
      for (const p of problems) {
        const loc = p.location[0];
        if (!loc) continue;
        // positionOf first: its first lookup in a file is the one that asks Redocly, so later ones use the index.
        const mine = positionOf(loc);
        const theirs = getLineColLocation(loc);
        expect([mine.source.absoluteRef, mine.line, mine.col], `${file} ${loc.pointer}`).toEqual([theirs.source.absoluteRef, theirs.start.line, theirs.start.col]);
        compared++;
        if (loc.reportOnKey) onKey++;
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(onKey).toBeGreaterThan(0);
  });
});
