// The client interface of client.ts: one member per operation, a method type or `XCall` with its signatures and, for
// a collection, pages() and all(). What each hover says is client-docs.ts's.
import type { InterfaceDeclarationStructure, OptionalKind, PropertySignatureStructure, StatementStructures } from 'ts-morph';
import { successMedia, successResponse, type ApiModel } from '../model/index.js';
import { isJsonMedia } from '../model/conventions/media.js';
import { resourceTypeNames } from '../model/client-paths.js';
import { allDoc, clientDoc, methodDoc, pagesDoc } from './client-docs.js';
import { paging } from './client-features.js';
import type { OperationGroup } from './groups.js';
import { runtimeType, type Rendered, type Use } from './imports.js';
import { accepts, opType, type OperationDecl, type ResultDecl } from './operation-types.js';
import { docs, lineComment, q, upperFirst, type Kinds } from './print.js';

type Member = OptionalKind<PropertySignatureStructure>;

/** The members of one group of operations, under its heading, each with its path on the client (model `access`). */
export interface MemberGroup {
  heading: OperationGroup['heading'];
  members: (Member & { access: string[] })[];
}

/** The client interface's member of one operation, and its `XCall` interface where it has one (pages; If-None-Match). */
export function clientMember(d: OperationDecl, required: boolean, { responses, aDecl, optionsType, resultRef }: ResultDecl): Rendered<StatementStructures> & { member: Member } {
  const { op, K, Name, eParam, aE, generic } = d;
  // A GET with an If-None-Match parameter: calls that pass it may get NotModified (a 304 when the client does not hold
  // that version), so they have a signature of their own; calls without it (`?: undefined`) keep the plain result.
  const inm = op.params.find((p) => p.notModified);
  const unconditional = inm ? ` & { ${inm.key}?: undefined }` : '';
  const params = (options: string, extra = '') => [
    { name: 'params', hasQuestionToken: !required, type: `${Name}Params${aE}${extra}` },
    { name: 'options', hasQuestionToken: true, type: options },
  ];
  const conditional = inm ? `With \`${inm.key}\`: NotModified when that version is still the current one (304) and the client does not hold it.` : undefined;
  // The method's hover: on the member, and on each call signature where there are two (an editor then shows the
  // signature a call resolves to, and a signature without a comment of its own would show none).
  const summary = docs(methodDoc(op, conditional));
  const callTypeParams = [...eParam, ...(aDecl ? [{ name: 'A', constraint: accepts(responses), default: q(responses[0]!.mediaType) }] : [])];
  const callSignatures = [{ typeParameters: callTypeParams, parameters: params(optionsType, unconditional), returnType: `ApiPromise<${resultRef}>`, docs: inm ? docs(methodDoc(op)) : undefined }];
  const uses: Use[] = [runtimeType('ApiPromise')];
  if (inm) {
    uses.push(runtimeType('NotModified'));
    callSignatures.push({ typeParameters: callTypeParams, parameters: params(optionsType), returnType: `ApiPromise<${resultRef} | NotModified>`, docs: summary });
  }
  const call = (callable: InterfaceDeclarationStructure) => ({ statements: [callable], uses, member: { name: op.access.at(-1)!, type: `${Name}Call`, docs: summary } });
  const pager = paging(op);
  if (pager) {
    const resolved = itemType(d);
    const conventional = pager.items.length === 1 && pager.items[0] === 'items';
    const item = resolved ?? (conventional ? `PageItem<${Name}Result${aE}>` : `ItemsAt<${Name}Result${aE}, [${pager.items.map(q).join(', ')}]>`);
    uses.push(runtimeType('PageOptions'), runtimeType('WithNextPage'));
    if (!resolved) uses.push(runtimeType(conventional ? 'PageItem' : 'ItemsAt'));
    // pages() and all() yield data only: no If-None-Match of the caller's (one ETag names one page).
    return call({
      kind: K.Interface,
      name: `${Name}Call`,
      isExported: true,
      docs: docs(`${op.access.join('.')}() and its pages: calls, pages() and all().`),
      callSignatures,
      methods: [
        { name: 'all', typeParameters: eParam, parameters: params('PageOptions', unconditional), returnType: `AsyncIterableIterator<${item}>`, docs: docs(allDoc(op)) },
        { name: 'pages', typeParameters: eParam, parameters: params('PageOptions', unconditional), returnType: `AsyncIterableIterator<WithNextPage<NonNullable<${Name}Result${aE}>>>`, docs: docs(pagesDoc(op)) },
      ],
    });
  }
  if (inm) return call({ kind: K.Interface, name: `${Name}Call`, isExported: true, docs: docs(`${op.access.join('.')}(), without and with \`${inm.key}\`.`), callSignatures });
  const g = [generic, aDecl].filter(Boolean).join(', ');
  const type = `${g ? `<${g}>` : ''}(params${required ? '' : '?'}: ${Name}Params${aE}, options?: ${optionsType}) => ApiPromise<${resultRef}>`;
  return { statements: [], uses, member: { name: op.access.at(-1)!, type, docs: summary } };
}

/** The item type of all(), resolved here as an indexed access on the success body the paging reading was made from
 *  (`NonNullable<NonNullable<Body>['items']>[number]`), where the model read the items' array from the document's
 *  shape: tsc resolves it once, where `ItemsAt<XResult, Path>` (a recursive conditional) costs it an instantiation per
 *  path step and per union member on every check of client.ts. None where the reading is an extension's or config's
 *  (its path is the author's word, not checked against the body) or the result is generic (`expand`): those keep
 *  PageItem / ItemsAt, deferred until a program calls all(). */
function itemType({ op, expand }: OperationDecl): string | undefined {
  const reading = op.conventions.pagination;
  if (!reading || expand || (reading.source !== 'shape' && reading.source !== 'conventions')) return undefined;
  const status = String(op.conventions.successStatus);
  const media = successResponse(op)?.content.find((m) => isJsonMedia(m.mediaType))?.mediaType;
  if (!media) return undefined;
  // XResult where it is that body alone (NonNullable drops an empty success's `undefined`), else the body itself.
  const first = successMedia(op)[0];
  const body = first?.mediaType === media && first.statuses.length === 1 && !op.conventions.stream ? `${upperFirst(op.name)}Result` : `${opType(op)}['responses'][${q(status)}]['content'][${q(media)}]`;
  return `NonNullable<${reading.items.reduce((t, k) => `NonNullable<${t}>[${q(k)}]`, body)}>[number]`;
}

/** A resource of the client: its methods and the resources below it, in first use order. */
interface ResourceNode {
  methods: Member[];
  resources: Map<string, ResourceNode>;
}

/** The client interface, and an interface per resource (`gh.repos`: ReposResource) after it. Top-level methods come
 *  by group, a `// Tag` line opening each group of a tagged document; resources follow, in first use order. Every
 *  method takes CallOptions and returns an ApiPromise. */
export function clientInterface(api: ApiModel, groups: MemberGroup[], tagged: boolean, K: Kinds): Rendered<StatementStructures> {
  const root: ResourceNode = { methods: [], resources: new Map() };
  for (const g of groups) {
    let first = true;
    for (const { access, ...m } of g.members) {
      let at = root;
      for (const r of access.slice(0, -1)) {
        let next = at.resources.get(r);
        if (!next) at.resources.set(r, (next = { methods: [], resources: new Map() }));
        at = next;
      }
      // The heading opens a group's first top-level method: in a resource, the resource is the heading.
      at.methods.push(tagged && first && at === root ? { ...m, leadingTrivia: lineComment(g.heading) } : m);
      if (at === root) first = false;
    }
  }
  const resourcePaths: string[][] = [];
  const collect = (node: ResourceNode, path: string[]): void => {
    for (const [name, child] of node.resources) {
      resourcePaths.push([...path, name]);
      collect(child, [...path, name]);
    }
  };
  collect(root, []);
  const names = resourceTypeNames(resourcePaths);
  const resourceType = (path: string[]) => names.get(path.join('.'))!;
  const interfaces: StatementStructures[] = [];
  const properties = (node: ResourceNode, path: string[]): Member[] => [
    ...node.methods,
    ...[...node.resources].map(([name, child]) => {
      const at = [...path, name];
      const decl: InterfaceDeclarationStructure = { kind: K.Interface, name: resourceType(at), isExported: true, docs: docs(`The \`${at.join('.')}\` methods.`) };
      interfaces.push(decl);
      decl.properties = properties(child, at);
      return { name, isReadonly: true, type: resourceType(at), docs: docs(`The \`${at.join('.')}\` methods.`) };
    }),
  ];
  const client: StatementStructures = { kind: K.Interface, name: api.clientType, isExported: true, docs: docs(clientDoc(api.title, api.rawFactory)), properties: properties(root, []) };
  return { statements: [client, ...interfaces], uses: [runtimeType('CallOptions')] };
}
