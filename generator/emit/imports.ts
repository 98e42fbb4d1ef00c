// The import statements of a generated file, computed from what its renderers say they use (as hey-api's generators
// do): each part of a file returns its statements with the names it writes from other modules (`Use`), and the file
// imports exactly those. No list of imports is kept by hand, so a name stops being imported when nothing writes it.
// Statements go packages first, then the API's own files, then the runtime, as hand-written code orders them; within
// each, value imports before type-only ones, modules in the order first named, names sorted.
import type { ImportDeclarationStructure } from 'ts-morph';
import type { Kinds } from './print.js';

/** Where a name comes from: an npm package, a file beside the generated one (`schema` for ./schema.js), or a module of
 *  the copied runtime (`factory` for runtime/factory.js, `index` for its entry). */
type ModuleRef = { package: string } | { sibling: string } | { runtime: string };

/** One name a renderer writes from another module: a value, a type (imported with `import type`), or the module's
 *  default export under that name. */
export interface Use {
  from: ModuleRef;
  name: string;
  as: 'value' | 'type' | 'default';
}

/** A type of the runtime's entry (`CallOptions`, `ApiError`...). */
export const runtimeType = (name: string): Use => ({ from: { runtime: 'index' }, name, as: 'type' });
/** A value of a runtime module (`bindOperations` of factory.js). */
export const runtimeValue = (module: string, name: string): Use => ({ from: { runtime: module }, name, as: 'value' });
/** A type of the API's schema.ts (`components`, `operations`, `paths`). */
export const schemaType = (name: string): Use => ({ from: { sibling: 'schema' }, name, as: 'type' });

/** What a part of a file renders: its statements and the names they use. */
export interface Rendered<S> {
  statements: S[];
  uses: Use[];
}

const rank = (m: ModuleRef) => ('package' in m ? 0 : 'sibling' in m ? 1 : 2);

/** The specifier of a module from a file that imports the runtime's entry as `runtimeImport`. */
export function specifier(m: ModuleRef, runtimeImport: string): string {
  if ('package' in m) return m.package;
  if ('sibling' in m) return `./${m.sibling}.js`;
  return runtimeImport.replace(/index\.js$/, `${m.runtime}.js`);
}

/** The import declarations of a file whose parts use `uses`. */
export function importDeclarations(uses: Iterable<Use>, runtimeImport: string, K: Kinds): ImportDeclarationStructure[] {
  // One declaration per module and kind (values with the default, or types), keyed in first-use order.
  const declared = new Map<string, { from: ModuleRef; typeOnly: boolean; defaultImport?: string; names: Set<string> }>();
  for (const use of uses) {
    const typeOnly = use.as === 'type';
    const f = use.from;
    const key = `${typeOnly}\0${'package' in f ? `p${f.package}` : 'sibling' in f ? `s${f.sibling}` : `r${f.runtime}`}`;
    const d = declared.get(key) ?? { from: use.from, typeOnly, names: new Set<string>() };
    if (use.as === 'default') d.defaultImport = use.name;
    else d.names.add(use.name);
    declared.set(key, d);
  }
  const order = [...declared.values()].map((d, i) => ({ d, i })).sort((a, b) => rank(a.d.from) - rank(b.d.from) || Number(a.d.typeOnly) - Number(b.d.typeOnly) || a.i - b.i);
  return order.map(({ d }) => ({
    kind: K.ImportDeclaration,
    ...(d.typeOnly ? { isTypeOnly: true } : {}),
    ...(d.defaultImport ? { defaultImport: d.defaultImport } : {}),
    ...(d.names.size ? { namedImports: [...d.names].sort() } : {}),
    moduleSpecifier: specifier(d.from, runtimeImport),
  }));
}
