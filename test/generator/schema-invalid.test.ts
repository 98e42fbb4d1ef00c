// Issue 4, bad input: a schema-invalid document of our own layout exits 2 naming file and line, and leaves the
// previous output untouched (the fixtures of cli.test.ts cover YAML, dangling $ref and duplicate operationId).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { readTree } from '../../generator/write/tree.js';
import { runDocex } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

const work = mkdtempSync(join(tmpdir(), 'docex-gen-invalid-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Line 10: a parameter with an `in` OpenAPI does not know and neither `schema` nor `content`.
const INVALID = `openapi: 3.1.0
info:
  title: Invalid
  version: '1'
paths:
  /a:
    get:
      operationId: getA
      parameters:
        - name: x
          in: somewhere
      responses:
        '204': { description: none }
`;

it('an own schema-invalid document exits 2 naming file and line; the previous output stays', async () => {
  const input = join(work, 'openapi');
  mkdirSync(join(input, 'doc/v1'), { recursive: true });
  writeFileSync(join(input, 'doc/v1/openapi.yaml'), INVALID);
  const out = join(work, 'out');
  expect((await runDocex(['generate', '--input', join(fixtures, 'basic/openapi.yaml'), '--output', out, '--quiet'])).code).toBe(0);
  const before = readTree(out);
  const r = await runDocex(['generate', '--input', input, '--output', out]);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/doc\/v1\/openapi\.yaml:10: /);
  expect(readTree(out)).toEqual(before);
});
