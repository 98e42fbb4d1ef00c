// The imports of client.ts and raw.ts are computed from what their parts write (generator/emit/imports.ts): each
// file imports every name it uses and nothing else, in the order hand-written code has them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { StructureKind } from 'ts-morph';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importDeclarations, runtimeType, runtimeValue, schemaType } from '../../generator/emit/imports.js';
import { generateTree } from '../../generator/generate/pipeline.js';
import { repoRoot } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';

/** The names a file imports, and its text without its import declarations. */
function imported(text: string): { names: string[]; rest: string } {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest);
  const imports = source.statements.filter(ts.isImportDeclaration);
  const names = imports.flatMap((d) => {
    const clause = d.importClause!;
    const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.map((e) => e.name.text) : [];
    return [...(clause.name ? [clause.name.text] : []), ...named];
  });
  let rest = text;
  for (const d of imports) rest = rest.replace(d.getText(source), '');
  return { names, rest };
}

describe('import planner', () => {
  it('orders packages, then sibling files, then the runtime; values before types; names sorted, each once', () => {
    const uses = [
      runtimeType('WithEtag'),
      schemaType('paths'),
      runtimeValue('factory', 'bindOperations'),
      runtimeType('CallOptions'),
      { from: { package: 'openapi-fetch' }, name: 'Client', as: 'type' as const },
      runtimeValue('body', 'encodedBody'),
      schemaType('components'),
      { from: { package: 'openapi-fetch' }, name: 'createClient', as: 'default' as const },
      runtimeType('CallOptions'),
    ];
    const lines = importDeclarations(uses, '../../runtime/index.js', StructureKind).map(
      (d) => `${d.isTypeOnly ? 'type ' : ''}${d.defaultImport ?? ''}${d.namedImports ? `{ ${(d.namedImports as string[]).join(', ')} }` : ''} ${d.moduleSpecifier}`,
    );
    expect(lines).toEqual([
      'createClient openapi-fetch',
      'type { Client } openapi-fetch',
      'type { components, paths } ./schema.js',
      '{ bindOperations } ../../runtime/factory.js',
      '{ encodedBody } ../../runtime/body.js',
      'type { CallOptions, WithEtag } ../../runtime/index.js',
    ]);
  });
});

describe('client.ts and raw.ts', () => {
  const anyApi = join(fixtures, 'any-api');
  const inputs = [
    join(fixtures, 'basic/openapi.yaml'),
    join(fixtures, 'hostile/openapi.yaml'),
    ...readdirSync(anyApi).map((n) => join(anyApi, n)),
    // ETags on responses without a body: the result is `undefined`, and names no WithEtag.
    join(repoRoot, 'test/lint/fixtures/etag-pairing/good.yaml'),
  ];
  it.each(inputs)('import only names they use: %s', async (input) => {
    const { tree } = await generateTree(input);
    const files = [...tree].filter(([path]) => /(^|\/)(client|raw)\.ts$/.test(path));
    expect(files.length).toBeGreaterThan(1);
    for (const [path, text] of files) {
      const { names, rest } = imported(text);
      expect(names.length, path).toBeGreaterThan(0);
      expect(names.filter((n) => !new RegExp(`\\b${n}\\b`).test(rest)), path).toEqual([]);
    }
  });
});
