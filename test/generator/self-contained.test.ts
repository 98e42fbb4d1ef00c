// A foreign document all of whose $refs point inside itself is not bundled (load/self-contained.ts): it is parsed as
// Redocly's bundler parses it and used as it is. These tests hold that to what the bundler gives, on real documents
// (the vendor examples installed for the tests, JSON and YAML), and check that whatever the check does not vouch
// for still goes through the bundler: refs to other files, dangling refs, external example values.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { bundleOas, createEmptyRedoclyConfig } from '@redocly/openapi-core/lib/bundle-oas';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFile } from '../../generator/load/index.js';
import { selfContained } from '../../generator/load/self-contained.js';
import { parseYamlDocument } from '../../generator/load/yaml.js';
import { DocexError } from '../../generator/util/errors.js';

const require = createRequire(import.meta.url);
const work = mkdtempSync(join(tmpdir(), 'docex-self-contained-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function redocly(file: string): Promise<unknown> {
  const r = await bundleOas({ ref: resolve(file), config: createEmptyRedoclyConfig(), dereference: false });
  return r.bundle.parsed;
}

/** Where two documents differ, as JSON pointers (at most a few). */
function differences(a: unknown, b: unknown, at = '#', out: string[] = []): string[] {
  if (out.length > 5 || isDeepStrictEqual(a, b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Object.keys(a).join() === Object.keys(b).join()) {
    for (const k of Object.keys(a)) differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}/${k}`, out);
  } else out.push(at);
  return out;
}

const examplesDir = dirname(require.resolve('@readme/oas-examples/package.json'));
const vendorDocuments = ['3.0', '3.1'].flatMap((v) =>
  ['json', 'yaml'].flatMap((kind) =>
    readdirSync(join(examplesDir, v, kind))
      .filter((n) => /\.(json|ya?ml)$/.test(n))
      .map((n) => join(examplesDir, v, kind, n)),
  ),
);

describe('a self-contained foreign document', () => {
  it('is read with the js-yaml that Redocly uses', () => {
    const fromRedocly = createRequire(require.resolve('@redocly/openapi-core/lib/bundle-oas')).resolve('js-yaml');
    expect(fromRedocly).toBe(require.resolve('js-yaml'));
  });

  it(`is, unbundled, what Redocly's bundler gives, on ${vendorDocuments.length} vendor documents (but refs inside examples)`, async () => {
    let unbundled = 0;
    for (const file of vendorDocuments) {
      const { document } = await bundleFile(file, { mode: 'foreign' });
      const text = readFileSync(file, 'utf8');
      const parsed = file.endsWith('.json') ? (JSON.parse(text) as unknown) : parseYamlDocument(text, file);
      if (!selfContained(parsed)) continue;
      unbundled++;
      // The one known difference: the bundler replaces a {"$ref"} object inside an example value by its target;
      // OpenAPI says an example is a literal, so docex keeps it as written.
      const off = differences(document, await redocly(file)).filter((p) => !/\/examples?(\/|$)/.test(p));
      expect(off, file).toEqual([]);
    }
    expect(unbundled).toBeGreaterThan(vendorDocuments.length / 2);
  });

  it('keeps a $ref inside an example value as written', async () => {
    const file = join(work, 'example-ref.json');
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' }, example: { $ref: '#/components/examples/A' } } } } } } } },
      components: { examples: { A: { value: { a: 1 } } } },
    };
    writeFileSync(file, JSON.stringify(doc));
    expect((await bundleFile(file, { mode: 'foreign' })).document).toEqual(doc);
  });

  it('gets `components` when it has none, as the bundler adds it', async () => {
    const file = join(work, 'bare.yaml');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths: {}\n');
    const { document } = await bundleFile(file, { mode: 'foreign' });
    expect(document).toEqual(await redocly(file));
    expect(document.components).toEqual({});
  });
});

describe('what the check leaves to the bundler', () => {
  it('a ref to another file: bundled into components', async () => {
    writeFileSync(join(work, 'pet.yaml'), 'type: object\nproperties: { name: { type: string } }\n');
    const file = join(work, 'with-file-ref.yaml');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths:\n  /p:\n    get:\n      responses:\n        "200":\n          description: ok\n          content: { application/json: { schema: { $ref: "./pet.yaml" } } }\n');
    expect(selfContained(parseYamlDocument(readFileSync(file, 'utf8'), file))).toBe(false);
    const { document } = await bundleFile(file, { mode: 'foreign' });
    expect(document.components?.schemas).toHaveProperty('pet');
  });

  it('a dangling ref: the bundler reports it at its line', async () => {
    const file = join(work, 'dangling.yaml');
    writeFileSync(file, 'openapi: 3.0.3\ninfo: { title: t, version: "1" }\npaths:\n  /p:\n    get:\n      responses:\n        "200":\n          description: ok\n          content: { application/json: { schema: { $ref: "#/components/schemas/Nope" } } }\n');
    const err = await bundleFile(file, { mode: 'foreign' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DocexError);
    expect((err as DocexError).line).toBe(9);
  });

  it.each([
    ['an external example value', { externalValue: 'a.json' }],
    ['a discriminator mapping to a schema outside components', { discriminator: { propertyName: 'k', mapping: { a: '#/paths/x' } } }],
    ['a ref that is not a string', { $ref: 1 }],
    ['a URL', { $ref: 'https://example.com/a.json' }],
  ])('%s', (_, node) => {
    expect(selfContained({ openapi: '3.1.0', info: {}, paths: { '/x': {} }, components: { schemas: { S: node } } })).toBe(false);
  });

  it('a document that is not OpenAPI 3', () => {
    expect(selfContained({ swagger: '2.0', paths: {} })).toBe(false);
    expect(selfContained(undefined)).toBe(false);
  });
});
