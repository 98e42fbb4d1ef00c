// What schema.ts leaves out of openapi-typescript's output: text client.ts already carries and filler no type reads,
// which an editor would parse (every JSDoc tag included) before its first completion.
// - A paths method slot's doc comment: the operation's summary and description, which the client method's hover has.
// - `put?: never` for each method a path item lacks, and a path item's `parameters` of `?: never` groups alone:
//   openapi-fetch finds a path's methods by the keys present (PathsWithMethod) and reads parameters from the
//   operation, never from the path item.
// - `headers: { [name: string]: unknown }` on a response that declares no header: neither client.ts nor openapi-fetch
//   reads a response's headers type, and the client-surface report counts a response by its content.
// Kept: an operation's `?: never` parameter groups and `requestBody?: never`, which openapi-fetch's ParamsOption and
// RequestBodyOption read. test/generator/schema-trim.test-d.ts holds what openapi-fetch resolves alike without the rest.
import type { Node, TypeElement, TypeLiteralNode, TypeNode } from 'typescript';
import { HTTP_METHODS, type OpenApiDocument } from '../load/index.js';
import { isObject, pointerTarget } from '../util/json.js';
import { nameOf } from './schema-operations.js';

type TS = typeof import('typescript');

/** The operation objects of the document's paths (a path item by reference followed): the subjects whose doc comment
 *  openapi-typescript would put on a paths method slot. A webhook's operations are not among them (no method has
 *  their text). */
export function pathOperations(doc: OpenApiDocument): ReadonlySet<object> {
  const ops = new Set<object>();
  for (const written of Object.values(doc.paths ?? {})) {
    const item = isObject(written) && typeof written.$ref === 'string' ? pointerTarget(doc, written.$ref) : written;
    if (!isObject(item)) continue;
    for (const m of HTTP_METHODS) if (isObject(item[m])) ops.add(item[m]);
  }
  return ops;
}

const METHODS: ReadonlySet<string> = new Set(HTTP_METHODS);

const isOptionalNever = (ts: TS, m: TypeElement): boolean =>
  ts.isPropertySignature(m) && m.questionToken !== undefined && m.type?.kind === ts.SyntaxKind.NeverKeyword;

/** `name: { ... }`'s type literal, when the member is that. */
const literalOf = (ts: TS, m: TypeElement): TypeLiteralNode | undefined =>
  ts.isPropertySignature(m) && m.type && ts.isTypeLiteralNode(m.type) ? m.type : undefined;

/** The nodes of schema.ts without the filler above; the interfaces are rebuilt, every other node is returned as is. */
export function trimmed(ts: TS, nodes: readonly Node[]): Node[] {
  const f = ts.factory;
  const withMembers = <T extends TypeLiteralNode>(node: T, members: readonly TypeElement[]): TypeLiteralNode =>
    members.length === node.members.length && members.every((m, i) => m === node.members[i]) ? node : f.updateTypeLiteralNode(node, f.createNodeArray(members));
  const withType = (m: TypeElement, type: TypeNode): TypeElement =>
    ts.isPropertySignature(m) && m.type !== type ? f.updatePropertySignature(m, m.modifiers, m.name, m.questionToken, type) : m;
  type Each = (t: TypeLiteralNode, name: string | undefined) => TypeLiteralNode;
  /** The members, each whose type is a literal through `each`. */
  const mapMembers = (members: readonly TypeElement[], each: Each): TypeElement[] =>
    members.map((m) => {
      const t = literalOf(ts, m);
      return t ? withType(m, each(t, nameOf(ts, m))) : m;
    });
  const mapLiterals = (node: TypeLiteralNode, each: Each): TypeLiteralNode => withMembers(node, mapMembers(node.members, each));

  /** A response without `headers` when it declares none (openapi-typescript's index signature alone). */
  const response = (r: TypeLiteralNode): TypeLiteralNode =>
    withMembers(r, r.members.filter((m) => {
      const h = nameOf(ts, m) === 'headers' ? literalOf(ts, m) : undefined;
      return !(h && h.members.length === 1 && ts.isIndexSignatureDeclaration(h.members[0]!) && h.members[0].type.kind === ts.SyntaxKind.UnknownKeyword);
    }));
  const operation = (op: TypeLiteralNode): TypeLiteralNode => mapLiterals(op, (t, name) => (name === 'responses' ? mapLiterals(t, response) : t));
  /** A path item: no `?: never` method, no `parameters` of `?: never` groups alone; inline operations trimmed. */
  const pathItem = (item: TypeLiteralNode): TypeLiteralNode => {
    const kept = item.members.filter((m) => {
      const name = nameOf(ts, m);
      if (name !== undefined && METHODS.has(name)) return !isOptionalNever(ts, m);
      const params = name === 'parameters' ? literalOf(ts, m) : undefined;
      return !params?.members.every((g) => isOptionalNever(ts, g));
    });
    return mapLiterals(withMembers(item, kept), (t, name) => (name !== undefined && METHODS.has(name) ? operation(t) : t));
  };
  const sections: Record<string, Each> = {
    responses: (t) => mapLiterals(t, response),
    pathItems: (t) => mapLiterals(t, pathItem),
  };
  const interfaces: Record<string, Each> = {
    paths: pathItem,
    operations: operation,
    components: (t, name) => sections[name ?? '']?.(t, name) ?? t,
  };
  return nodes.map((n) => {
    if (!ts.isInterfaceDeclaration(n) || !Object.hasOwn(interfaces, n.name.text)) return n;
    const members = mapMembers(n.members, interfaces[n.name.text]!);
    return members.every((m, i) => m === n.members[i]) ? n : f.updateInterfaceDeclaration(n, n.modifiers, n.name, n.typeParameters, n.heritageClauses, members);
  });
}
