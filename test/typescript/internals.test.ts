// The two reaches into other packages' internals (generator/typescript/internals.ts). An upgrade that moves what they
// reach fails here, by name, instead of slowing every run down (ts-morph loading its own TypeScript) or breaking
// schema.ts in a way only the golden files would show.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderSchema } from '../../generator/emit/schema.js';
import { scanDiscriminators } from '../../generator/emit/schema-discriminators.js';
import { parseYamlDocument } from '../../generator/load/yaml.js';
import { loadPrinter } from '../../generator/typescript/printer.js';
import { loadSchemaKit, OPENAPI_TYPESCRIPT_MODULES, OPENAPI_TYPESCRIPT_VERSION, tsMorphTypeScriptPath } from '../../generator/typescript/internals.js';

const require = createRequire(import.meta.url);
const here = (path: string) => new URL(path, import.meta.url).pathname;

/** Discriminators in the shapes openapi-typescript reads: a oneOf with and without a mapping, allOf children mapped
 *  and not, an object target without properties or required, targets that do not resolve, and one under allOf. */
const discriminated = {
  openapi: '3.1.0',
  info: { title: 'd', version: '1' },
  paths: {},
  components: {
    schemas: {
      Pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Gone' }], discriminator: { propertyName: 'kind', mapping: { dog: '#/components/schemas/Dog', wolf: '#/components/schemas/Dog', nowhere: '#/components/schemas/Missing', bare: '#/components/schemas/Bare' } } },
      Bare: { type: 'object' },
      Cat: { type: 'object', properties: { kind: { type: 'string', description: 'the kind' } } },
      Dog: { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { bark: { type: 'boolean' } } },
      Base: { type: 'object', required: ['kind'], properties: { kind: { type: 'string' } }, discriminator: { propertyName: 'kind', mapping: { fox: '#/components/schemas/Fox' } } },
      Fox: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object' }] },
      Owl: { allOf: [{ type: 'object' }, { discriminator: { propertyName: 'sort' } }, { $ref: '#/components/schemas/Fox' }] },
      Plain: { allOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Base' }] },
      List: { type: 'array', items: { oneOf: [{ $ref: '#/components/schemas/Cat' }], discriminator: { propertyName: 'kind' } } },
    },
  },
};

describe("other packages' internals docex reaches into", () => {
  it('openapi-typescript is the version its dist paths were written against, and they hold the functions used', () => {
    const installed = (JSON.parse(readFileSync(require.resolve('openapi-typescript/package.json'), 'utf8')) as { version: string }).version;
    expect(installed, `openapi-typescript ${installed}: recheck ${OPENAPI_TYPESCRIPT_MODULES.join(', ')} in typescript/internals.ts, then update OPENAPI_TYPESCRIPT_VERSION`).toBe(OPENAPI_TYPESCRIPT_VERSION);
    for (const id of OPENAPI_TYPESCRIPT_MODULES) expect(() => require.resolve(id), id).not.toThrow();
    const kit = loadSchemaKit();
    for (const name of ['transformSchema', 'astToString', 'resolveRef', 'scanDiscriminators'] as const) expect(typeof kit[name], name).toBe('function');
    // The TypeScript openapi-typescript builds its nodes with is the one the kit hands to the extensible-enum transform.
    expect(require('typescript')).toBe(kit.ts);
  });

  it("openapi-typescript's transform writes its doc comments through its module's addJSDocComment, which the kit replaces for one render", () => {
    const kit = loadSchemaKit();
    const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { type: 'string', description: 'an A' } } } } as unknown as Parameters<typeof renderSchema>[0];
    let calls = 0;
    const text = kit.withDocComments((original) => (subject, node) => {
      calls++;
      original(subject, node);
    }, () => renderSchema(document, kit));
    expect(calls, 'the transform no longer calls addJSDocComment through its module: see withDocComments').toBeGreaterThan(0);
    expect(text).toContain('an A');
  });

  it("openapi-typescript's transform makes pointers through its module's createRef, which the kit remembers for one render, to the same strings", () => {
    const kit = loadSchemaKit();
    const utils = require('openapi-typescript/dist/lib/utils.cjs') as { createRef: (parts: (string | number | undefined | null)[]) => string };
    const original = utils.createRef;
    const document = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: { A: { type: 'object', properties: { b: { type: 'string' } } } } } } as unknown as Parameters<typeof renderSchema>[0];
    let calls = 0;
    utils.createRef = (parts) => {
      calls++;
      return original(parts);
    };
    try {
      expect(kit.withDocComments((o) => o, () => renderSchema(document, kit))).toBe(renderSchema(document, kit));
    } finally {
      utils.createRef = original;
    }
    expect(calls, 'the transform no longer calls createRef through its module: see remembered() in internals.ts').toBeGreaterThan(0);
    // Pointer-like parts: escapes (~0, ~1), percent-encoding (which parseRef decodes, or keeps when malformed),
    // `#/` inside a part, empty and missing parts, numbers; repeated within one render, as the transform repeats them.
    const piece = fc.stringMatching(/^[a~01%2F#/]{0,6}$/);
    const part = fc.oneof(piece, fc.constantFrom('#/components/schemas', '#/a~1b/c%2Fd', '%E0%A4%A', '', undefined, null), fc.nat(20));
    const partsLists = fc.array(fc.array(part, { maxLength: 5 }), { minLength: 1, maxLength: 30 });
    // A malformed percent-encoding throws (URIError) in both.
    const outcome = (createRef: typeof original, parts: Parameters<typeof original>[0]) => {
      try {
        return createRef(parts);
      } catch (err) {
        return `throws ${String(err)}`;
      }
    };
    fc.assert(
      fc.property(partsLists, (lists) => {
        const remembered = kit.withDocComments((o) => o, () => lists.map((parts) => outcome(utils.createRef, parts)));
        expect(utils.createRef).toBe(original);
        expect(remembered).toEqual(lists.map((parts) => outcome(original, parts)));
      }),
      { seed: 44, numRuns: 300 },
    );
  });

  it("docex's scanDiscriminators reads and patches a document as openapi-typescript's does", () => {
    const kit = loadSchemaKit();
    const documents: [string, unknown][] = [
      ['discriminated', discriminated],
      ['discriminator-child.yaml', parseYamlDocument(readFileSync(here('../generator/fixtures/corpus/discriminator-child.yaml'), 'utf8'), 'discriminator-child.yaml')],
      ['shop.yaml', parseYamlDocument(readFileSync(here('../validation/shop.yaml'), 'utf8'), 'shop.yaml')],
      ['figma', parseYamlDocument(readFileSync(require.resolve('@figma/rest-api-spec/openapi/openapi.yaml'), 'utf8'), 'openapi.yaml')],
      ['github', JSON.parse(readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8'))],
    ];
    let found = 0;
    for (const [name, document] of documents) {
      type Doc = Parameters<typeof kit.scanDiscriminators>[0];
      const [theirs, ours] = [structuredClone(document) as Doc, structuredClone(document) as Doc];
      const expected = kit.scanDiscriminators(theirs, { silent: true });
      expect(scanDiscriminators(ours, kit), name).toEqual(expected);
      expect(ours, name).toEqual(theirs);
      found += Object.keys(expected.objects).length;
    }
    expect(found).toBeGreaterThan(10);
  });

  it("ts-morph runs on the pinned TypeScript: @ts-morph/common's bundled copy is where the require.cache entry replaces it", async () => {
    const bundled = tsMorphTypeScriptPath();
    expect(() => readFileSync(bundled), `@ts-morph/common no longer keeps its TypeScript at ${bundled}: see shareTypeScript`).not.toThrow();
    const printer = await loadPrinter();
    // ts-morph hands out an interop copy of the module's namespace: the functions in it are the module's own.
    const pinned = require('typescript') as typeof import('typescript');
    expect(printer.tsMorph.ts.createSourceFile, 'ts-morph loaded its own TypeScript instead of the pinned one').toBe(pinned.createSourceFile);
  });
});
