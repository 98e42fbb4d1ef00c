// The public surface of one generated API, read back from its TypeScript (client.ts + schema.ts) with ts-morph:
// whatever docex version wrote them, since the client compiled against those files, and its document may be gone.
// Only syntax is read (no type-checker): aliases and `components["schemas"]["X"]` references are followed by name.
import type { ts as tsTypes } from 'ts-morph';

type TS = typeof tsTypes;

/** What reading a surface needs: TypeScript (ts-morph's) and a syntax-only parse with it (typescript/printer.ts's). */
export interface SurfaceParser {
  readonly tsMorph: { readonly ts: TS };
  parse(path: string, text: string): tsTypes.SourceFile;
}
type TypeNode = tsTypes.TypeNode;

type Reach = 'request' | 'response';

interface ParamSurface {
  required: boolean;
}

export interface EnumSurface {
  values: string[];
  /** `x-extensible-enum`: known values plus `(string & {})`. */
  extensible: boolean;
  reach: Set<Reach>;
  /** Operations that reach it (the first few, for the report). */
  operations: string[];
}

export interface ApiSurface {
  operations: Map<string, { params: Map<string, ParamSurface> }>;
  /** `Document.status`, `listDocuments query direction` -> the literal union there. */
  enums: Map<string, EnumSurface>;
  /** Properties of objects reachable from requests and from responses, by path. */
  properties: Record<Reach, Map<string, PropSurface & { operations: string[] }>>;
  exported: Set<string>;
  /** index.ts's named schema types: name -> the schema it names (`components/schemas/repository`). */
  named: Map<string, string | undefined>;
}

interface Local {
  enums: Map<string, { values: string[]; extensible: boolean }>;
  props: Map<string, PropSurface>;
  refs: Set<string>;
}

/** A property: optional or not, and its type's shape (`string`, `number|null`, `array`, `object`, `ref:Company`). */
interface PropSurface {
  optional: boolean;
  shape: string;
}

const MAX_OPS = 3;

function nameText(ts: TS, name: tsTypes.PropertyName): string {
  if (ts.isComputedPropertyName(name)) return ts.isStringLiteralLike(name.expression) || ts.isNumericLiteral(name.expression) ? name.expression.text : '[computed]';
  return name.text;
}

/** The string keys of an indexed-access chain rooted at `root`: `components["schemas"]["X"]` -> ['schemas', 'X']. */
function indexChain(ts: TS, node: TypeNode, root: string): string[] | undefined {
  const keys: string[] = [];
  let n: TypeNode = node;
  while (ts.isIndexedAccessTypeNode(n)) {
    const i = n.indexType;
    if (!ts.isLiteralTypeNode(i) || !(ts.isStringLiteral(i.literal) || ts.isNumericLiteral(i.literal))) return undefined;
    keys.unshift(i.literal.text);
    n = n.objectType;
  }
  return ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && n.typeName.text === root && keys.length ? keys : undefined;
}

/** The value of a string literal type, or undefined. */
function literal(ts: TS, t: TypeNode): string | undefined {
  return ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : undefined;
}

/** `(string & {})`: the open end of an x-extensible-enum. */
function openString(ts: TS, t: TypeNode): boolean {
  const inner = ts.isParenthesizedTypeNode(t) ? t.type : t;
  return ts.isIntersectionTypeNode(inner) && inner.types.some((x) => x.kind === ts.SyntaxKind.StringKeyword);
}

/** Walks one type: literal unions become enums at `path`, object members props, component references refs. */
function walk(ts: TS, src: tsTypes.SourceFile, node: TypeNode, path: string, local: Local, depth = 0): void {
  if (depth > 40) return;
  if (ts.isParenthesizedTypeNode(node) || (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword)) return walk(ts, src, node.type, path, local, depth + 1);
  if (ts.isIndexedAccessTypeNode(node)) {
    const ref = indexChain(ts, node, 'components');
    if (ref) {
      local.refs.add(ref.slice(0, 2).join('/'));
      return;
    }
  }
  if (ts.isUnionTypeNode(node) || literal(ts, node) !== undefined) {
    const members = ts.isUnionTypeNode(node) ? node.types : [node];
    const values: string[] = [];
    const rest: TypeNode[] = [];
    let extensible = false;
    for (const m of members) {
      const value = literal(ts, m);
      if (value !== undefined) values.push(value);
      else if (openString(ts, m)) extensible = true;
      else rest.push(m);
    }
    // The alternatives of a union each name their discriminant (`event: 'created'` | `event: 'done'`): the property
    // holds any of their values.
    const had = local.enums.get(path);
    if (values.length) local.enums.set(path, had ? { values: [...new Set([...had.values, ...values])], extensible: had.extensible || extensible } : { values, extensible });
    for (const m of rest) walk(ts, src, m, path, local, depth + 1);
    return;
  }
  if (ts.isTypeLiteralNode(node)) return walkMembers(ts, src, node.members, path, local, depth);
  if (ts.isArrayTypeNode(node)) return walk(ts, src, node.elementType, `${path}[]`, local, depth + 1);
  if (ts.isIntersectionTypeNode(node)) for (const t of node.types) walk(ts, src, t, path, local, depth + 1);
  else if (ts.isTypeReferenceNode(node)) node.typeArguments?.forEach((t) => walk(ts, src, t, `${path}<>`, local, depth + 1));
  else if (ts.isTupleTypeNode(node)) node.elements.forEach((t) => walk(ts, src, ts.isNamedTupleMember(t) ? t.type : t, `${path}[]`, local, depth + 1));
}

/** An object type's members: each property a prop at `path.name`, walked on; an index signature's type at `path{}`. */
function walkMembers(ts: TS, src: tsTypes.SourceFile, members: readonly tsTypes.TypeElement[], path: string, local: Local, depth: number): void {
  for (const m of members) {
    if (ts.isPropertySignature(m) && m.type) {
      const key = `${path}.${nameText(ts, m.name)}`;
      local.props.set(key, { optional: m.questionToken !== undefined, shape: shape(ts, src, m.type) });
      walk(ts, src, m.type, key, local, depth + 1);
    } else if (ts.isIndexSignatureDeclaration(m)) walk(ts, src, m.type, `${path}{}`, local, depth + 1);
  }
}

/** The kind of one member of a type (not a union), as `shape` names it. */
function kindOf(ts: TS, src: tsTypes.SourceFile, t: TypeNode): string {
  // A keyword's text is its token's (`string`, `unknown`): no slice of the file needed (unless it is spelt with
  // escapes, which the file's text then shows).
  const keyword = ts.isToken(t) ? ts.tokenToString(t.kind) : undefined;
  if (keyword !== undefined && src.text.startsWith(keyword, t.end - keyword.length)) return keyword;
  const ref = ts.isIndexedAccessTypeNode(t) ? indexChain(ts, t, 'components') : undefined;
  if (ref) return `ref:${ref.slice(1, 2).join('')}`;
  if (ts.isLiteralTypeNode(t)) return t.literal.kind === ts.SyntaxKind.NullKeyword ? 'null' : ts.isStringLiteral(t.literal) ? 'string' : ts.isNumericLiteral(t.literal) ? 'number' : 'boolean';
  if (ts.isArrayTypeNode(t) || ts.isTupleTypeNode(t)) return 'array';
  if (ts.isTypeLiteralNode(t)) return 'object';
  if (ts.isIntersectionTypeNode(t)) return t.types.some((x) => x.kind === ts.SyntaxKind.StringKeyword) ? 'string' : 'object';
  return t.getText(src);
}

/** The kinds a type is made of, sorted: enough to see a changed type or a property that became nullable. */
function shape(ts: TS, src: tsTypes.SourceFile, node: TypeNode): string {
  let one: string | undefined;
  let kinds: Set<string> | undefined;
  const add = (t: TypeNode): void => {
    if (ts.isParenthesizedTypeNode(t) || (ts.isTypeOperatorNode(t) && t.operator === ts.SyntaxKind.ReadonlyKeyword)) return add(t.type);
    if (ts.isUnionTypeNode(t)) return t.types.forEach(add);
    const kind = kindOf(ts, src, t);
    if (kind === 'never') return; // `query?: never`: no parameters of that kind yet
    if (one === undefined || one === kind) one = kind;
    else (kinds ??= new Set([one])).add(kind);
  };
  add(node);
  return kinds ? [...kinds].sort().join('|') : (one ?? '');
}

const emptyLocal = (): Local => ({ enums: new Map(), props: new Map(), refs: new Set() });

/** The typed property signatures among `members`, as name -> type. */
function propertyTypes(ts: TS, members: Iterable<tsTypes.TypeElement>): Map<string, TypeNode> {
  const out = new Map<string, TypeNode>();
  for (const m of members) if (ts.isPropertySignature(m) && m.type) out.set(nameText(ts, m.name), m.type);
  return out;
}

/** Members of a top-level `export interface name { ... }` (all its declarations) as name -> type. */
function interfaceMembers(ts: TS, file: tsTypes.SourceFile, name: string): Map<string, TypeNode> {
  return propertyTypes(ts, file.statements.flatMap((s) => (ts.isInterfaceDeclaration(s) && s.name.text === name ? [...s.members] : [])));
}

function membersOf(ts: TS, node: TypeNode | undefined): Map<string, TypeNode> {
  return propertyTypes(ts, node && ts.isTypeLiteralNode(node) ? node.members : []);
}

/** The surface of the API whose client.ts and schema.ts texts (and index.ts's, where there is one) are given. */
export function extractSurface(printer: SurfaceParser, clientText: string, schemaText: string, indexText?: string): ApiSurface {
  const index = indexText === undefined ? undefined : printer.parse('/index.ts', indexText);
  return surfaceOf(printer.tsMorph.ts, printer.parse('/client.ts', clientText), printer.parse('/schema.ts', schemaText), index);
}

/** What index.ts declares itself (its named schema types, `Repository`), by name, with the schema each names
 *  (`components/schemas/repository`) where it is one: its re-exports of client.ts and the runtime are theirs. */
function indexExports(ts: TS, index: tsTypes.SourceFile): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const s of index.statements) {
    if (!ts.isTypeAliasDeclaration(s) || !(ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    out.set(s.name.text, indexChain(ts, s.type, 'components')?.join('/'));
  }
  return out;
}

/** schema.ts's components by key (`schemas/Name`, `responses/Name`...): what each holds, walked the first time it is
 *  asked for (a component no operation reaches is never walked). */
function componentsOf(ts: TS, schema: tsTypes.SourceFile): (key: string) => Local | undefined {
  const types = new Map<string, [TypeNode, string]>();
  for (const [section, type] of interfaceMembers(ts, schema, 'components')) {
    for (const [name, t] of membersOf(ts, type)) types.set(`${section}/${name}`, [t, section === 'schemas' ? name : `${section}.${name}`]);
  }
  const walked = new Map<string, Local>();
  return (key) => {
    let local = walked.get(key);
    const found = local ? undefined : types.get(key);
    if (found) {
      const [t, path] = found;
      local = emptyLocal();
      // A response component counts by what it returns, as an inline response does (operationRoots): its headers are
      // no part of the method's result.
      if (key.startsWith('responses/') && ts.isTypeLiteralNode(t)) walkMembers(ts, schema, t.members.filter((m) => !m.name || nameText(ts, m.name) !== 'headers'), path, local, 0);
      else walk(ts, schema, t, path, local);
      walked.set(key, local);
    }
    return local;
  };
}

/** What client.ts declares: type aliases by name, the members of each parameter type, exported names, and the
 *  members of the exported `...Client` interface. */
interface ClientDeclarations {
  aliases: Map<string, TypeNode>;
  paramDecls: Map<string, tsTypes.NodeArray<tsTypes.TypeElement>>;
  exported: Set<string>;
  clientMembers: tsTypes.NodeArray<tsTypes.TypeElement> | undefined;
}

function clientDeclarations(ts: TS, client: tsTypes.SourceFile): ClientDeclarations {
  const out: ClientDeclarations = { aliases: new Map(), paramDecls: new Map(), exported: new Set(), clientMembers: undefined };
  for (const s of client.statements) {
    const isExported = (ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true;
    if (ts.isTypeAliasDeclaration(s)) {
      out.aliases.set(s.name.text, s.type);
      if (ts.isTypeLiteralNode(s.type)) out.paramDecls.set(s.name.text, s.type.members);
    } else if (ts.isInterfaceDeclaration(s)) {
      out.paramDecls.set(s.name.text, s.members);
      if (isExported && /Client$/.test(s.name.text)) out.clientMembers = s.members;
    }
    if (isExported) {
      if (ts.isTypeAliasDeclaration(s) || ts.isInterfaceDeclaration(s) || ts.isFunctionDeclaration(s)) if (s.name) out.exported.add(s.name.text);
      if (ts.isVariableStatement(s)) for (const d of s.declarationList.declarations) if (ts.isIdentifier(d.name)) out.exported.add(d.name.text);
    }
  }
  return out;
}

/** schema.ts's interfaces an operation's type is found in. */
interface SchemaIndex {
  operationsById: Map<string, TypeNode>;
  pathsByKey: Map<string, TypeNode>;
}

/** The operation's type in schema.ts, through client.ts's `XOp` alias: operations["id"] or paths["/x"]["get"]. */
function operationType(ts: TS, alias: TypeNode | undefined, schema: SchemaIndex): TypeNode | undefined {
  let opType: TypeNode | undefined;
  const byId = alias && indexChain(ts, alias, 'operations');
  const byPath = alias && indexChain(ts, alias, 'paths');
  if (byId?.length === 1) opType = schema.operationsById.get(byId[0]!);
  else if (byPath?.length === 2) opType = membersOf(ts, schema.pathsByKey.get(byPath[0]!)).get(byPath[1]!);
  if (opType && ts.isIndexedAccessTypeNode(opType)) {
    const id = indexChain(ts, opType, 'operations');
    if (id?.length === 1) opType = schema.operationsById.get(id[0]!);
  }
  return opType;
}

/** What a call of `op` sends (parameters, the body's content) and what a success returns (2xx content); error bodies
 *  and headers are not part of the method's result. */
function operationRoots(ts: TS, op: string, opType: TypeNode | undefined): [TypeNode, string, Reach][] {
  const parts = membersOf(ts, opType);
  const roots: [TypeNode, string, Reach][] = [];
  for (const [where, t] of membersOf(ts, parts.get('parameters'))) roots.push([t, `${op} ${where}`, 'request']);
  const body = parts.get('requestBody');
  for (const [, t] of membersOf(ts, membersOf(ts, body).get('content'))) roots.push([t, `${op} body`, 'request']);
  if (body && !ts.isTypeLiteralNode(body)) roots.push([body, `${op} body`, 'request']);
  for (const [status, t] of membersOf(ts, parts.get('responses'))) {
    // 2xx: the method's result; default: the body an ApiError carries, which docex diff also counts as a response.
    if (!/^2/.test(status) && status !== 'default') continue;
    const content = ts.isTypeLiteralNode(t) ? membersOf(ts, t).get('content') : t;
    if (!content) continue;
    if (ts.isTypeLiteralNode(content)) for (const [, c] of membersOf(ts, content)) roots.push([c, `${op} result`, 'response']);
    else roots.push([content, `${op} result`, 'response']);
  }
  return roots;
}

/** Adds what `local` holds to the surface, as reached by `op` in direction `r` (at most MAX_OPS operations named). */
function addLocal(surface: ApiSurface, local: Local, r: Reach, op: string): void {
  for (const [path, e] of local.enums) {
    let have = surface.enums.get(path);
    if (!have) surface.enums.set(path, (have = { values: e.values, extensible: e.extensible, reach: new Set<Reach>(), operations: [] }));
    have.reach.add(r);
    if (have.operations.length < MAX_OPS && !have.operations.includes(op)) have.operations.push(op);
  }
  const properties = surface.properties[r];
  for (const [path, prop] of local.props) {
    let have = properties.get(path);
    if (!have) properties.set(path, (have = { optional: prop.optional, shape: prop.shape, operations: [] }));
    if (have.operations.length < MAX_OPS && !have.operations.includes(op)) have.operations.push(op);
  }
}

/** Components reachable from `refs`, by direction: `reach` records `op` on each (breadth-first over component
 *  references). */
function spread(reach: Map<string, Map<Reach, string[]>>, components: (key: string) => Local | undefined, refs: Iterable<string>, r: Reach, op: string): void {
  const queue = [...refs];
  const seen = new Set<string>();
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const byReach = reach.get(key) ?? new Map<Reach, string[]>();
    const ops = byReach.get(r) ?? [];
    // Already reached in this direction by this operation or by enough operations: its references were walked then.
    if (ops.length >= MAX_OPS || ops.includes(op)) continue;
    ops.push(op);
    byReach.set(r, ops);
    reach.set(key, byReach);
    for (const next of components(key)?.refs ?? []) queue.push(next);
  }
}

/** The methods of a client interface by path (`listDocuments`, `repos.get`: a member typed by a `...Resource`
 *  interface is a resource), each with the name its types are named after (`ReposGet`: ReposGetParams). */
function* methodsOf(ts: TS, members: Iterable<tsTypes.TypeElement>, interfaces: Map<string, tsTypes.NodeArray<tsTypes.TypeElement>>, prefix: string): Generator<[string, string]> {
  for (const member of members) {
    if (!(ts.isPropertySignature(member) || ts.isMethodSignature(member)) || !member.name) continue;
    const path = `${prefix}${nameText(ts, member.name)}`;
    const t = member.type;
    const resource = t && ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) && /Resource$/.test(t.typeName.text) ? interfaces.get(t.typeName.text) : undefined;
    if (resource) yield* methodsOf(ts, resource, interfaces, `${path}.`);
    else yield [path, typesName(ts, t) ?? path.split('.').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')];
  }
}

/** The name a method's types are named after, read from its type: `XCall`, or a function taking `XParams` (the
 *  model makes names unique, so `a.bC.x` and `aB.c.x` are `ABCX` and `ABCX2`, whatever their paths). */
function typesName(ts: TS, t: TypeNode | undefined): string | undefined {
  const named = (n: TypeNode | undefined, suffix: string) => (n && ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName) && n.typeName.text.endsWith(suffix) ? n.typeName.text.slice(0, -suffix.length) : undefined);
  if (t && ts.isFunctionTypeNode(t)) return named(t.parameters[0]?.type, 'Params');
  return named(t, 'Call');
}

/** The surface of an API from its client.ts and schema.ts, parsed (parents need not be set: node text is read from
 *  the file's text, so the syntax gate's own parse serves). */
export function surfaceOf(ts: TS, client: tsTypes.SourceFile, schema: tsTypes.SourceFile, indexFile?: tsTypes.SourceFile): ApiSurface {
  const components = componentsOf(ts, schema);
  const index: SchemaIndex = { operationsById: interfaceMembers(ts, schema, 'operations'), pathsByKey: interfaceMembers(ts, schema, 'paths') };
  const { aliases, paramDecls, exported, clientMembers } = clientDeclarations(ts, client);
  const named = indexFile ? indexExports(ts, indexFile) : new Map<string, string | undefined>();
  for (const name of named.keys()) exported.add(name);
  const surface: ApiSurface = { operations: new Map(), enums: new Map(), properties: { request: new Map(), response: new Map() }, exported, named };
  const reach = new Map<string, Map<Reach, string[]>>();
  for (const [op, Name] of methodsOf(ts, clientMembers ?? [], paramDecls, '')) {
    const params = new Map<string, ParamSurface>();
    for (const p of paramDecls.get(`${Name}Params`) ?? []) {
      if (ts.isPropertySignature(p) && p.type) params.set(nameText(ts, p.name), { required: !p.questionToken });
    }
    surface.operations.set(op, { params });
    for (const [t, path, r] of operationRoots(ts, op, operationType(ts, aliases.get(`${Name}Op`), index))) {
      const local = emptyLocal();
      local.props.set(path, { optional: false, shape: shape(ts, schema, t) });
      walk(ts, schema, t, path, local);
      addLocal(surface, local, r, op);
      spread(reach, components, local.refs, r, op);
    }
  }
  for (const [key, byReach] of reach) {
    const local = components(key);
    if (!local) continue;
    for (const [r, ops] of byReach) for (const op of ops) addLocal(surface, local, r, op);
  }
  return surface;
}
