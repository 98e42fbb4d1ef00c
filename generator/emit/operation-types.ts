// The types client.ts declares for one operation: `XOp` and its parameter groups, `XParams`, `XResult(s)` and
// `XError`, as ts-morph structures, each part with the names it uses from other modules (imports.ts). The method
// that takes and returns them is the client interface's (client-interface.ts); the error types several operations
// share are error-types.ts's.
import type { OptionalKind, PropertySignatureStructure, StatementStructures } from 'ts-morph';
import { emptySuccessStatuses, successMedia, type ApiModel, type OperationModel, type ParamModel, type StreamReading, type SuccessMedia } from '../model/index.js';
import { bodyDoc, paramDoc } from './client-docs.js';
import { typedErrors } from './client-features.js';
import { errorStatusType, sharedErrorType, type SharedErrorTypes } from './error-types.js';
import { runtimeType, schemaType, type Rendered, type Use } from './imports.js';
import { docs, q, upperFirst, type Kinds } from './print.js';

/** The operation's type in schema.ts, through a local alias declared once per operation. */
export const opType = (op: OperationModel) => `${upperFirst(op.name)}Op`;

/** The operation's type in schema.ts itself: `operations['id']` where schema.ts has it (one lookup in a flat
 *  interface); `paths[...][method]` only for operations without a unique operationId (schema.ts keeps those inline):
 *  resolving a path item costs tsc all its methods. */
const opTarget = (op: OperationModel) => (op.typesKey !== undefined ? `operations[${q(op.typesKey)}]` : `paths[${q(op.path)}][${q(op.method.toLowerCase())}]`);
const opTargetUse = (op: OperationModel) => schemaType(op.typesKey !== undefined ? 'operations' : 'paths');

/** `ListItemsQuery`: one group of the operation's parameters (the other aliases end in Op, Params, Result(s)). */
const groupType = (op: OperationModel, where: ParamModel['in']) => `${upperFirst(op.name)}${upperFirst(where)}`;

/** What `expand` may name (the model's expandable references): property -> schema, by property name; none when none. */
function expandables(op: OperationModel): [string, string][] | undefined {
  const refs = op.conventions.expandable;
  return refs.length ? refs.map((e): [string, string] => [e.name, e.target]).sort(([a], [b]) => (a < b ? -1 : 1)) : undefined;
}

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

/** The result's type for one media type, and the names it uses. The result carries the ETag its success response
 *  declares, whatever the method (a write's is the new version's). */
function mediaResult(op: OperationModel, r: SuccessMedia, expand: [string, string][] | undefined): { type: string; uses: Use[] } {
  const uses: Use[] = [];
  let t: string;
  const stream = streamed(op, r);
  if (stream) {
    // The item: the itemSchema's type (schema-stream-items.ts puts it in schema.ts), else what a document without one
    // says: SSE events with string data, or JSON values.
    const item = stream.item ? `${opType(op)}['responses'][${q(r.statuses[0]!)}]['content'][${q(r.mediaType)}]` : stream.mediaType === 'text/event-stream' ? 'ServerSentEvent' : 'unknown';
    if (!stream.item && stream.mediaType === 'text/event-stream') uses.push(runtimeType('ServerSentEvent'));
    uses.push(runtimeType('Stream'));
    return { type: `Stream<${item}>`, uses };
  }
  if (r.kind === 'json') t = r.statuses.map((s) => `${opType(op)}['responses'][${q(s)}]['content'][${q(r.mediaType)}]`).join(' | ');
  else t = r.kind === 'text' ? 'string' : 'Blob';
  if (expand && r.kind === 'json') {
    t = `Expanded<${t}, { ${expand.map(([k, v]) => `${q(k)}: components['schemas'][${q(v)}]`).join('; ')} }, E>`;
    uses.push(runtimeType('Expanded'), schemaType('components'));
  }
  if (op.conventions.etag.etag) {
    t = `WithEtag<${t}>`;
    uses.push(runtimeType('WithEtag'));
  }
  return { type: emptySuccessStatuses(op).length ? `${t} | undefined` : t, uses };
}

/** The operation's stream, when `r` is the media type it streams. */
function streamed(op: OperationModel, r: SuccessMedia): StreamReading | undefined {
  const s = op.conventions.stream;
  return s && r.mediaType.split(';')[0]!.trim().toLowerCase() === s.mediaType ? s : undefined;
}

/** The media types a call may ask for, as a union of literals. */
export const accepts = (media: SuccessMedia[]) => media.map((r) => q(r.mediaType)).join(' | ');

/** What the declarations of one operation share: its names and its `expand` generic. */
export interface OperationDecl {
  op: OperationModel;
  K: Kinds;
  Name: string;
  expand: [string, string][] | undefined;
  eParam: { name: string; constraint: string; default: string }[];
  /** `<E>` where the operation expands, else ''. */
  aE: string;
  /** `E extends ... = never` where the operation expands, else ''. */
  generic: string;
}

export function operationDecl(op: OperationModel, K: Kinds): OperationDecl {
  const expand = expandables(op);
  const expandUnion = expand ? expand.map(([k]) => q(k)).join(' | ') : '';
  return {
    op,
    K,
    Name: upperFirst(op.name),
    expand,
    eParam: expand ? [{ name: 'E', constraint: expandUnion, default: 'never' }] : [],
    aE: expand ? '<E>' : '',
    generic: expand ? `E extends ${expandUnion} = never` : '',
  };
}

/** `XOp`, the operation's type in schema.ts, and one alias per parameter group, that each parameter's type looks its
 *  wire name up in. */
function operationAliases({ op, K }: OperationDecl): Rendered<StatementStructures> {
  const statements: StatementStructures[] = [{ kind: K.TypeAlias, name: opType(op), type: opTarget(op) }];
  for (const where of ['path', 'query', 'querystring', 'header', 'cookie'] as const) {
    if (!op.params.some((p) => p.in === where && !paramOverride(p))) continue;
    const group = `${opType(op)}['parameters'][${q(where)}]`;
    statements.push({ kind: K.TypeAlias, name: groupType(op, where), type: where === 'path' ? group : `NonNullable<${group}>` });
  }
  return { statements, uses: [opTargetUse(op)] };
}

/** `XParams`; whether a call must pass it (a parameter or the body is required). */
function paramsDeclaration({ op, K, Name, eParam }: OperationDecl): Rendered<StatementStructures> & { required: boolean } {
  const uses: Use[] = [];
  // Each parameter with the document's words (client-docs.ts), copied: a Pick of schema.ts's declarations would hover
  // the same at fewer bytes, but tsc instantiates each Pick when it checks client.ts (ARCHITECTURE.md, "Emitting TypeScript").
  const props: OptionalKind<PropertySignatureStructure>[] = op.params.map((p) => {
    if (p.sortable?.length) uses.push(runtimeType('SortParam'));
    const type = paramOverride(p) ?? `${groupType(op, p.in)}[${q(p.name)}]`;
    // Nested objects have no serialisation but deepObject's (and a content parameter's): typed away elsewhere.
    const flat = p.object && !p.content && p.style !== 'deepObject';
    if (flat) uses.push(runtimeType('FlatParam'));
    return { name: p.key, hasQuestionToken: !p.required, type: flat ? `FlatParam<${type}>` : type, docs: docs(paramDoc(p)) };
  });
  if (op.body) props.push({ name: 'body', hasQuestionToken: !op.body.required, type: bodyType(op), docs: docs(bodyDoc(op.body)) });
  // An operation without parameters takes none: no empty `{}` type, which would accept any object.
  const statement: StatementStructures = props.length
    ? { kind: K.Interface, name: `${Name}Params`, isExported: true, typeParameters: eParam, properties: props }
    : { kind: K.TypeAlias, name: `${Name}Params`, isExported: true, type: 'Record<string, never>' };
  return { statements: [statement], uses, required: op.params.some((p) => p.required) || op.body?.required === true };
}

/** What the client's method says of the result. */
export interface ResultDecl {
  responses: SuccessMedia[];
  /** `A extends ... = ...` where several media types are offered, else ''. */
  aDecl: string;
  optionsType: string;
  /** `XResult`, with its type arguments. */
  resultRef: string;
}

/** `XResult`, by Accept (`XResults`) when several media types are offered. */
function resultDeclaration({ op, K, Name, expand, eParam, aE, generic }: OperationDecl): Rendered<StatementStructures> & { result: ResultDecl } {
  const responses = successMedia(op);
  const media = responses.map((r) => mediaResult(op, r, expand));
  const statements: StatementStructures[] = [];
  const uses = media.flatMap((m) => m.uses);
  let result = media.length === 0 ? 'undefined' : media[0]!.type;
  let aDecl = '';
  if (media.length > 1) {
    const map = responses.map((r, i) => `${q(r.mediaType)}: ${media[i]!.type}`).join('; ');
    statements.push({ kind: K.TypeAlias, name: `${Name}Results`, isExported: true, typeParameters: eParam, type: `{ ${map} }` });
    aDecl = `A extends ${accepts(responses)} = ${q(responses[0]!.mediaType)}`;
    result = `ResultFor<${Name}Results${aE}, A>`;
    uses.push(runtimeType('ResultFor'));
  }
  const resultDecl = [generic, aDecl].filter(Boolean).join(', ');
  statements.push({ kind: K.TypeAlias, name: `${Name}Result${resultDecl ? `<${resultDecl}>` : ''}`, isExported: true, type: result });
  const resultArgs = [expand ? 'E' : '', responses.length > 1 ? 'A' : ''].filter(Boolean).join(', ');
  const optionsType = responses.length > 1 ? 'CallOptions & { accept?: A }' : 'CallOptions';
  return { statements, uses, result: { responses, aDecl, optionsType, resultRef: `${Name}Result${resultArgs ? `<${resultArgs}>` : ''}` } };
}

/** `XError`: the errors whose body the document declares, by status (a literal where the document names one), each
 *  by its shared type where it has one. Its other members name schema.ts's types, not the `XOp` alias: tsc defers a
 *  generic type reference whose arguments go through a type alias, and builds a type of its own for each such
 *  reference. */
function errorDeclaration({ op, K, Name }: OperationDecl, api: ApiModel, shared: SharedErrorTypes): Rendered<StatementStructures> {
  if (!typedErrors(op, api)) return { statements: [], uses: [] };
  const uses: Use[] = [runtimeType('ApiError')];
  const declared = op.errorBodies.map((e) => e.status);
  const union = op.errorBodies.flatMap((e) => {
    if (!e.mediaType) return [];
    const own = sharedErrorType(shared, op, e.status);
    if (own) return [own.name];
    const status = errorStatusType(e.status, declared);
    if (status !== e.status) uses.push(runtimeType('ErrorStatus'));
    uses.push(opTargetUse(op));
    return [`ApiError<${opTarget(op)}['responses'][${q(e.status)}]['content'][${q(e.mediaType)}], ${status}>`];
  });
  // No doc comment, as XParams and XResult have none: each member says what it is, and ApiError what `body` holds.
  return { statements: [{ kind: K.TypeAlias, name: `${Name}Error`, isExported: true, type: union.join(' | ') }], uses };
}

/** Every type client.ts declares for one operation but its method's (`XCall`), in order; whether a call must pass
 *  params, and what the method returns. */
export function operationTypes(d: OperationDecl, api: ApiModel, shared: SharedErrorTypes): Rendered<StatementStructures> & { required: boolean; result: ResultDecl } {
  const params = paramsDeclaration(d);
  const result = resultDeclaration(d);
  const parts = [operationAliases(d), params, result, errorDeclaration(d, api, shared)];
  return { statements: parts.flatMap((p) => p.statements), uses: parts.flatMap((p) => p.uses), required: params.required, result: result.result };
}
