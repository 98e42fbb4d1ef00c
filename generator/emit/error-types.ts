// The error types of client.ts that several operations share (`NotFound404Error`), and the `status` type of a
// declared error. Each operation's own `XError` union is operation-types.ts's.
import type { StatementStructures } from 'ts-morph';
import type { ApiModel, OperationModel } from '../model/index.js';
import { typeName } from '../model/names.js';
import { fragmentKeys } from '../util/json.js';
import { unique } from '../util/names.js';
import { jsdocText } from './client-docs.js';
import { typedErrors } from './client-features.js';
import { runtimeType, schemaType, type Rendered } from './imports.js';
import { docs, q, upperFirst, type Kinds, type Statement } from './print.js';

/** One error type shared by the `XError` unions: an error status whose body is a response of the document's components. */
interface SharedErrorType {
  name: string;
  component: string;
  status: string;
  mediaType: string;
}

/** The shared error types by response component and status. */
export type SharedErrorTypes = Map<string, SharedErrorType>;

/** The response of the document's components that an error status of `op` is a `$ref` to (`not_found`), if any. */
function errorResponseComponent(op: OperationModel, status: string): string | undefined {
  const pointer = op.statuses.find((s) => s.status === status)?.at.pointer;
  if (!pointer?.startsWith('#/components/responses/')) return undefined;
  const keys = fragmentKeys(pointer);
  return keys.length === 3 ? keys[2] : undefined;
}

const sharedKey = (component: string, status: string) => `${component}\0${status}`;

/**
 * The error types the operations share, by response component and status (`NotFound404Error`), in first use order.
 * Each is declared once and named in every `XError` that declares it: tsc builds it once, and `client.ts` writes the
 * body's type once. A range or `default` keeps its own member (its `status` type depends on the operation's other
 * statuses).
 */
export function sharedErrorTypes(ops: OperationModel[], api: ApiModel): SharedErrorTypes {
  const out: SharedErrorTypes = new Map();
  // Only an operation's own `XError` ends in `Error` among client.ts's other names; the runtime's error classes have no digits.
  const used = new Set(ops.map((op) => `${upperFirst(op.name)}Error`));
  for (const op of ops) {
    if (!typedErrors(op, api)) continue;
    for (const e of op.errorBodies) {
      const component = e.mediaType && /^\d+$/.test(e.status) ? errorResponseComponent(op, e.status) : undefined;
      if (component === undefined || out.has(sharedKey(component, e.status))) continue;
      out.set(sharedKey(component, e.status), { name: unique(`${typeName(component)}${e.status}Error`, used), component, status: e.status, mediaType: e.mediaType! });
    }
  }
  return out;
}

/** The shared type of one error status of `op`, if it has one. */
export function sharedErrorType(shared: SharedErrorTypes, op: OperationModel, status: string): SharedErrorType | undefined {
  const component = errorResponseComponent(op, status);
  return component === undefined ? undefined : shared.get(sharedKey(component, status));
}

/** The shared error types' declarations, under a line comment of their own. */
export function sharedErrorDeclarations(shared: SharedErrorTypes, K: Kinds): Rendered<Statement> {
  if (!shared.size) return { statements: [], uses: [] };
  const declarations = [...shared.values()].map(
    (e): StatementStructures => ({
      kind: K.TypeAlias,
      name: e.name,
      isExported: true,
      docs: docs(jsdocText([`An ApiError of status ${e.status} with the body of the document's \`${e.component}\` response.`])),
      type: `ApiError<components['responses'][${q(e.component)}]['content'][${q(e.mediaType)}], ${e.status}>`,
    }),
  );
  return {
    statements: [(w) => w.blankLineIfLastNot().writeLine('// Errors with a body the document declares, one type per response and status'), ...declarations],
    uses: [runtimeType('ApiError'), schemaType('components')],
  };
}

/**
 * The `status` type of a declared error: the code itself; for a range (`4XX`), its codes but those declared on their
 * own; for `default`, every error status but those declared otherwise. Comparing `status` with a code then narrows
 * the error to the body declared for it.
 */
export function errorStatusType(status: string, declared: string[]): string {
  const codes = declared.filter((s) => /^\d+$/.test(s));
  const ranges = declared.filter((s) => /^\dXX$/i.test(s)).map((s) => s[0]!);
  const less = (t: string, out: string[]) => (out.length ? `Exclude<${t}, ${out.join(' | ')}>` : t);
  if (/^\d+$/.test(status)) return status;
  if (/^\dXX$/i.test(status)) return less(`ErrorStatus<${q(status[0]!)}>`, codes.filter((c) => c[0] === status[0]));
  return less('ErrorStatus', [...codes, ...ranges.map((r) => `ErrorStatus<${q(r)}>`)]);
}
