// Diffing GitHub's REST API description (13 MB) against a copy with ten scattered changes finds all ten.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/index.js';
import type { OpenApiDocument } from '../../generator/load/types.js';
import { applyTenChanges, countFound } from '../../bench/lib/github-ten-changes.mjs';
import { repoRoot } from '../helpers/run-docex.js';

describe("GitHub's REST API description", () => {
  it('finds all ten changes, and every breaking change reported is one of them', () => {
    const file = join(repoRoot, 'node_modules/@octokit/openapi/generated/api.github.com.json');
    const base = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    const head = structuredClone(base);
    const expected = applyTenChanges(head);

    // How long this takes is `npm run bench -- --only diff`'s figure, not this test's.
    const changes = diffDocuments(base, head, 'github');

    for (const e of expected) {
      const hit = changes.find((c) => c.id === e.id && c.operations.includes(e.operation));
      expect(hit, `${e.id} on ${e.operation}`).toBeDefined();
    }
    expect(countFound(expected, changes)).toBe(10);
    const expectedIds = new Set(expected.map((e) => e.id));
    const unexpected = changes.filter((c) => c.level === 'breaking' && !expectedIds.has(c.id));
    expect(unexpected).toEqual([]);
    // The shared `per-page` parameter is one grouped change listing every operation it reaches.
    const perPage = changes.filter((c) => c.id === 'request-maximum-decreased' && c.location === 'query.per_page');
    expect(perPage).toHaveLength(1);
    expect(perPage[0]!.operations.length).toBeGreaterThan(100);
  });
});
