// Issue 3/7: the PR workflow runs the linter and the breaking-change check against the PR's base branch,
// as annotations on the PR's files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../helpers/run-docex.js';

interface Step {
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, { steps: Step[] }>;
}

describe('.github/workflows/api-pr.yml', () => {
  const wf = parse(readFileSync(join(repoRoot, '.github', 'workflows', 'api-pr.yml'), 'utf8')) as Workflow;
  const steps = Object.values(wf.jobs).flatMap((j) => j.steps);
  const runs = steps.map((s) => s.run ?? '');
  const at = (re: RegExp) => runs.findIndex((r) => re.test(r));

  it('runs on pull requests with the whole history (the base branch is diffed) after npm ci', () => {
    expect(Object.keys(wf.on)).toContain('pull_request');
    expect(steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with).toMatchObject({ 'fetch-depth': 0 });
    expect(at(/^npm ci\b/)).toBeGreaterThanOrEqual(0);
  });

  it('lints and checks breaking changes against the base branch, both as GitHub annotations', () => {
    const lint = at(/docex lint --format github-actions/);
    const diff = at(/docex diff --base-ref origin\/\$\{\{ github\.base_ref \}\} --format github-actions/);
    expect(lint).toBeGreaterThan(at(/^npm ci\b/));
    expect(diff).toBeGreaterThan(lint);
    // Lint errors must not hide the breaking-change check.
    expect(steps[diff]?.if).toMatch(/always\(\)/);
  });
});
