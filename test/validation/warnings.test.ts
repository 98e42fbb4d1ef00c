// What a response check cannot assert is never skipped silently: a warning naming the file and line, counted as a
// construct docex does not carry (`--strict` exits 3 on it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateTree } from '../../generator/generate/pipeline.js';
import { outRoot } from '../generator/helpers.js';

const doc = `openapi: 3.1.0
info: { title: Warned, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: Things.
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Things' }
components:
  schemas:
    Things:
      type: array
      items: { type: string, pattern: '(?<unclosed' }
      unevaluatedItems: false
`;

describe('validators.js warnings', () => {
  it('names the file and line of each keyword a check does not assert', async () => {
    mkdirSync(outRoot, { recursive: true });
    const file = join(outRoot, 'validation-warned.yaml');
    writeFileSync(file, doc);
    const { apis, tree } = await generateTree(file);
    const warnings = apis.flatMap((a) => a.warnings);
    expect(warnings).toEqual([
      expect.stringMatching(/validation-warned\.yaml:18: response validators: unevaluatedItems is not checked$/),
      expect.stringMatching(/validation-warned\.yaml:17: response validators: the pattern "\(\?<unclosed" is not a JavaScript regular expression and is not checked$/),
    ]);
    expect(apis[0]!.unsupported).toBe(2);
    expect(tree.get('validators.js')).toContain("'GET /things': ['listThings'");
  });
});
