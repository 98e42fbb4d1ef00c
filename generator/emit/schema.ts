// schema.ts of one API: openapi-typescript's transform over the already bundled document, called directly with the
// options openapiTS() defaults to. The transform and its helpers come in a SchemaKit (typescript/internals.ts loads
// it from openapi-typescript's dist modules, the one reach into that package's internals).
import type { OpenAPI3, OpenAPITSOptions, SchemaObject, TransformNodeOptions } from 'openapi-typescript';
import { HTTP_METHODS, type OpenApiDocument } from '../load/index.js';
import type { ParameterObject } from '../load/index.js';
import { extensibleValues } from '../model/conventions/index.js';
import { typesKeyOf } from '../model/names.js';
import { boundsOf, parameterNotes } from '../model/value-notes.js';
import { isObject } from '../util/json.js';
import { boundTag } from './client-docs.js';
import { placeMarked, visibleToTypes } from './schema-operations.js';
import { scanDiscriminators } from './schema-discriminators.js';
import { withStreamItems } from './schema-stream-items.js';
import { pathOperations, trimmed } from './schema-trim.js';

type OpenapiTypescript = typeof import('openapi-typescript');
type TS = typeof import('typescript');
export type AddJSDocComment = (subject: unknown, node: import('typescript').Node) => void;

/** openapi-typescript's transform and helpers, and the TypeScript it builds nodes with. */
export interface SchemaKit {
  ts: TS;
  transformSchema: OpenapiTypescript['transformSchema'];
  astToString: OpenapiTypescript['astToString'];
  resolveRef: OpenapiTypescript['resolveRef'];
  /** openapi-typescript's own, which schema-discriminators.ts does in one walk (the test holds the two alike). */
  scanDiscriminators: OpenapiTypescript['scanDiscriminators'];
  createRef: OpenapiTypescript['createRef'];
  /** Runs `render` with openapi-typescript's doc-comment writer (`addJSDocComment`) replaced by `wrap(original)`. */
  withDocComments<T>(wrap: (original: AddJSDocComment) => AddJSDocComment, render: () => T): T;
}

type GlobalContext = TransformNodeOptions['ctx'];

/** An extensible enum `[A, B]` -> `"A" | "B" | (string & {})`: known values, open to new ones. */
const extensibleEnum = (ts: TS): OpenAPITSOptions['transform'] => (schema: SchemaObject) => {
  const values = extensibleValues(schema);
  if (!values) return undefined;
  const f = ts.factory;
  const literals = values.map((v) => f.createLiteralTypeNode(f.createStringLiteral(v)));
  const open = f.createParenthesizedType(
    f.createIntersectionTypeNode([f.createKeywordTypeNode(ts.SyntaxKind.StringKeyword), f.createTypeLiteralNode([])]),
  );
  return f.createUnionTypeNode([...literals, open]);
};

/**
 * openapi-typescript keys its `operations` interface by operationId (`#` written as `/`), so a foreign document's
 * duplicates would become duplicate identifiers: those operations lose their operationId (their types stay inline
 * under paths), as do operationIds it cannot key (typesKeyOf), as the model expects (OperationModel.typesKey).
 */
function withoutDuplicateOperationIds(doc: OpenApiDocument): OpenApiDocument {
  const count = new Map<string, number>();
  const ops = Object.values(doc.paths ?? {}).flatMap((item) => HTTP_METHODS.map((m) => item?.[m]).filter((o) => o !== undefined));
  const keyOf = (id: string) => typesKeyOf(id) ?? id;
  const dropped = (id: string) => typesKeyOf(id) === undefined || count.get(keyOf(id))! > 1;
  for (const op of ops) if (op.operationId) count.set(keyOf(op.operationId), (count.get(keyOf(op.operationId)) ?? 0) + 1);
  if (!ops.some((op) => op.operationId && dropped(op.operationId))) return doc;
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const copy = { ...item };
    for (const m of HTTP_METHODS) {
      const op = copy[m];
      if (op?.operationId && dropped(op.operationId)) {
        const { operationId: _dropped, ...rest } = op;
        copy[m] = rest;
      }
    }
    paths[path] = copy;
  }
  return { ...doc, paths };
}

/**
 * openapi-typescript's doc comments, with what a hover needs when calling that it leaves out (model/value-notes.ts): a
 * parameter's description, example and default from its schema when the parameter has none, and the bounds
 * (`@minimum 1`, `@maxItems 50`) of parameters and schemas; none on a paths method slot. Its transform calls `addJSDocComment` through its module's
 * exports, so this wraps that one function for the length of one render (SchemaKit.withDocComments).
 */
function withNotes(ts: TS, doc: OpenApiDocument, original: AddJSDocComment): AddJSDocComment {
  // A paths method slot's: the client method's hover has the operation's text (schema-trim.ts).
  const unwritten = pathOperations(doc);
  return (subject, node) => {
    if (!isObject(subject)) return original(subject, node);
    if (unwritten.has(subject)) return;
    const o = subject;
    let bounds;
    if (typeof o['in'] === 'string' && typeof o['name'] === 'string') {
      const notes = parameterNotes(doc, o as ParameterObject);
      const { description, example, default: dflt } = notes;
      subject = { ...o, ...(description ? { description } : {}), ...(example !== undefined ? { example } : {}), ...(dflt !== undefined ? { default: dflt } : {}) };
      bounds = notes.bounds;
    } else bounds = boundsOf(doc, o);
    const before = ts.getSyntheticLeadingComments(node)?.length ?? 0;
    original(subject, node);
    if (bounds) appendLines(ts, node, before, bounds.map(boundTag));
  };
}

/** Adds lines to the doc comment `original` just put on `node` (its two forms: `* one line ` and `*\n * ...\n `), or a
 *  comment of their own when it put none. */
function appendLines(ts: TS, node: import('typescript').Node, before: number, lines: string[]): void {
  const comments = ts.getSyntheticLeadingComments(node) ?? [];
  const added = comments.length > before ? comments[comments.length - 1]! : undefined;
  const tail = lines.map((l) => `\n * ${l}`).join('');
  if (!added) {
    ts.addSyntheticLeadingComment(node, ts.SyntaxKind.MultiLineCommentTrivia, `*${tail}\n `, true);
    return;
  }
  const text = added.text.startsWith('*\n') ? `${added.text.slice(0, -2)}${tail}\n ` : `*\n * ${added.text.slice(2, -1)}${tail}\n `;
  ts.setSyntheticLeadingComments(node, [...comments.slice(0, -1), { ...added, text }]);
}

export function renderSchema(document: OpenApiDocument, kit: SchemaKit): string {
  const { transformSchema, astToString, resolveRef } = kit;
  // Every operation under a fixed field, once (3.2's QUERY and additional ones too), before ids are deduplicated there.
  const typed = withStreamItems(document);
  const visible = visibleToTypes(typed);
  const doc = withoutDuplicateOperationIds(visible);
  const schema = doc as unknown as OpenAPI3;
  const ctx: GlobalContext = {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators: scanDiscriminators(schema, kit),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    // Only read by the lint+bundle step that is skipped here.
    redoc: undefined as unknown as GlobalContext['redoc'],
    silent: true,
    transform: extensibleEnum(kit.ts),
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve($ref) {
      return resolveRef(schema, $ref, { silent: true });
    },
  };
  const nodes = (): Parameters<typeof astToString>[0] => {
    const made = transformSchema(schema, ctx);
    return trimmed(kit.ts, visible === typed ? made : placeMarked(kit.ts, made)) as typeof made;
  };
  return kit.withDocComments((original) => withNotes(kit.ts, doc, original), () => printable(astToString(nodes())));
}

/**
 * Control characters from examples (a PNG's bytes) reach JSDoc comments raw; written as escapes they keep the
 * file text. String literals never hold them raw (the printer escapes those), so this changes comments only.
 */
function printable(text: string): string {
  return text.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\x7F]|\r\n?/g, (c) => (c[0] === '\r' ? '\n' : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`));
}
