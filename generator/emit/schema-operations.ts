// openapi-typescript 7 (frozen) types the eight methods of OpenAPI 3.0/3.1 and four parameter locations: a 3.2 QUERY
// operation, an `additionalOperations` one and an `in: querystring` parameter would go untyped. They are typed here,
// as the corpus repairs are, by what openapi-typescript does type: its copy of the document holds each such operation
// as the GET of a path item of its own, and each querystring parameter as a query parameter under a marked name; the
// nodes it makes are then moved to where they belong, so that schema.ts reads as if openapi-typescript knew 3.2:
// `paths['/items']['query']` (operations['searchItems'] when it has an operationId) and
// `parameters: { query?: never; querystring: { filter: ... } }`.
import type { Node, PropertySignature, TypeElement, TypeLiteralNode } from 'typescript';
import { openapiVersion, pathItemOperations, type OpenApiDocument, type ParameterObject } from '../load/index.js';
import { isObject, pointerTarget } from '../util/json.js';

type TS = typeof import('typescript');
type Json = Record<string, unknown>;

/** Starts the names of the stand-in path items and query parameters; no document's key starts with a NUL. */
const MARK = '\u0000docex:';

/** The document as openapi-typescript is to see it: itself when it has nothing of 3.2 to type (placeMarked has
 *  nothing to move then). A querystring parameter of a 3.0 or 3.1 document, where it is no location, is typed as 3.2
 *  types it, as the client sends it. */
export function visibleToTypes(document: OpenApiDocument): OpenApiDocument {
  const version = openapiVersion(document);
  // Copied only when there is something to type: a large document takes long to copy.
  if (!hasUntyped(document, version)) return document;
  const doc = structuredClone(document);
  const paths = (doc.paths ?? {}) as Record<string, unknown>;
  let changed = false;
  for (const [path, written] of Object.entries(paths)) {
    const target = isObject(written) && typeof written.$ref === 'string' ? pointerTarget(doc, written.$ref) : written;
    if (!isObject(target)) continue;
    // A path item by reference is typed in place, so that its type is a literal the moved operations can join.
    const item = target === written ? target : (paths[path] = { ...target });
    for (const o of pathItemOperations<Json>(item, version)) {
      if (isObject(o.op)) changed = markQueryStrings(o.op.parameters) || changed;
      if (o.keys.length === 1 && o.method !== 'query') continue;
      // Its path item's parameters apply to it, as to the operations beside it.
      paths[`${MARK}${o.method} ${path}`] = { ...(item.parameters ? { parameters: item.parameters } : {}), get: o.op };
      changed = true;
    }
    changed = markQueryStrings(item.parameters) || changed;
  }
  for (const p of Object.values(doc.components?.parameters ?? {})) changed = markQueryStrings([p]) || changed;
  return changed ? doc : document;
}

const isQueryString = (p: unknown) => isObject(p) && p.in === 'querystring';
const listsQueryString = (list: unknown) => Array.isArray(list) && list.some(isQueryString);

/** Whether the document has an operation openapi-typescript does not type (QUERY, an additional one) or a querystring
 *  parameter. */
function hasUntyped(doc: OpenApiDocument, version: ReturnType<typeof openapiVersion>): boolean {
  const items = Object.values(doc.paths ?? {}).map((i) => (isObject(i) && typeof i.$ref === 'string' ? pointerTarget(doc, i.$ref) : i)).filter(isObject);
  return (
    Object.values(doc.components?.parameters ?? {}).some(isQueryString) ||
    items.some(
      (item) =>
        listsQueryString(item.parameters) ||
        pathItemOperations<Json>(item, version).some((o) => o.keys.length > 1 || o.method === 'query' || (isObject(o.op) && listsQueryString(o.op.parameters))),
    )
  );
}

/** Each querystring parameter of `list` as a query parameter of a marked name, typed by its content's schema. */
function markQueryStrings(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  let marked = false;
  for (const p of list as ParameterObject[]) {
    if (!isQueryString(p)) continue;
    const media = isObject(p.content) ? Object.values(p.content).find(isObject) : undefined;
    Object.assign(p, { in: 'query', name: `${MARK}${p.name}`, schema: isObject(media?.schema) ? media.schema : {} });
    delete p.content;
    marked = true;
  }
  return marked;
}

/** The nodes of schema.ts made from visibleToTypes' copy, each stand-in moved where it belongs (see above). */
export function placeMarked(ts: TS, nodes: readonly Node[]): Node[] {
  const moved = nodes.map((n) => (ts.isInterfaceDeclaration(n) && n.name.text === 'paths' ? movePathMembers(ts, n) : n));
  return ts.transform(moved, [(context) => (root) => ts.visitNode(root, function visit(node): Node {
    const next = ts.visitEachChild(node, visit, context);
    return ts.isTypeLiteralNode(next) ? splitQueryString(ts, next) : next;
  })]).transformed;
}

/** A property name as written: an identifier when it is one, else a string literal. */
const propertyName = (ts: TS, name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? ts.factory.createIdentifier(name) : ts.factory.createStringLiteral(name));

/** A member's name when it is an identifier or a string literal. */
export const nameOf = (ts: TS, m: TypeElement): string | undefined => (m.name && (ts.isStringLiteral(m.name) || ts.isIdentifier(m.name)) ? m.name.text : undefined);

/** `paths`: each stand-in path item's GET becomes the member `query` (`link`, ...) of its own path item's type. */
function movePathMembers(ts: TS, paths: import('typescript').InterfaceDeclaration): Node {
  const f = ts.factory;
  const extra = new Map<string, PropertySignature[]>();
  for (const m of paths.members) {
    const name = nameOf(ts, m);
    if (!name?.startsWith(MARK) || !ts.isPropertySignature(m) || !m.type || !ts.isTypeLiteralNode(m.type)) continue;
    const [method, ...rest] = name.slice(MARK.length).split(' ');
    const get = m.type.members.find((g): g is PropertySignature => ts.isPropertySignature(g) && nameOf(ts, g) === 'get');
    if (!get) continue;
    const list = extra.get(rest.join(' ')) ?? [];
    list.push(f.updatePropertySignature(get, get.modifiers, propertyName(ts, method!), get.questionToken, get.type));
    extra.set(rest.join(' '), list);
  }
  const members = paths.members.flatMap((m) => {
    const name = nameOf(ts, m);
    if (name?.startsWith(MARK)) return [];
    const added = name === undefined ? undefined : extra.get(name);
    if (!added || !ts.isPropertySignature(m) || !m.type || !ts.isTypeLiteralNode(m.type)) return [m];
    return [f.updatePropertySignature(m, m.modifiers, m.name, m.questionToken, f.updateTypeLiteralNode(m.type, f.createNodeArray([...m.type.members, ...added])))];
  });
  return f.updateInterfaceDeclaration(paths, paths.modifiers, paths.name, paths.typeParameters, paths.heritageClauses, members);
}

/** A parameters type `{ query: { <mark>filter: T } }` as `{ query?: never; querystring: { filter: T } }`. */
function splitQueryString(ts: TS, node: TypeLiteralNode): TypeLiteralNode {
  const f = ts.factory;
  const query = node.members.find((m): m is PropertySignature => ts.isPropertySignature(m) && nameOf(ts, m) === 'query');
  const group = query?.type && ts.isTypeLiteralNode(query.type) ? query.type : undefined;
  const marked = group?.members.filter((m) => nameOf(ts, m)?.startsWith(MARK)) ?? [];
  if (!query || !group || marked.length === 0) return node;
  const unmarked = group.members.filter((m) => !marked.includes(m));
  const renamed = marked.map((m) =>
    ts.isPropertySignature(m) ? f.updatePropertySignature(m, m.modifiers, propertyName(ts, nameOf(ts, m)!.slice(MARK.length)), m.questionToken, m.type) : m,
  );
  const never = f.createKeywordTypeNode(ts.SyntaxKind.NeverKeyword);
  const optional = f.createToken(ts.SyntaxKind.QuestionToken);
  const rest = unmarked.length ? f.updatePropertySignature(query, query.modifiers, query.name, query.questionToken, f.updateTypeLiteralNode(group, f.createNodeArray(unmarked))) : f.updatePropertySignature(query, query.modifiers, query.name, optional, never);
  const querystring = f.createPropertySignature(query.modifiers, 'querystring', renamed.every((m) => m.questionToken) ? optional : undefined, f.createTypeLiteralNode(renamed));
  return f.updateTypeLiteralNode(node, f.createNodeArray(node.members.flatMap((m) => (m === query ? [rest, querystring] : [m]))));
}
