// index.ts of one API: the client, the document's types and the runtime, from one module, and each schema under
// `components.schemas` as a named type (`import type { Repository }`).
import type { StatementStructures } from 'ts-morph';
import type { ApiModel, SchemaEntry } from '../model/index.js';
import { typeName } from '../model/names.js';
import { unique } from '../util/names.js';
import { jsdocText } from './client-docs.js';
import { docs, q, type Printer } from './print.js';

/** What index.ts exports from schema.ts: its own declarations never take these names. */
const SCHEMA_EXPORTS = ['components', 'operations', 'paths'];

/**
 * Each schema's type name, in document order: its key in PascalCase (`nullable-simple-user` -> `NullableSimpleUser`),
 * the same for every document order. A name that index.ts also exports from client.ts or the runtime (`taken`:
 * `ApiError`, `GitHubClient`) gets `Schema` appended; keys that give one name share it out by numeric suffixes, the
 * key written as the name first (`Repository` keeps `Repository`, `repository` gets `Repository2`), then by key.
 */
export function schemaTypeNames(schemas: readonly SchemaEntry[], taken: ReadonlySet<string>): string[] {
  const base = schemas.map((s) => {
    const name = typeName(s.key);
    return taken.has(name) ? `${name}Schema` : name;
  });
  const order = schemas.map((_, i) => i).sort((a, b) => Number(schemas[a]!.key !== base[a]) - Number(schemas[b]!.key !== base[b]) || (schemas[a]!.key < schemas[b]!.key ? -1 : 1));
  const used = new Set([...taken, ...SCHEMA_EXPORTS]);
  const names: string[] = [];
  for (const i of order) names[i] = unique(base[i]!, used);
  return names;
}

/**
 * The names a module of docex's exports, read from its text as docex writes it (ts-morph's printing of client.ts,
 * the runtime's index.ts): `export <declaration> Name` at the start of a line, and `export { A, type B, C as D }`.
 */
export function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/^export (?:declare )?(?:abstract )?(?:async )?(?:function\*?|const|let|var|class|interface|type|enum|namespace) *([\w$]+)/gm)) names.add(m[1]!);
  for (const m of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of m[1]!.split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()!.replace(/^type\s+/, '');
      if (name) names.add(name);
    }
  }
  return names;
}

/** `taken`: the names index.ts exports from client.ts and the runtime. */
export function renderIndex(api: ApiModel, runtimeImport: string, printer: Printer, taken: ReadonlySet<string>): string {
  const K = printer.tsMorph.StructureKind;
  const names = schemaTypeNames(api.schemas, taken);
  const aliases = api.schemas.map(
    (s, i): StatementStructures => ({
      kind: K.TypeAlias,
      name: names[i]!,
      isExported: true,
      docs: docs(jsdocText([s.description, s.deprecated ? '@deprecated' : undefined])),
      type: `components['schemas'][${q(s.key)}]`,
    }),
  );
  return printer.print([
    ...(aliases.length ? [{ kind: K.ImportDeclaration, isTypeOnly: true, namedImports: ['components'], moduleSpecifier: './schema.js' } as StatementStructures] : []),
    { kind: K.ExportDeclaration, moduleSpecifier: './client.js' },
    { kind: K.ExportDeclaration, isTypeOnly: true, namedExports: SCHEMA_EXPORTS, moduleSpecifier: './schema.js' },
    { kind: K.ExportDeclaration, moduleSpecifier: runtimeImport },
    ...aliases,
  ]);
}
