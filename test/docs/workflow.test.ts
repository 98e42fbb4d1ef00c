import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from '../helpers/run-docex.js';

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: { push?: { branches?: string[] } };
  permissions: Record<string, string>;
  jobs: Record<string, { needs?: string; steps: Step[]; environment?: { name: string } }>;
}

describe('.github/workflows/docs.yml', () => {
  const wf = parse(readFileSync(join(repoRoot, '.github', 'workflows', 'docs.yml'), 'utf8')) as Workflow;
  const steps = Object.values(wf.jobs).flatMap((j) => j.steps);

  it('builds the site with the npm scripts on every push to main, with the tags for the changelog', () => {
    expect(wf.on.push?.branches).toEqual(['main']);
    const runs = steps.map((s) => s.run ?? '');
    expect(runs.indexOf('npm ci')).toBeGreaterThanOrEqual(0);
    expect(runs.findIndex((r) => r.startsWith('npm run docs'))).toBeGreaterThan(runs.findIndex((r) => r.startsWith('npm ci')));
    expect(steps.find((s) => s.uses?.startsWith('actions/checkout@'))?.with).toMatchObject({ 'fetch-depth': 0 });
  });

  it('publishes site/ to GitHub Pages with the permissions deployment needs', () => {
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact@'))?.with).toEqual({ path: 'site/' });
    const deploy = Object.values(wf.jobs).find((j) => j.steps.some((s) => s.uses?.startsWith('actions/deploy-pages@')));
    expect(deploy?.needs).toBe('build');
    expect(deploy?.environment?.name).toBe('github-pages');
    expect(wf.permissions).toMatchObject({ pages: 'write', 'id-token': 'write' });
  });
});
