// Where a breaking change lives in the old generated files, found with the consumer program's checker: the
// declarations a path of the surface report names (`Order.title`, `listOrders query.limit`, `createOrder body.note`),
// an operation's method and its parameters. The consumer's code is then matched against these declarations, never
// against names alone.
import type * as TS from 'typescript';
import type { Ts } from './types.js';

/** The declarations at a path, and the object types the last property was looked up on (for a property added). */
interface PathTarget {
  decls: Set<TS.Node>;
  owners: TS.Type[];
}

const ROOT = /^([^ ]+) (query|path|header|cookie|body|result)(.*)$/;
const STEP = /\.([^.[{<]+)|\[\]|\{\}|<>/g;
const SECTIONS = new Set(['responses', 'parameters', 'requestBodies', 'headers', 'pathItems']);

export class ApiTargets {
  private readonly clientDecl: TS.InterfaceDeclaration | undefined;

  constructor(
    private readonly ts: Ts,
    private readonly checker: TS.TypeChecker,
    private readonly client: TS.SourceFile,
    private readonly schema: TS.SourceFile | undefined,
    /** index.ts, whose named schema types are exports of the API too. */
    private readonly index?: TS.SourceFile,
  ) {
    this.clientDecl = client.statements.find((s): s is TS.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && /Client$/.test(s.name.text) && exported(ts, s));
  }

  /** The method of `op` on the client interface. */
  method(op: string): TS.Node | undefined {
    // `repos.get`: the member `get` of the interface the client's `repos` is typed by (ReposResource).
    const { ts } = this;
    let members = this.clientDecl?.members;
    let found: TS.TypeElement | undefined;
    for (const name of op.split('.')) {
      if (found) {
        const t = ts.isPropertySignature(found) ? found.type : undefined;
        const type = t && ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName) ? t.typeName.text : undefined;
        members = this.client.statements.find((s): s is TS.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === type)?.members;
      }
      found = members?.find((m) => m.name !== undefined && ts.isIdentifier(m.name) && m.name.text === name);
      if (!found) return undefined;
    }
    return found;
  }

  /** The name `op`'s types are named after, as the surface reads it (surface/extract.ts) from the method's type (`XCall`,
   *  or a function taking `XParams`): the model makes names unique, so a path does not give it (`itemsList` may be ItemsList2). */
  private typesName(op: string): string {
    const { ts } = this;
    const m = this.method(op);
    const t = m && ts.isPropertySignature(m) ? m.type : undefined;
    const ref = t && ts.isFunctionTypeNode(t) ? t.parameters[0]?.type : t;
    const name = ref && ts.isTypeReferenceNode(ref) && ts.isIdentifier(ref.typeName) ? ref.typeName.text : '';
    return /^(\w+?)(?:Call|Params)$/.exec(name)?.[1] ?? pascal(op);
  }

  /** What calling `op` resolves to: its method, and the call signatures and members (all, pages) of its `XCall` type. */
  callees(op: string): Set<TS.Node> {
    const out = new Set<TS.Node>();
    const m = this.method(op);
    if (!m) return out;
    out.add(m);
    const call = this.client.statements.find((s): s is TS.InterfaceDeclaration => this.ts.isInterfaceDeclaration(s) && s.name.text === `${this.typesName(op)}Call`);
    for (const member of call?.members ?? []) out.add(member);
    return out;
  }

  /** The parameters interface of `op` (`ListOrdersParams`). */
  params(op: string): TS.InterfaceDeclaration | undefined {
    return this.client.statements.find((s): s is TS.InterfaceDeclaration => this.ts.isInterfaceDeclaration(s) && s.name.text === `${this.typesName(op)}Params`);
  }

  param(op: string, name: string): TS.Node | undefined {
    return this.params(op)?.members.find((m) => m.name !== undefined && (this.ts.isIdentifier(m.name) || this.ts.isStringLiteral(m.name)) && m.name.text === name);
  }

  /** The declarations an exported name of client.ts (or a named schema type of index.ts) stands for. */
  exported(name: string): Set<TS.Node> {
    const { ts } = this;
    const named = (x: TS.Statement) => (ts.isInterfaceDeclaration(x) || ts.isTypeAliasDeclaration(x) || ts.isFunctionDeclaration(x) ? x.name?.text : undefined);
    const s = [...this.client.statements, ...(this.index?.statements ?? [])].find((x) => exported(ts, x) && named(x) === name);
    return new Set(s ? [s] : []);
  }

  /** Every parameters-interface member of client.ts: what a call's object literal sets. */
  paramMembers(): TS.TypeElement[] {
    return this.client.statements.flatMap((s) => (this.ts.isInterfaceDeclaration(s) && /Params$/.test(s.name.text) ? [...s.members] : []));
  }

  /** The declarations a surface path names, and the types its last property belongs to. */
  path(target: string): PathTarget {
    const { ts, checker } = this;
    const root = ROOT.exec(target);
    let types: TS.Type[] = [];
    let decls: TS.Symbol[] = [];
    let rest: string;
    if (root) {
      const [, op, where, tail] = root as unknown as [string, string, string, string];
      rest = tail;
      const alias = this.client.statements.find((s): s is TS.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === `${this.typesName(op)}Op`);
      const opType = alias ? [checker.getTypeAtLocation(alias)] : [];
      if (where === 'body') decls = this.props(this.props(this.props(opType, 'requestBody').types, 'content').types, undefined).symbols;
      else if (where === 'result') {
        const responses = this.props(opType, 'responses').types;
        const ok = responses.flatMap((t) => t.getProperties().filter((p) => /^2|^default$/.test(p.name)).map((p) => checker.getTypeOfSymbol(p)));
        decls = this.props(this.props(ok, 'content').types, undefined).symbols;
      } else decls = this.props(this.props(opType, 'parameters').types, where).symbols;
      types = decls.map((s) => checker.getTypeOfSymbol(s));
      if (where !== 'body' && where !== 'result') decls = [];
    } else {
      const components = this.schema?.statements.find((s): s is TS.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'components');
      const first = /^[^.[{<]+/.exec(target)?.[0] ?? target;
      rest = target.slice(first.length);
      const base = components ? [checker.getTypeAtLocation(components)] : [];
      let section = 'schemas';
      let name = first;
      const next = /^\.([^.[{<]+)/.exec(rest);
      if (SECTIONS.has(first) && next) {
        section = first;
        name = next[1]!;
        rest = rest.slice(next[0].length);
      }
      const found = this.props(this.props(base, section).types, name);
      decls = found.symbols;
      types = found.types;
    }
    let owners: TS.Type[] = [];
    for (const m of rest.matchAll(STEP)) {
      if (m[1] !== undefined) {
        owners = types;
        const found = this.props(types, m[1]);
        decls = found.symbols;
        types = found.types;
      } else {
        const kind = m[0] === '{}' ? ts.IndexKind.String : ts.IndexKind.Number;
        types = m[0] === '<>' ? [] : this.spread(types).flatMap((t) => checker.getIndexTypeOfType(t, kind) ?? []);
        decls = [];
      }
    }
    return { decls: new Set(decls.flatMap((s) => s.declarations ?? [])), owners: this.spread(owners) };
  }

  /** The object types in `types` (unions opened, null and undefined dropped). */
  private spread(types: readonly TS.Type[]): TS.Type[] {
    return types.flatMap((t) => {
      const n = this.checker.getNonNullableType(t);
      return n.isUnion() ? n.types : [n];
    });
  }

  /** Property `name` (every property when undefined) of each type: the symbols and their types. */
  private props(types: readonly TS.Type[], name: string | undefined): { symbols: TS.Symbol[]; types: TS.Type[] } {
    const symbols = this.spread(types).flatMap((t) => (name === undefined ? t.getProperties() : (t.getProperty(name) ?? [])));
    return { symbols, types: symbols.map((s) => this.checker.getTypeOfSymbol(s)) };
  }
}

/** The name an operation's types are named after where its method's type does not say (a client generated before
 *  methods were typed by name): `listOrders` -> `ListOrders`, `repos.get` -> `ReposGet`. */
const pascal = (op: string): string => op.split('.').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

function exported(ts: Ts, s: TS.Statement): boolean {
  return (ts.canHaveModifiers(s) ? ts.getModifiers(s) : undefined)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) === true;
}
