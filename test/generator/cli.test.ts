// The command as users run it (built bin): --check, atomic writes, bad input, --json.
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTree } from '../../generator/util/atomic-write.js';
import { runDocex } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

let work: string;
const basic = join(fixtures, 'basic/openapi.yaml');
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'docex-gen-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('docex generate --check', () => {
  it('exits 0 on fresh output and 1 listing stale, missing and extra files', async () => {
    const out = join(work, 'check');
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    const fresh = await runDocex(['generate', '--input', basic, '--output', out, '--check']);
    expect(fresh.code).toBe(0);

    appendFileSync(join(out, 'client.ts'), '// edited\n');
    rmSync(join(out, 'index.ts'));
    writeFileSync(join(out, 'stray.ts'), 'export {};\n');
    const before = readTree(out);
    const stale = await runDocex(['generate', '--input', basic, '--output', out, '--check']);
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain('stale: client.ts');
    expect(stale.stderr).toContain('missing: index.ts');
    expect(stale.stderr).toContain('extra: stray.ts');
    expect(readTree(out)).toEqual(before); // --check never writes

    const json = await runDocex(['generate', '--input', basic, '--output', out, '--check', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, stale: ['client.ts'], missing: ['index.ts'], extra: ['stray.ts'] });
  });

  it('prints one line per API and a summary, or only JSON with --json', async () => {
    const out = join(work, 'lines');
    const r = await runDocex(['generate', '--input', basic, '--output', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/openapi\.yaml\s+4 operations\s+[\d.]+ s/);
    expect(r.stderr).toMatch(/generated: \d+ files, 1 APIs, 4 operations/);
    const j = await runDocex(['generate', '--input', basic, '--output', out, '--json']);
    expect(j.stderr).toBe('');
    expect(JSON.parse(j.stdout)).toMatchObject({ ok: true, apis: [{ id: 'openapi.yaml', operations: 4 }] });
  });
});

describe('bad input', () => {
  it.each([
    ['bad-yaml', /bad-yaml\/doc\/v1\/openapi\.yaml:9: cannot parse/],
    ['dangling', /dangling\/doc\/v1\/openapi\.yaml:15: Can't resolve \$ref/],
    ['dup-id', /dup-id\/doc\/v1\/openapi\.yaml:13: .*unique `operationId`/],
  ])('%s exits 2 naming file and line, leaving the previous output untouched', async (name, message) => {
    const out = join(work, `atomic-${name}`);
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    const before = readTree(out);
    const r = await runDocex(['generate', '--input', join(fixtures, name), '--output', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(readTree(out)).toEqual(before);
    expect(readdirSync(work).filter((f) => f.includes('docex-tmp') || f.includes('docex-old'))).toEqual([]);
  });

  it('holds a foreign document to parse errors and dangling refs only', async () => {
    const r = await runDocex(['generate', '--input', join(fixtures, 'dangling/doc/v1/openapi.yaml'), '--output', join(work, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/openapi\.yaml:15: Can't resolve \$ref/);
    const dup = await runDocex(['generate', '--input', join(fixtures, 'dup-id/doc/v1/openapi.yaml'), '--output', join(work, 'dup')]);
    expect(dup.code).toBe(0);
    expect(dup.stderr).toContain('duplicate operationId "getThing"');
    expect(readFileSync(join(work, 'dup/client.ts'), 'utf8')).toContain('getA: ');
  });

  it('replaces a previous tree whole on success (no stale files survive, no temp dirs left)', async () => {
    const out = join(work, 'replace');
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    writeFileSync(join(out, 'old.ts'), '');
    expect((await runDocex(['generate', '--input', basic, '--output', out, '--quiet'])).code).toBe(0);
    expect(readTree(out).has('old.ts')).toBe(false);
    expect(readdirSync(work).filter((f) => f.startsWith('.'))).toEqual([]);
  });
});
