// Issue 44, named types: every schema under components.schemas is a type exported from the API's index.ts under its
// PascalCase name, deterministically clear of index.ts's other exports, with the document's words on hover.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportedNames, schemaTypeNames } from '../../generator/emit/index-file.js';
import { generateTree } from '../../generator/generate/pipeline.js';
import { repoRoot } from '../helpers/run-docex.js';
import { fixtures } from './helpers.js';
import { languageService, quickInfoText } from './hover-coverage.js';

const root = '/named';
let files: Map<string, string>;
beforeAll(async () => {
  const { tree } = await generateTree(join(fixtures, 'named-types/openapi.yaml'));
  files = new Map([...tree].map(([rel, text]) => [`${root}/${rel}`, text]));
}, 60_000);

/** Diagnostics of `code` as a consumer module next to index.ts, and a hover at each `/*@*\/` marker. */
function consumer(code: string): { errors: string[]; hovers: string[] } {
  const file = `${root}/consumer.ts`;
  const text = code.replace(/\/\*@\*\//g, '');
  const marks: number[] = [];
  for (let i = 0, at = code.indexOf('/*@*/'); at >= 0; i++, at = code.indexOf('/*@*/', at + 1)) marks.push(at - i * 5);
  const service = languageService(new Map([...files, [file, text]]), file);
  const errors = [...service.getSemanticDiagnostics(file), ...service.getSyntacticDiagnostics(file)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  const hovers = marks.map((at) => {
    const info = service.getQuickInfoAtPosition(file, at);
    return info ? quickInfoText(info) : '';
  });
  return { errors, hovers };
}

describe('named types', () => {
  it('exports each schema under its PascalCase name, equal to components["schemas"][key], the colliding ones renamed', () => {
    const { errors } = consumer(`
import type { components, Repository, Repository2, ApiErrorSchema, NamedClientSchema, GetThingParamsSchema, Class, NullableSimpleUser, Api1stPlace, OldThing, Alias } from './index.js';
import { ApiError, type NamedClient, type GetThingParams } from './index.js';
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type S = components['schemas'];
const checks: [
  Equals<Repository, S['Repository']>, Equals<Repository2, S['repository']>, Equals<ApiErrorSchema, S['ApiError']>,
  Equals<NamedClientSchema, S['NamedClient']>, Equals<GetThingParamsSchema, S['GetThingParams']>, Equals<Class, S['class']>,
  Equals<NullableSimpleUser, S['nullable-simple-user']>, Equals<Api1stPlace, S['1st-place']>, Equals<OldThing, S['old-thing']>, Equals<Alias, S['alias']>,
] = [true, true, true, true, true, true, true, true, true, true];
// The runtime's and the client's own exports keep their meaning.
const e = (x: unknown): x is ApiError => x instanceof ApiError;
declare const client: NamedClient;
const p: GetThingParams = { id: '1' };
export { checks, e, client, p };
`);
    expect(errors).toEqual([]);
  });

  it('the natural read -> update compiles with a named type, and a wrong field does not', () => {
    const ok = consumer(`
import type { Repository2 } from './index.js';
declare const repo: Repository2;
export const body: Repository2 = { ...repo, note: 'changed' };
`);
    expect(ok.errors).toEqual([]);
    const bad = consumer(`
import type { Repository2 } from './index.js';
export const body: Repository2 = { note: 'no full_name' };
`);
    expect(bad.errors.join('\n')).toContain("Property 'full_name' is missing");
  });

  it("hovers with the document's description (a $ref's its target's, else the title), and @deprecated", () => {
    const { hovers } = consumer(`
import type { /*@*/Repository2, /*@*/Repository, /*@*/NullableSimpleUser, /*@*/OldThing, /*@*/Alias, /*@*/ApiErrorSchema } from './index.js';
`);
    expect(hovers[0]).toContain('A repository, written in lower case. It ends a comment *\\/ here.');
    expect(hovers[1]).toContain('A repository, written as its type name.');
    expect(hovers[2]).toContain('A user, or null.');
    expect(hovers[3]).toMatch(/Replaced by repository\.\n@deprecated/);
    expect(hovers[4]).toContain('A repository, written as its type name.');
    expect(hovers[5]).toContain("The API's own error body.");
  });

  it('names deterministically, whatever the order of the document', () => {
    const schemas = ['repository', 'Repository', 'repo-sitory', 'ApiError', 'a', 'A'].map((key) => ({ key }));
    const taken = new Set(['ApiError']);
    const named = (list: typeof schemas) => Object.fromEntries(list.map((s, i) => [s.key, schemaTypeNames(list, taken)[i]]));
    const want = { Repository: 'Repository', repository: 'Repository2', 'repo-sitory': 'RepoSitory', ApiError: 'ApiErrorSchema', A: 'A', a: 'A2' };
    expect(named(schemas)).toEqual(want);
    expect(named([...schemas].reverse())).toEqual(want);
    // Reserved words and inherited names cannot come out: PascalCase starts upper case; index.ts's own names stay its.
    expect(schemaTypeNames([{ key: 'class' }, { key: 'constructor' }, { key: '__proto__' }, { key: '' }], new Set())).toEqual(['Class', 'Constructor', 'Proto', 'Api']);
  });

  it("reads the names a module exports as a TypeScript parse does (client.ts as printed, the runtime's index.ts)", () => {
    for (const file of ['generated/document/v1/client.ts', 'templates/runtime/index.ts', 'generated/file/v2/client.ts']) {
      const text = readFileSync(join(repoRoot, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
      const parsed = new Set<string>();
      for (const s of source.statements) {
        if (ts.isExportDeclaration(s) && s.exportClause && ts.isNamedExports(s.exportClause)) for (const e of s.exportClause.elements) parsed.add(e.name.text);
        else if (ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
          if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) parsed.add((d.name as ts.Identifier).text);
          else parsed.add((s as ts.DeclarationStatement).name!.getText(source));
        }
      }
      expect(parsed.size, file).toBeGreaterThan(5);
      expect([...exportedNames(text)].sort(), file).toEqual([...parsed].sort());
    }
  });
});
