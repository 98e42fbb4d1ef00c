// A `.json` document that JSON refuses but Redocly's YAML parser reads is generated, with a warning at its line.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleFile } from '../../generator/load/index.js';

const doc = (paths: string) => `{\n  "openapi": "3.1.0",\n  "info": {"title": "x", "version": "1"},\n  "paths": {\n${paths}\n  }\n}\n`;

describe('a .json file that is not JSON', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docex-not-json-'));

  it('is read as YAML with a warning naming the file and the line JSON.parse stopped at', async () => {
    const file = join(dir, 'trailing.json');
    writeFileSync(file, doc('    "/a": {"get": {"responses": {"200": {"description": "ok",}}}}'));
    const { document, warnings } = await bundleFile(file, { mode: 'foreign' });
    expect(Object.keys(document.paths ?? {})).toEqual(['/a']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ line: 5, message: expect.stringMatching(/^not valid JSON \(.+\): read as YAML, as Redocly reads it$/) });
    expect(warnings[0]!.file).toMatch(/trailing\.json$/);
  });

  it('gives no warning for valid JSON', async () => {
    const file = join(dir, 'valid.json');
    writeFileSync(file, doc('    "/a": {"get": {"responses": {"200": {"description": "ok"}}}}'));
    expect((await bundleFile(file, { mode: 'foreign' })).warnings).toEqual([]);
  });
});
