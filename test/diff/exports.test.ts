// The contract the docs site builds its changelog on: diffTrees + formatMarkdown from generator/diff/index.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffTrees, formatMarkdown } from '../../generator/diff/index.js';
import type { Change } from '../../generator/diff/index.js';
import { repoRoot } from '../helpers/run-docex.js';

const fx = join(repoRoot, 'test/diff/fixtures/trees');

describe('generator/diff exports', () => {
  it('diffTrees compares two openapi/ trees and formatMarkdown renders a changelog section', async () => {
    const changes = await diffTrees(join(fx, 'base'), join(fx, 'head'), { today: '2026-01-01' });
    expect(changes.map((c) => `${c.api} ${c.id}`)).toEqual([
      'document/v1 response-enum-value-added',
      'document/v1 collection-limit-maximum-decreased',
      'document/v1 response-header-removed',
      'document/v1 operation-added',
      'document/v2 api-version-added',
      'file/v1 api-version-removed',
    ]);
    const md = formatMarkdown(changes.filter((c) => c.api === 'document/v1'), { title: 'document/v1: v1.0.0 → v1.1.0', headingLevel: 3 });
    expect(md).toBe(
      [
        '### document/v1: v1.0.0 → v1.1.0',
        '',
        '**3 breaking** changes, 1 non-breaking, 0 informational.',
        '',
        '#### `document/v1`',
        '',
        '**Breaking changes** (3)',
        '',
        '- Schema `DocumentType` (response) can now return value `OrderResponse` (a response enum changed), in `GET /documents`, `GET /documents/{documentId}` <sub>`response-enum-value-added`</sub>',
        '- `GET /documents`: maximum of collection query parameter `limit` lowered from 100 to 50: larger pages are now rejected <sub>`collection-limit-maximum-decreased`</sub>',
        '- `GET /documents/{documentId}`: response 200 no longer sends header `ETag` <sub>`response-header-removed`</sub>',
        '',
        '**Non-breaking changes** (1)',
        '',
        '- `GET /documents/{documentId}/presentation`: operation GET /documents/{documentId}/presentation was added <sub>`operation-added`</sub>',
        '',
      ].join('\n'),
    );
  });

  it('formatMarkdown of no changes says so', () => {
    const none: Change[] = [];
    expect(formatMarkdown(none)).toBe('## API changes\n\nNo changes.\n');
  });
});
