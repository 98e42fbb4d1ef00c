// Diffing GitHub's REST API description (13 MB) against a copy with ten scattered changes finds all ten.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffDocuments } from '../../generator/diff/index.js';
import type { OpenApiDocument } from '../../generator/load/types.js';
import { repoRoot } from '../helpers/run-docex.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test edits a huge untyped document

interface Expected {
  id: string;
  operation: string;
}

/** Ten edits of different kinds, each with the change it must produce. */
function applyTenChanges(doc: Json): Expected[] {
  const p = doc.paths;
  const issues = p['/repos/{owner}/{repo}/issues'];
  delete p['/repos/{owner}/{repo}/issues/{issue_number}/lock'].delete;
  p['/repos/{owner}/{repo}/pulls'].get.parameters.push({ name: 'mandatory', in: 'query', required: true, schema: { type: 'string' } });
  delete doc.components.schemas['rate-limit-overview'].properties.rate;
  doc.components.schemas['pull-request'].properties.state.enum.push('merged');
  p['/gists/{gist_id}/comments'].post.requestBody.content['application/json'].schema.properties.body.maxLength = 1000;
  doc.components.parameters['per-page'].schema.maximum = 50;
  issues.post.requestBody.content['application/json'].schema.required.push('body');
  delete issues.get.responses['200'].headers.Link;
  p['/meta'].get.security = [{ bearerAuth: [] }];
  const state = issues.get.parameters.find((x: Json) => x.name === 'state');
  state.schema.enum = state.schema.enum.filter((v: string) => v !== 'all');
  return [
    { id: 'operation-removed', operation: 'DELETE /repos/{owner}/{repo}/issues/{issue_number}/lock' },
    { id: 'request-parameter-added-required', operation: 'GET /repos/{owner}/{repo}/pulls' },
    { id: 'response-property-removed', operation: 'GET /rate_limit' },
    { id: 'response-enum-value-added', operation: 'GET /repos/{owner}/{repo}/pulls/{pull_number}' },
    { id: 'request-max-length-decreased', operation: 'POST /gists/{gist_id}/comments' },
    { id: 'request-maximum-decreased', operation: 'GET /repos/{owner}/{repo}/issues' },
    { id: 'request-property-became-required', operation: 'POST /repos/{owner}/{repo}/issues' },
    { id: 'response-header-removed', operation: 'GET /repos/{owner}/{repo}/issues' },
    { id: 'security-added', operation: 'GET /meta' },
    { id: 'request-enum-value-removed', operation: 'GET /repos/{owner}/{repo}/issues' },
  ];
}

describe("GitHub's REST API description", () => {
  it('finds all ten changes, and every breaking change reported is one of them', () => {
    const file = join(repoRoot, 'node_modules/@octokit/openapi/generated/api.github.com.json');
    const base = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
    const head = structuredClone(base) as Json;
    const expected = applyTenChanges(head);

    const started = performance.now();
    const changes = diffDocuments(base, head as OpenApiDocument, 'github');
    const ms = performance.now() - started;
    const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`GitHub diff: ${ms.toFixed(0)} ms for ${Object.keys(base.paths ?? {}).length} paths, ${changes.length} changes, peak RSS ${peakMb} MB`);

    for (const e of expected) {
      const hit = changes.find((c) => c.id === e.id && c.operations.includes(e.operation));
      expect(hit, `${e.id} on ${e.operation}`).toBeDefined();
    }
    const expectedIds = new Set(expected.map((e) => e.id));
    const unexpected = changes.filter((c) => c.level === 'breaking' && !expectedIds.has(c.id));
    expect(unexpected).toEqual([]);
    // The shared `per-page` parameter is one grouped change listing every operation it reaches.
    const perPage = changes.filter((c) => c.id === 'request-maximum-decreased' && c.location === 'query.per_page');
    expect(perPage).toHaveLength(1);
    expect(perPage[0]!.operations.length).toBeGreaterThan(100);
  });
});
