// client.ts of one API, built as ts-morph statement structures and printed once (print.ts): the imports its parts
// use (imports.ts), the shared error types, each operation's types (operation-types.ts), the client interface, the
// operation specs (specs.ts), the credentials table and options, and the factory.
// ts-morph prints names and comments as given, so every name from the document still reaches the output as a
// sanitised identifier (model/names.ts) or a quoted literal (q), and every comment through jsdocText().
import type { CodeBlockWriter, StatementStructures } from 'ts-morph';
import type { ApiModel, OperationModel } from '../model/index.js';
import { jsdocText } from './client-docs.js';
import { anyApi, encodesBody, pagingStyles, styled, typedErrors, writes } from './client-features.js';
import { clientInterface, clientMember, type MemberGroup } from './client-interface.js';
import { authTable, clientOptions } from './client-options.js';
import { sharedErrorDeclarations, sharedErrorTypes, type SharedErrorTypes } from './error-types.js';
import { byTag, type OperationGroup } from './groups.js';
import { importDeclarations, runtimeValue, specifier, type Rendered, type Use } from './imports.js';
import { operationDecl, operationTypes } from './operation-types.js';
import { docs, lineComment, q, type Kinds, type Printer, type Statement } from './print.js';
import { specsStatement } from './specs.js';

/** The runtime's encoders that bindOperations takes for what JSON, bytes and plain values do not cover, by option,
 *  with the operations that need each: a client imports only those its operations need, so that a program of a
 *  document without them does not ship them. The credentials table (`auth`) is client-options.ts's. */
const CODECS: { option: string; name: string; module: string; needed: (op: OperationModel, api: ApiModel) => boolean }[] = [
  { option: 'body', name: 'encodedBody', module: 'body', needed: encodesBody },
  // A document with a querystring parameter (3.2) takes the codec that serialises it and styles every other one.
  { option: 'param', name: 'queryStringParam', module: 'querystring', needed: (op) => op.params.some((p) => p.in === 'querystring') },
  { option: 'param', name: 'styledParam', module: 'param-styles', needed: (op, api) => op.params.some(styled) && !api.operations.some((o) => o.params.some((p) => p.in === 'querystring')) },
  { option: 'error', name: 'documentedError', module: 'error-body', needed: typedErrors },
  { option: 'replay', name: 'writeReplay', module: 'replay', needed: writes },
  { option: 'stream', name: 'streamCall', module: 'stream', needed: (op) => op.conventions.stream !== undefined },
];

/** `createXClient`: the options' defaults, and bindOperations with the specs, the codecs and the credentials table. */
function factory(api: ApiModel, options: string, withAuth: boolean, K: Kinds): Rendered<StatementStructures> {
  const codecs = CODECS.filter((c) => api.operations.some((op) => c.needed(op, api)));
  // The loader of each pagination style the operations use, by style (`item-cursor`: itemCursorPaging).
  const paging = pagingStyles(api).map((s) => ({ key: /^\w+$/.test(s) ? s : q(s), name: `${s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Paging` }));
  const args = [
    ...codecs.map((c) => `${c.option}: ${c.name}`),
    ...(paging.length ? [`paging: { ${paging.map((p) => `${p.key}: ${p.name}`).join(', ')} }`] : []),
    ...(withAuth ? ['auth'] : []),
    // validators.js is imported at the first validating call only: a program that never validates ships none of it.
    "validators: () => import('./validators.js')",
  ];
  const server = anyApi(api) ? api.server : undefined;
  const defaults = [
    ...(server !== undefined ? [`baseUrl: options.baseUrl ?? ${q(server)}`] : []),
    ...(api.requestIdHeader !== undefined ? [`requestIdHeader: options.requestIdHeader ?? ${q(api.requestIdHeader)}`] : []),
  ];
  const base = defaults.length ? `{ ...options, ${defaults.join(', ')} }` : 'options';
  const statement: StatementStructures = {
    kind: K.Function,
    name: api.factory,
    isExported: true,
    docs: docs(jsdocText([`Creates the client; calls go to \`options.baseUrl\`${api.apiPath ? ` + \`${api.apiPath}\`` : ''}${server === undefined ? '' : ` (default ${server})`}.`])),
    parameters: [{ name: 'options', type: options, ...(server === undefined ? {} : { initializer: '{}' }) }],
    returnType: api.clientType,
    statements: [`return bindOperations<${api.clientType}>(${base}, ${q(api.apiPath)}, ops${args.length ? `, { ${args.join(', ')} }` : ''});`],
  };
  return { statements: [statement], uses: [runtimeValue('factory', 'bindOperations'), ...codecs.map((c) => runtimeValue(c.module, c.name)), ...paging.map((p) => runtimeValue('paging', p.name))] };
}

/** The operations' types by group, a blank line between operations and a `// Tag` line opening each group of a
 *  tagged document; and each group's members of the client interface. */
function operations(api: ApiModel, groups: OperationGroup[], tagged: boolean, shared: SharedErrorTypes, K: Kinds): Rendered<Statement> & { members: MemberGroup[] } {
  const statements: Statement[] = [];
  const uses: Use[] = [];
  const members = groups.map((g) => {
    if (tagged) statements.push((w) => w.blankLineIfLastNot().writeLine(lineComment(g.heading)));
    const groupMembers = g.ops.map((op, i) => {
      const d = operationDecl(op, K);
      const types = operationTypes(d, api, shared);
      const method = clientMember(d, types.required, types.result);
      if (i > 0 || !tagged) statements.push((w) => w.blankLineIfLastNot());
      statements.push(...types.statements, ...method.statements);
      uses.push(...types.uses, ...method.uses);
      return { ...method.member, access: op.access };
    });
    return { heading: g.heading, members: groupMembers };
  });
  return { statements, uses, members };
}

export function renderClient(api: ApiModel, runtimeImport: string, printer: Printer): string {
  const K = printer.tsMorph.StructureKind;
  const groups = byTag(api);
  const tagged = groups.some((g) => g.tag !== undefined);
  const ordered = groups.flatMap((g) => g.ops);
  const shared = sharedErrorTypes(ordered, api);
  const ops = operations(api, groups, tagged, shared, K);
  const specs = specsStatement(ordered, api.clientType, api);
  const auth = authTable(api);
  const options = clientOptions(api, K);
  const make = factory(api, options.options, auth.statements.length > 0, K);
  const body = [
    sharedErrorDeclarations(shared, K),
    ops,
    clientInterface(api, ops.members, tagged, K),
    { statements: [(w: CodeBlockWriter) => w.blankLineIfLastNot(), specs.text], uses: specs.uses },
    auth,
    options,
    make,
  ];
  // The runtime's modules imported in the order the factory's call names them: bindOperations, the codecs, `auth`.
  const imports = importDeclarations([make, auth, ...body].flatMap((p) => p.uses), runtimeImport, K);
  // The stream error class from its own module (runtime/index.ts does not load it): only clients that stream ship it.
  const streams: Statement[] = api.operations.some((op) => op.conventions.stream)
    ? [{ kind: K.ExportDeclaration, namedExports: ['StreamError'], moduleSpecifier: specifier({ runtime: 'stream' }, runtimeImport) }]
    : [];
  return printer.print([...imports, ...streams, ...body.flatMap((p): Statement[] => p.statements)]);
}
