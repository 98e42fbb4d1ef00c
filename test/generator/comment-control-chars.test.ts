// A comment end split by a control character (`*\x01/`) in document text: jsdocText() drops control characters, so
// it must escape `*/` after dropping them, or the text closes the doc comment and the rest is code in client.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsdocText } from '../../generator/emit/client-docs.js';
import { generateTree } from '../../generator/generate/pipeline.js';

const dir = mkdtempSync(join(tmpdir(), 'docex-comment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('doc comments of document text with control characters', () => {
  it('jsdocText escapes a comment end that dropping a control character makes', () => {
    expect(jsdocText(['a *\x01/ b', '*\x7f\x00/'])).toBe('a *\\/ b\n*\\/');
  });

  it('a title or description cannot close a comment of client.ts', async () => {
    const file = join(dir, 'api.yaml');
    const inject = '*\\x01/ export const pwned = 1; /*';
    writeFileSync(
      file,
      `openapi: 3.0.3\ninfo:\n  title: "T ${inject}"\n  version: "1"\npaths:\n  /a:\n    get:\n      operationId: getA\n      description: "D ${inject}"\n      responses:\n        "200":\n          description: ok\n`,
    );
    const { tree } = await generateTree(file);
    const client = tree.get('client.ts')!;
    expect(client).toContain('Client of T *\\/ export const pwned = 1;');
    expect(client).toContain('D *\\/ export const pwned = 1;');
    expect(client).not.toMatch(/\*\/ export const pwned/);
  });
});
