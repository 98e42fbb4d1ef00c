// API authors lint with the tools they already have: the bundled documents pass Spectral's standard `spectral:oas`
// ruleset and Redocly's `recommended` (without the docex plugin or docex's rule settings) with no errors, and
// with no warnings beyond the ones listed here with their reasons. Spectral is not a dependency: bench/lib/peers.mjs
// installs it into its cache (.ci/run does, before the tests; `node bench/lib/peers.mjs @stoplight/spectral-cli`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConfig, lint } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { peerBin, peerDir } from '../../bench/lib/peers.mjs';
import { bundleFile, discoverApis } from '../../generator/load/index.js';
import { repoRoot } from '../helpers/run-docex.js';

// Warnings that stay, as `<api> <rule> <where>`, each with its reason.
const SPECTRAL_WARNINGS: Record<string, string> = {};
const REDOCLY_WARNINGS: Record<string, string> = {
  // The token endpoint authenticates the client with HTTP Basic (spec 4.3); the OAuth2 scheme documents the grants.
  'token no-unused-components #/components/securitySchemes/OAuth2': 'describes the grants for readers and tools',
};

const spectral = peerBin('@stoplight/spectral-cli');
if (!spectral && process.env.CI) throw new Error(`Spectral is not installed in ${peerDir('@stoplight/spectral-cli')}: .ci/run installs it before the tests`);

const apis = discoverApis(join(repoRoot, 'openapi'));
const dir = mkdtempSync(join(tmpdir(), 'docex-other-tools-'));
const files = new Map<string, string>();

beforeAll(async () => {
  for (const api of apis) {
    const { document } = await bundleFile(api.file, { mode: 'foreign' });
    const file = join(dir, `${api.id.replace('/', '-')}.json`);
    writeFileSync(file, JSON.stringify(document, null, 1));
    files.set(file, api.id.replace('/', '-'));
  }
});

interface Finding {
  api: string;
  rule: string;
  where: string;
  error: boolean;
}

const key = (f: Finding) => `${f.api} ${f.rule} ${f.where}`;

describe('the bundled documents in other tools', () => {
  it.skipIf(!spectral)(`Spectral spectral:oas: no errors but those at x-sortable, and only the listed warnings${spectral ? '' : ' (skipped: Spectral is not installed; node bench/lib/peers.mjs @stoplight/spectral-cli)'}`, () => {
    const ruleset = join(dir, '.spectral.yaml');
    writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
    const run = spawnSync(process.execPath, [spectral!, 'lint', '--ruleset', ruleset, '--format', 'json', '--quiet', ...files.keys()], { cwd: dir, encoding: 'utf8', timeout: 180_000 });
    const results = JSON.parse(run.stdout) as { code: string; severity: number; path: (string | number)[]; source: string }[];
    const findings: Finding[] = results.map((r) => ({ api: files.get(r.source) ?? r.source, rule: r.code, where: r.path.join('/'), error: r.severity === 0 }));
    // x-sortable's `fields` (not `properties`) keeps Spectral from reading it as a JSON Schema.
    expect(findings.filter((f) => f.error)).toEqual([]);
    expect(findings.filter((f) => !f.error).map(key).sort()).toEqual(Object.keys(SPECTRAL_WARNINGS).sort());
  });

  it("Redocly's recommended alone: no errors, and only the listed warnings", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const findings: Finding[] = [];
    for (const [file, api] of files) {
      for (const p of await lint({ ref: file, config })) findings.push({ api, rule: p.ruleId, where: p.location[0]?.pointer ?? '', error: p.severity === 'error' });
    }
    expect(findings.filter((f) => f.error)).toEqual([]);
    expect(findings.filter((f) => !f.error).map(key).sort()).toEqual(Object.keys(REDOCLY_WARNINGS).sort());
  });
});
