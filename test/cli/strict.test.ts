// Never silent: every command warns of each construct of a document docex does not carry, naming the file as given
// and the line, and `--strict` (or `strict: true` in docex.config.json) makes those warnings a failure (exit 3).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STRICT_EXIT } from '../../generator/model/unsupported-lines.js';
import { repoRoot, runDocex } from '../helpers/run-docex.js';

const dir = 'test/fixtures/unsupported';
const V31 = `${dir}/v31.yaml`;
const V32 = `${dir}/v32.yaml`;
const scratch = mkdtempSync(join(tmpdir(), 'docex-strict-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The warnings of v31.yaml, each with its line: one of every kind. */
const V31_WARNINGS = [
  `${V31}:3: \`$self\` of the document is an OpenAPI 3.2 keyword, and this document declares OpenAPI 3.1.0`,
  `${V31}:6: \`summary\` of a tag is an OpenAPI 3.2 keyword`,
  `${V31}:41: \`deprecated\` of a security scheme is an OpenAPI 3.2 keyword`,
  `${V31}:21: QUERY /items is not generated: \`query\` is an OpenAPI 3.2 field`,
  `${V31}:25: LINK /items is not generated: \`additionalOperations\` is an OpenAPI 3.2 field`,
  `${V31}:28: \`search\` of /items is not generated: \`search\` is not a field of a path item in OpenAPI 3.1`,
  `${V31}:12: GET /items: parameter \`filter\` in \`querystring\` is not sent`,
  `${V31}:13: GET /items: parameter \`page\` in \`matrix\` is not sent: docex does not serialize this location`,
  `${V31}:17: \`summary\` of a response is an OpenAPI 3.2 keyword`,
  `${V31}:19: GET /items 200: \`text/event-stream\` declares no \`itemSchema\`: its items are typed as events whose \`data\` is a string`,
  `${V31}:20: GET /items 200: \`application/xml\` is read as text`,
  `${V31}:37: POST /batch: \`multipart/mixed\` parts are not built`,
];

const warnings = (stderr: string) => stderr.split('\n').filter((l) => l.includes('warning: ')).map((l) => l.replace(/^\s*warning: /, ''));

describe('never silent', () => {
  it('--strict exits 3, as the README says', () => expect(STRICT_EXIT).toBe(3));

  it('generate warns of each construct with file and line, and writes; --strict fails with 3 and writes nothing', async () => {
    const out = join(scratch, 'gen');
    const r = await runDocex(['generate', '--input', V31, '--output', out]);
    expect(r.code).toBe(0);
    for (const w of V31_WARNINGS) expect(warnings(r.stderr).some((l) => l.startsWith(w))).toBe(true);
    expect(r.stderr).not.toContain('https://example.com/apis/unsupported.yaml');
    const strictOut = join(scratch, 'gen-strict');
    const s = await runDocex(['generate', '--input', V31, '--output', strictOut, '--strict']);
    expect(s.code).toBe(STRICT_EXIT);
    expect(s.stderr).toContain('--strict: 12 constructs of the documents docex does not carry');
    expect(existsSync(strictOut)).toBe(false);
  });

  it('`strict: true` in docex.config.json is --strict; --check keeps exit 1 for stale output without it', async () => {
    const repo = join(scratch, 'repo');
    const out = join(repo, 'out');
    rmSync(repo, { recursive: true, force: true });
    const { mkdirSync } = await import('node:fs');
    mkdirSync(repo, { recursive: true });
    writeFileSync(join(repo, 'docex.config.json'), JSON.stringify({ input: join(repoRoot, V32), output: 'out', strict: true }));
    const s = await runDocex(['generate'], { cwd: repo });
    expect(s.code).toBe(STRICT_EXIT);
    expect(existsSync(out)).toBe(false);
    const check = await runDocex(['generate', '--input', join(repoRoot, `${dir}/clean.yaml`), '--output', out, '--check', '--strict'], { cwd: repo });
    expect(check.code).toBe(1);
  });

  it('lint and diff warn on stderr with file and line; --strict exits 3', async () => {
    const lint = await runDocex(['lint', V32]);
    expect(warnings(lint.stderr)).toContain(`${V32}:21: \`deviceAuthorization\` of OAuth flows is not carried: the token source does not run the device authorization flow`);
    expect([0, 1]).toContain(lint.code);
    expect((await runDocex(['lint', V32, '--strict'])).code).toBe(STRICT_EXIT);
    const diff = await runDocex(['diff', `${dir}/clean.yaml`, V32]);
    expect(warnings(diff.stderr)).toContain(`${V32}:4: \`name\` of a server is not carried: server names are not read`);
    // A stream with its `itemSchema` is carried (issue 47): no warning.
    expect(diff.stderr).not.toContain(`${V32}:13:`);
    expect([0, 1]).toContain(diff.code);
    const strictDiff = await runDocex(['diff', `${dir}/clean.yaml`, V32, '--strict']);
    expect(strictDiff.code).toBe(STRICT_EXIT);
    expect(strictDiff.stdout).not.toBe('');
    expect((await runDocex(['diff', `${dir}/clean.yaml`, `${dir}/clean.yaml`, '--strict'])).code).toBe(0);
  });

  it('docs and sandbox warn before they write or listen; --strict exits 3', async () => {
    const site = join(scratch, 'site');
    const docs = await runDocex(['docs', '--input', V31, '--output', site, '--strict']);
    expect(docs.code).toBe(STRICT_EXIT);
    expect(warnings(docs.stderr)).toContain(V31_WARNINGS[0]);
    expect(existsSync(site)).toBe(false);
    const sandbox = await runDocex(['sandbox', '--openapi', `${dir}/tree`, '--port', '0', '--strict'], { timeoutMs: 30_000 });
    expect(sandbox.code).toBe(STRICT_EXIT);
    expect(warnings(sandbox.stderr)).toEqual([`${dir}/tree/items/v1/openapi.yaml:12: GET /items 200: \`application/xml\` is read as text: its schema's XML structure is not carried`]);
    expect(sandbox.stdout).not.toContain('listening');
  });
});
