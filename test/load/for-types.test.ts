// A self-contained JSON document goes to the TypeScript thread as its text, which that thread makes into the document
// again (load/for-types.ts's jsonForTypes): it must be the very document this thread makes by reading, checking and
// repairing the file (readForeign, bundleRead, repairedForTypes), or schema.ts and the client would disagree.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonForTypes } from '../../generator/load/for-types.js';
import { bundleRead, readForeign, repairedForTypes } from '../../generator/load/index.js';
import { parseYamlDocument } from '../../generator/load/yaml.js';

const scratch = mkdtempSync(join(tmpdir(), 'docex-for-types-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const corpus = new URL('../generator/fixtures/corpus/', import.meta.url).pathname;

/** The corpus fixtures (each needs a repair, or refuses one) as JSON, a document without components, and one with a
 *  `$self` its refs resolve against. */
function documents(): [string, unknown][] {
  const fixtures = readdirSync(corpus).filter((f) => f.endsWith('.yaml')).map((f): [string, unknown] => [f, parseYamlDocument(readFileSync(join(corpus, f), 'utf8'), f)]);
  return [
    ...fixtures,
    ['no-components', { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } } }],
    ['self', { openapi: '3.2.0', $self: 'https://a.example/apis/v1/pets.json', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { type: 'object', properties: { b: { $ref: 'https://a.example/apis/v1/pets.json#/components/schemas/B' } } }, B: { type: 'string' } } } }],
  ];
}

describe('jsonForTypes', () => {
  it('makes of a self-contained JSON text the document the reading thread makes of the file', async () => {
    let sent = 0;
    let repaired = 0;
    for (const [name, document] of documents()) {
      const file = join(scratch, `${name}.json`);
      writeFileSync(file, JSON.stringify(document, null, 2));
      const read = readForeign(file);
      if (read.json === undefined) continue;
      sent++;
      const made = repairedForTypes(await bundleRead(read));
      if (made.warnings.length) repaired++;
      expect(jsonForTypes(read.json), name).toStrictEqual(made.document);
    }
    expect(sent).toBeGreaterThanOrEqual(8);
    expect(repaired).toBeGreaterThanOrEqual(4);
  });

  it('is not offered for a document that needs bundling, nor for YAML', () => {
    const remote = join(scratch, 'remote.json');
    writeFileSync(remote, JSON.stringify({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { $ref: 'other.json#/B' } } } }));
    expect(readForeign(remote).json).toBeUndefined();
    expect(readForeign(join(corpus, 'names.yaml')).json).toBeUndefined();
  });
});
