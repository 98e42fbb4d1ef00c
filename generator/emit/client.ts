// client.ts and raw.ts of one API, built as ts-morph statement structures and printed once per file (print.ts).
// ts-morph prints names and comments as given, so every name from the document still reaches the output as a
// sanitised identifier (model/names.ts) or a quoted literal (q), and every comment through jsdocText().
// What a hover shows is written in client-docs.ts, the operation specs in specs.ts.
import type { InterfaceDeclarationStructure, JSDocStructure, OptionalKind, PropertySignatureStructure, StatementStructures } from 'ts-morph';
import { emptySuccessStatuses, successMedia, type ApiModel, type OperationModel, type ParamModel, type SuccessMedia } from '../model/index.js';
import { typeName } from '../model/names.js';
import { fragmentKeys } from '../util/json.js';
import { unique } from '../util/names.js';
import { allDoc, bodyDoc, clientDoc, jsdocText, methodDoc, pagesDoc, paramDoc } from './client-docs.js';
import type { Printer, Statement } from './print.js';
import { anyApi, authSchemes, errorStatusType, metSchemes, paging, q, specsStatement, styled, typedErrors } from './specs.js';
import { banner } from './templates.js';

/** The `docs` of a structure: none, or one JSDoc block. */
function docs(description: string | undefined): OptionalKind<JSDocStructure>[] | undefined {
  return description === undefined ? undefined : [{ description }];
}

/** A line comment's text: one line, whatever the document holds. */
const lineComment = (s: string) => `// ${s.replace(/[\r\n\u2028\u2029]+/g, ' ')}`;

const upperFirst = (s: string) => s[0]!.toUpperCase() + s.slice(1);

/** The operation's type in schema.ts, through a local alias declared once per operation. */
const opType = (op: OperationModel) => `${upperFirst(op.name)}Op`;

/** The operation's type in schema.ts itself: `operations['id']` where schema.ts has it (one lookup in a flat
 *  interface); `paths[...][method]` only for operations without a unique operationId (schema.ts keeps those inline):
 *  resolving a path item costs tsc all its methods. */
const opTarget = (op: OperationModel) => (op.typesKey !== undefined ? `operations[${q(op.typesKey)}]` : `paths[${q(op.path)}][${q(op.method.toLowerCase())}]`);

/** `ListItemsQuery`: one group of the operation's parameters (the other aliases end in Op, Params, Result(s)). */
const groupType = (op: OperationModel, where: ParamModel['in']) => `${upperFirst(op.name)}${upperFirst(where)}`;

/** What `expand` may name (the model's expandable references): property -> schema, by property name; none when none. */
function expandables(op: OperationModel): [string, string][] | undefined {
  const refs = op.conventions.expandable;
  return refs.length ? refs.map((e): [string, string] => [e.name, e.target]).sort(([a], [b]) => (a < b ? -1 : 1)) : undefined;
}

/** The result carries the ETag its success response declares, whatever the method (a write's is the new version's). */
const withEtag = (op: OperationModel) => op.conventions.etag.etag;

/** The type the client gives a parameter in place of the document's, if any (`sort`, `expand`). */
function paramOverride(p: ParamModel): string | undefined {
  if (p.expand) return 'readonly E[]';
  if (p.sortable && p.sortable.length > 0) {
    const s = `SortParam<${p.sortable.map(q).join(' | ')}>`;
    return p.array ? `readonly ${s}[]` : s;
  }
  return undefined;
}

const BYTES = 'Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array>';

function bodyType(op: OperationModel): string {
  const b = op.body!;
  const content = `NonNullable<${opType(op)}['requestBody']>['content'][${q(b.mediaType)}]`;
  // A wildcard media type takes the document's value (sent as JSON) or bytes (sent with their own type).
  if (b.wildcard) return `${content} | ${BYTES}`;
  switch (b.kind) {
    case 'binary':
      return BYTES;
    case 'multipart':
      return `FormData | ${content}`;
    case 'text':
      return 'string | Blob';
    default:
      return content;
  }
}

function expandMap(expand: [string, string][]): string {
  return `{ ${expand.map(([k, v]) => `${q(k)}: components['schemas'][${q(v)}]`).join('; ')} }`;
}

function mediaResult(op: OperationModel, r: SuccessMedia, expand: [string, string][] | undefined): string {
  let t: string;
  if (r.kind === 'json') t = r.statuses.map((s) => `${opType(op)}['responses'][${q(s)}]['content'][${q(r.mediaType)}]`).join(' | ');
  else t = r.kind === 'text' ? 'string' : 'Blob';
  if (expand && r.kind === 'json') t = `Expanded<${t}, ${expandMap(expand)}, E>`;
  if (withEtag(op)) t = `WithEtag<${t}>`;
  return emptySuccessStatuses(op).length ? `${t} | undefined` : t;
}

const accepts = (media: SuccessMedia[]) => media.map((r) => q(r.mediaType)).join(' | ');

interface Rendered {
  op: OperationModel;
  statements: StatementStructures[];
  member: OptionalKind<PropertySignatureStructure>;
  usesComponents: boolean;
  usesOperations: boolean;
  runtimeTypes: Set<string>;
}

/** What the declarations of one operation share: its names, its `expand` generic, the runtime types it uses and the
 *  statements made so far. */
interface OperationDecl {
  op: OperationModel;
  K: Printer['tsMorph']['StructureKind'];
  Name: string;
  expand: [string, string][] | undefined;
  eParam: { name: string; constraint: string; default: string }[];
  /** `<E>` where the operation expands, else ''. */
  aE: string;
  /** `E extends ... = never` where the operation expands, else ''. */
  generic: string;
  runtimeTypes: Set<string>;
  statements: StatementStructures[];
}

/** `XOp`, the operation's type in schema.ts, and one alias per parameter group. */
function operationAliases({ op, K, statements }: OperationDecl): void {
  statements.push({ kind: K.TypeAlias, name: opType(op), type: opTarget(op) });
  // One alias per parameter group, that each parameter's type looks its wire name up in.
  for (const where of ['path', 'query', 'header', 'cookie'] as const) {
    if (!op.params.some((p) => p.in === where && !paramOverride(p))) continue;
    const group = `${opType(op)}['parameters'][${q(where)}]`;
    statements.push({ kind: K.TypeAlias, name: groupType(op, where), type: where === 'path' ? group : `NonNullable<${group}>` });
  }
}

/** `XParams`; whether a call must pass it (a parameter or the body is required). */
function paramsDeclaration({ op, K, Name, eParam, runtimeTypes, statements }: OperationDecl): boolean {
  // Each parameter with the document's words (client-docs.ts), copied: a Pick of schema.ts's declarations would hover
  // the same at fewer bytes, but tsc instantiates each Pick when it checks client.ts (ARCHITECTURE.md, "Emitting TypeScript").
  const props: OptionalKind<PropertySignatureStructure>[] = op.params.map((p) => {
    if (p.sortable?.length) runtimeTypes.add('SortParam');
    const type = paramOverride(p) ?? `${groupType(op, p.in)}[${q(p.name)}]`;
    // Nested objects have no serialisation but deepObject's (and a content parameter's): typed away elsewhere.
    const flat = p.object && !p.content && p.style !== 'deepObject';
    if (flat) runtimeTypes.add('FlatParam');
    return { name: p.key, hasQuestionToken: !p.required, type: flat ? `FlatParam<${type}>` : type, docs: docs(paramDoc(p)) };
  });
  if (op.body) props.push({ name: 'body', hasQuestionToken: !op.body.required, type: bodyType(op), docs: docs(bodyDoc(op.body)) });
  // An operation without parameters takes none: no empty `{}` type, which would accept any object.
  if (props.length) statements.push({ kind: K.Interface, name: `${Name}Params`, isExported: true, typeParameters: eParam, properties: props });
  else statements.push({ kind: K.TypeAlias, name: `${Name}Params`, isExported: true, type: 'Record<string, never>' });
  return op.params.some((p) => p.required) || op.body?.required === true;
}

interface ResultDecl {
  responses: SuccessMedia[];
  /** `A extends ... = ...` where several media types are offered, else ''. */
  aDecl: string;
  optionsType: string;
  /** `XResult`, with its type arguments. */
  resultRef: string;
}

/** `XResult`, by Accept (`XResults`) when several media types are offered. */
function resultDeclaration({ op, K, Name, expand, eParam, aE, generic, runtimeTypes, statements }: OperationDecl): ResultDecl {
  const responses = successMedia(op);
  let optionsType = 'CallOptions';
  let result: string;
  let aDecl = '';
  if (responses.length === 0) result = 'undefined';
  else if (responses.length === 1) result = mediaResult(op, responses[0]!, expand);
  else {
    runtimeTypes.add('ResultFor');
    const map = responses.map((r) => `${q(r.mediaType)}: ${mediaResult(op, r, expand)}`).join('; ');
    statements.push({ kind: K.TypeAlias, name: `${Name}Results`, isExported: true, typeParameters: eParam, type: `{ ${map} }` });
    aDecl = `A extends ${accepts(responses)} = ${q(responses[0]!.mediaType)}`;
    optionsType = 'CallOptions & { accept?: A }';
    result = `ResultFor<${Name}Results${aE}, A>`;
  }
  if (expand) runtimeTypes.add('Expanded');
  if (withEtag(op)) runtimeTypes.add('WithEtag');
  const resultDecl = [generic, aDecl].filter(Boolean).join(', ');
  statements.push({ kind: K.TypeAlias, name: `${Name}Result${resultDecl ? `<${resultDecl}>` : ''}`, isExported: true, type: result });
  const resultArgs = [expand ? 'E' : '', responses.length > 1 ? 'A' : ''].filter(Boolean).join(', ');
  return { responses, aDecl, optionsType, resultRef: `${Name}Result${resultArgs ? `<${resultArgs}>` : ''}` };
}

/** The response of the document's components that an error status of `op` is a `$ref` to (`not_found`), if any. */
function errorResponseComponent(op: OperationModel, status: string): string | undefined {
  const pointer = op.statuses.find((s) => s.status === status)?.at.pointer;
  if (!pointer?.startsWith('#/components/responses/')) return undefined;
  const keys = fragmentKeys(pointer);
  return keys.length === 3 ? keys[2] : undefined;
}

/** One error type shared by the `XError` unions: an error status whose body is a response of the document's components. */
interface SharedError {
  name: string;
  component: string;
  status: string;
  mediaType: string;
}

/**
 * The error types the operations share, by response component and status (`NotFound404Error`), in first use order.
 * Each is declared once and named in every `XError` that declares it: tsc builds it once, and `client.ts` writes the
 * body's type once. A range or `default` keeps its own member (its `status` type depends on the operation's other
 * statuses).
 */
function sharedErrors(ops: OperationModel[], api: ApiModel): Map<string, SharedError> {
  const out = new Map<string, SharedError>();
  // Only an operation's own `XError` ends in `Error` among client.ts's other names; the runtime's error classes have no digits.
  const used = new Set(ops.map((op) => `${upperFirst(op.name)}Error`));
  for (const op of ops) {
    if (!typedErrors(op, api)) continue;
    for (const e of op.errorBodies) {
      const component = e.mediaType && /^\d+$/.test(e.status) ? errorResponseComponent(op, e.status) : undefined;
      if (component === undefined || out.has(`${component}\0${e.status}`)) continue;
      out.set(`${component}\0${e.status}`, { name: unique(`${typeName(component)}${e.status}Error`, used), component, status: e.status, mediaType: e.mediaType! });
    }
  }
  return out;
}

/** The shared error types' declarations, under a line comment of their own. */
function sharedErrorStatements(shared: Map<string, SharedError>, K: Printer['tsMorph']['StructureKind']): Statement[] {
  if (!shared.size) return [];
  return [
    (w) => w.blankLineIfLastNot().writeLine('// Errors with a body the document declares, one type per response and status'),
    ...[...shared.values()].map(
      (e): StatementStructures => ({
        kind: K.TypeAlias,
        name: e.name,
        isExported: true,
        docs: docs(jsdocText([`An ApiError of status ${e.status} with the body of the document's \`${e.component}\` response.`])),
        type: `ApiError<components['responses'][${q(e.component)}]['content'][${q(e.mediaType)}], ${e.status}>`,
      }),
    ),
  ];
}

/** `XError`: the errors whose body the document declares, by status (a literal where the document names one). Its
 *  members name schema.ts's types, not the `XOp` alias: tsc defers a generic type reference whose arguments go
 *  through a type alias, and builds a type of its own for each such reference. */
function errorDeclaration({ op, K, Name, runtimeTypes, statements }: OperationDecl, api: ApiModel, shared: Map<string, SharedError>): void {
  if (!typedErrors(op, api)) return;
  runtimeTypes.add('ApiError');
  const declared = op.errorBodies.map((e) => e.status);
  const union = op.errorBodies.flatMap((e) => {
    if (!e.mediaType) return [];
    const component = errorResponseComponent(op, e.status);
    const own = component === undefined ? undefined : shared.get(`${component}\0${e.status}`);
    if (own) return [own.name];
    const status = errorStatusType(e.status, declared);
    if (status !== e.status) runtimeTypes.add('ErrorStatus');
    return [`ApiError<${opTarget(op)}['responses'][${q(e.status)}]['content'][${q(e.mediaType)}], ${status}>`];
  });
  // No doc comment, as XParams and XResult have none: each member says what it is, and ApiError what `body` holds.
  statements.push({ kind: K.TypeAlias, name: `${Name}Error`, isExported: true, type: union.join(' | ') });
}

/** The client interface's member: a method type, or `XCall` with its signatures (pages; If-None-Match). */
function clientMember(d: OperationDecl, required: boolean, { responses, aDecl, optionsType, resultRef }: ResultDecl): OptionalKind<PropertySignatureStructure> {
  const { op, K, Name, eParam, aE, generic, runtimeTypes, statements } = d;
  const paramsDecl = `params${required ? '' : '?'}: ${Name}Params${aE}`;
  // A GET with an If-None-Match parameter: calls that pass it may get NotModified (a 304 when the client does not hold
  // that version), so they have a signature of their own; calls without it (`?: undefined`) keep the plain result.
  const inm = op.params.find((p) => p.notModified);
  const unconditional = inm ? ` & { ${inm.key}?: undefined }` : '';
  const params = (options: string, extra = '') => [
    { name: 'params', hasQuestionToken: !required, type: `${Name}Params${aE}${extra}` },
    { name: 'options', hasQuestionToken: true, type: options },
  ];
  const g = [generic, aDecl].filter(Boolean).join(', ');
  const conditional = inm ? `With \`${inm.key}\`: NotModified when that version is still the current one (304) and the client does not hold it.` : undefined;
  // The method's hover: on the member, and on each call signature where there are two (an editor then shows the
  // signature a call resolves to, and a signature without a comment of its own would show none).
  const summary = docs(methodDoc(op, conditional));
  const callTypeParams = [...eParam, ...(aDecl ? [{ name: 'A', constraint: accepts(responses), default: q(responses[0]!.mediaType) }] : [])];
  const callSignatures = [{ typeParameters: callTypeParams, parameters: params(optionsType, unconditional), returnType: `Promise<${resultRef}>`, docs: inm ? docs(methodDoc(op)) : undefined }];
  if (inm) {
    runtimeTypes.add('NotModified');
    callSignatures.push({ typeParameters: callTypeParams, parameters: params(optionsType), returnType: `Promise<${resultRef} | NotModified>`, docs: summary });
  }
  if (paging(op)) {
    // PageItem (a deferred conditional type), not `Page['items'][number]`: tsc validates an indexed access on a
    // generic type when it checks client.ts (~9 ms each), a conditional only when a program calls all().
    runtimeTypes.add('PageItem');
    // pages() and all() yield data only: no If-None-Match of the caller's (one ETag names one page).
    const callable: InterfaceDeclarationStructure = {
      kind: K.Interface,
      name: `${Name}Call`,
      isExported: true,
      docs: docs(`${op.name}() and its pages: calls, pages() and all().`),
      callSignatures,
      methods: [
        { name: 'all', typeParameters: eParam, parameters: params('CallOptions', unconditional), returnType: `AsyncIterableIterator<PageItem<${Name}Result${aE}>>`, docs: docs(allDoc(op)) },
        { name: 'pages', typeParameters: eParam, parameters: params('CallOptions', unconditional), returnType: `AsyncIterableIterator<NonNullable<${Name}Result${aE}>>`, docs: docs(pagesDoc(op)) },
      ],
    };
    statements.push(callable);
    return { name: op.name, type: `${Name}Call`, docs: summary };
  }
  if (inm) {
    statements.push({ kind: K.Interface, name: `${Name}Call`, isExported: true, docs: docs(`${op.name}(), without and with \`${inm.key}\`.`), callSignatures });
    return { name: op.name, type: `${Name}Call`, docs: summary };
  }
  return { name: op.name, type: `${g ? `<${g}>` : ''}(${paramsDecl}, options?: ${optionsType}) => Promise<${resultRef}>`, docs: summary };
}

function renderOperation(op: OperationModel, api: ApiModel, K: Printer['tsMorph']['StructureKind'], shared: Map<string, SharedError>): Rendered {
  const expand = expandables(op);
  const expandUnion = expand ? expand.map(([k]) => q(k)).join(' | ') : '';
  const d: OperationDecl = {
    op,
    K,
    Name: upperFirst(op.name),
    expand,
    eParam: expand ? [{ name: 'E', constraint: expandUnion, default: 'never' }] : [],
    aE: expand ? '<E>' : '',
    generic: expand ? `E extends ${expandUnion} = never` : '',
    runtimeTypes: new Set<string>(),
    statements: [],
  };
  operationAliases(d);
  const required = paramsDeclaration(d);
  const result = resultDeclaration(d);
  errorDeclaration(d, api, shared);
  const member = clientMember(d, required, result);
  return { op, statements: d.statements, member, usesComponents: !!expand, usesOperations: op.typesKey !== undefined, runtimeTypes: d.runtimeTypes };
}

/** Operations grouped by their first tag (the document's tag order, then first use; untagged last), each group in
 *  document order: the order of client.ts and of the API's README. `heading`: the tag, or the untagged group's. */
export function byTag(api: ApiModel): { tag: string | undefined; heading: string; ops: OperationModel[] }[] {
  const groups = new Map<string | undefined, OperationModel[]>(api.tags.map((t) => [t, []]));
  for (const op of [...api.operations].sort((a, b) => a.order - b.order)) {
    const list = groups.get(op.tag) ?? [];
    list.push(op);
    groups.set(op.tag, list);
  }
  const untagged = groups.get(undefined);
  groups.delete(undefined);
  if (untagged) groups.set(undefined, untagged);
  return [...groups].filter(([, ops]) => ops.length).map(([tag, ops]) => ({ tag, heading: tag ?? 'Other operations', ops }));
}

const runtimeModule = (runtimeImport: string, name: string) => runtimeImport.replace(/index\.js$/, `${name}.js`);

export function renderClient(api: ApiModel, runtimeImport: string, printer: Printer): string {
  const K = printer.tsMorph.StructureKind;
  const groups = byTag(api);
  const tagged = groups.some((g) => g.tag !== undefined);
  const shared = sharedErrors(groups.flatMap((g) => g.ops), api);
  const rendered = groups.map((g) => ({ heading: g.heading, ops: g.ops.map((op) => renderOperation(op, api, K, shared)) }));
  const all = rendered.flatMap((g) => g.ops);
  const runtimeTypes = new Set(['CallOptions', 'ClientOptions', 'OperationSpec']);
  for (const r of all) for (const t of r.runtimeTypes) runtimeTypes.add(t);
  const auth = authSchemes(api);
  if (auth.some((s) => s.kind.type === 'basic')) runtimeTypes.add('BasicCredentials');
  const { options, base: optionsBase, statements: optionTypes } = clientOptions(api, auth, K);
  if (optionsBase === 'ClientSettings') runtimeTypes.delete('ClientOptions');
  runtimeTypes.add(optionsBase);
  const schemaTypes = [all.some((r) => r.usesComponents) || shared.size ? 'components' : '', all.some((r) => r.usesOperations) ? 'operations' : '', all.some((r) => !r.usesOperations) ? 'paths' : ''].filter(Boolean);
  const { clientType } = api;
  // The runtime's encoders for bodies and parameters beyond JSON, bytes and plain values, for credentials and for
  // declared error bodies, imported only when an operation needs them, so that a program of a document without them
  // does not ship them.
  const specs = specsStatement(all.map((r) => r.op), clientType, api);
  for (const t of specs.runtimeTypes) runtimeTypes.add(t);
  const codecs: [string, string, string][] = [];
  if (api.operations.some((op) => op.body && (op.body.kind === 'form' || op.body.kind === 'multipart' || op.body.wildcard))) codecs.push(['body', 'encodedBody', 'body']);
  if (api.operations.some((op) => op.params.some(styled))) codecs.push(['param', 'styledParam', 'param-styles']);
  if (api.operations.some((op) => typedErrors(op, api))) codecs.push(['error', 'documentedError', 'error-body']);
  const met = metSchemes(api);
  if (met.length) codecs.push(['auth', 'credentials', 'credentials']);

  const statements: Statement[] = [];
  if (schemaTypes.length) statements.push({ kind: K.ImportDeclaration, isTypeOnly: true, namedImports: schemaTypes, moduleSpecifier: './schema.js' });
  statements.push({ kind: K.ImportDeclaration, namedImports: ['bindOperations'], moduleSpecifier: runtimeModule(runtimeImport, 'factory') });
  for (const [, fn, file] of codecs) statements.push({ kind: K.ImportDeclaration, namedImports: [fn], moduleSpecifier: runtimeModule(runtimeImport, file) });
  statements.push({ kind: K.ImportDeclaration, isTypeOnly: true, namedImports: [...runtimeTypes].sort(), moduleSpecifier: runtimeImport });
  statements.push(...sharedErrorStatements(shared, K));
  // A blank line after the imports and between operations; a `// Tag` line opens each group of a tagged document.
  for (const g of rendered) {
    if (tagged) statements.push((w) => w.blankLineIfLastNot().writeLine(lineComment(g.heading)));
    g.ops.forEach((r, i) => {
      if (i > 0 || !tagged) statements.push((w) => w.blankLineIfLastNot());
      statements.push(...r.statements);
    });
  }
  const members = rendered.flatMap((g) => g.ops.map((r, i) => (tagged && i === 0 ? { ...r.member, leadingTrivia: lineComment(g.heading) } : r.member)));
  statements.push({
    kind: K.Interface,
    name: clientType,
    isExported: true,
    docs: docs(clientDoc(api.title, api.rawFactory)),
    properties: members,
  });
  statements.push((w) => w.blankLineIfLastNot(), specs.text);
  if (met.length) {
    // The schemes a credential can be given for (oauth2 and openIdConnect: met by `tokens`) and the document's
    // security requirements, for the operations that declare none.
    const schemes = met.map((s) => `${q(s.name)}: ${JSON.stringify(s.kind)}`);
    const given = api.security === 'given';
    statements.push(
      (w) =>
        w
          .blankLineIfLastNot()
          .writeLine(`/** The credentials each operation sends, by the security requirements of the document${given ? ', which names none: every credential given' : ''}. */`),
      `const auth = credentials({ ${schemes.join(', ')} }, ${given ? q('given') : JSON.stringify(api.security)});`,
    );
  }
  const codecArg = codecs.length ? `, { ${codecs.map(([k, fn]) => (k === 'auth' ? 'auth' : `${k}: ${fn}`)).join(', ')} }` : '';
  statements.push(...optionTypes);
  const base = anyApi(api) && api.server !== undefined ? `{ ...options, baseUrl: options.baseUrl ?? ${q(api.server)} }` : 'options';
  statements.push({
    kind: K.Function,
    name: api.factory,
    isExported: true,
    docs: docs(jsdocText([`Creates the client; calls go to \`options.baseUrl\`${api.apiPath ? ` + \`${api.apiPath}\`` : ''}${base === 'options' ? '' : ` (default ${api.server})`}.`])),
    parameters: [{ name: 'options', type: options, ...(base === 'options' ? {} : { initializer: '{}' }) }],
    returnType: clientType,
    statements: [`return bindOperations<${clientType}>(${base}, ${q(api.apiPath)}, ops${codecArg});`],
  });
  return banner(api.source) + printer.print(statements);
}


/**
 * The factory's options: ClientOptions, or for any API an interface of its own, whose `baseUrl` defaults to the
 * document's server and whose `auth` names the document's API key, basic and bearer schemes (an undeclared one does
 * not compile; a document without any takes no `auth`).
 */
function clientOptions(api: ApiModel, auth: ApiModel['schemes'], K: Printer['tsMorph']['StructureKind']): { options: string; base: 'ClientOptions' | 'ClientSettings'; statements: StatementStructures[] } {
  if (!anyApi(api) || (api.server === undefined && !auth.length)) return { options: 'ClientOptions', base: 'ClientOptions', statements: [] };
  const name = `${api.clientType}Options`;
  const authType = `${api.clientType}Auth`;
  const statements: StatementStructures[] = [];
  const credential = (s: ApiModel['schemes'][number]) => {
    const k = s.kind;
    if (k.type === 'apiKey') return { type: 'string', what: `API key, sent as the ${k.in === 'header' ? 'header' : k.in === 'cookie' ? 'cookie' : 'query parameter'} \`${k.name}\`` };
    if (k.type === 'basic') return { type: 'BasicCredentials', what: 'HTTP basic: user name and password' };
    return { type: 'string', what: 'HTTP bearer: the token' };
  };
  if (auth.length) {
    statements.push({
      kind: K.Interface,
      name: authType,
      isExported: true,
      docs: docs(jsdocText(['Credentials by security scheme name: each operation sends those of the first security requirement it declares that they meet.'])),
      properties: auth.map((s) => ({ name: q(s.name), hasQuestionToken: true, type: credential(s).type, docs: docs(jsdocText([`${credential(s).what}.`, s.description])) })),
    });
  }
  const properties: OptionalKind<PropertySignatureStructure>[] = [];
  const base = api.server !== undefined ? 'ClientSettings' : 'ClientOptions';
  if (api.server !== undefined) properties.push({ name: 'baseUrl', hasQuestionToken: true, type: 'string', docs: docs(jsdocText([`Default: \`${api.server}\`, the document's server.`])) });
  if (auth.length) properties.push({ name: 'auth', hasQuestionToken: true, type: authType });
  statements.push({
    kind: K.Interface,
    name,
    isExported: true,
    docs: docs(jsdocText([`Options of ${api.factory}.`])),
    extends: [base],
    properties,
  });
  return { options: name, base, statements };
}

/**
 * raw.ts: the openapi-fetch client for path-based calls. A module of its own, not re-exported by index.ts: a program
 * that never makes path-based calls then does not load openapi-fetch at all (it declares no `sideEffects: false`, so
 * a bundler keeps its module, and with code splitting esbuild emitted an empty shared chunk for it).
 */
export function renderRaw(api: ApiModel, runtimeImport: string, printer: Printer): string {
  const K = printer.tsMorph.StructureKind;
  return (
    banner(api.source) +
    printer.print([
      { kind: K.ImportDeclaration, defaultImport: 'createClient', moduleSpecifier: 'openapi-fetch' },
      { kind: K.ImportDeclaration, isTypeOnly: true, namedImports: ['Client'], moduleSpecifier: 'openapi-fetch' },
      { kind: K.ImportDeclaration, isTypeOnly: true, namedImports: ['paths'], moduleSpecifier: './schema.js' },
      { kind: K.ImportDeclaration, namedImports: ['createApi'], moduleSpecifier: runtimeImport },
      { kind: K.ImportDeclaration, isTypeOnly: true, namedImports: ['ClientOptions'], moduleSpecifier: runtimeImport },
      {
        kind: K.Function,
        name: api.rawFactory,
        isExported: true,
        docs: docs(jsdocText([`The openapi-fetch client for path-based calls, on the same base URL${api.apiPath ? ` + \`${api.apiPath}\`` : ''}, auth and retries as ${api.factory}.`])),
        parameters: [{ name: 'options', type: 'ClientOptions' }],
        returnType: 'Client<paths>',
        statements: [`const api = createApi(options, ${q(api.apiPath)});`, 'return createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch });'],
      },
    ])
  );
}

/** index.ts: the client, the document's types and the runtime, from one module. */
export function renderIndex(api: ApiModel, runtimeImport: string, printer: Printer): string {
  const K = printer.tsMorph.StructureKind;
  return (
    banner(api.source) +
    printer.print([
      { kind: K.ExportDeclaration, moduleSpecifier: './client.js' },
      { kind: K.ExportDeclaration, isTypeOnly: true, namedExports: ['components', 'operations', 'paths'], moduleSpecifier: './schema.js' },
      { kind: K.ExportDeclaration, moduleSpecifier: runtimeImport },
    ])
  );
}
