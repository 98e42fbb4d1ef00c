/**
 * Codecs.error: whether an error response's JSON body is the one the document declares for its status (`404`, else
 * its range `4XX`, else `default`): of the declared type, with its required properties. A generated client imports
 * this only when its document declares error bodies; the ApiError then carries the body (`body`).
 */
import type { ErrorSpec, OperationSpec } from './types.js';

export function documentedError(errors: NonNullable<OperationSpec['errors']>, status: number, v: unknown): boolean {
  // `false` (declared without a JSON body) stops the lookup: a 404 declared bare does not take the default's body.
  const declared: ErrorSpec | undefined = errors[status] ?? errors[`${`${status}`[0]}XX`] ?? errors.default;
  if (!declared) return false;
  const { type, required } = declared;
  const t = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
  if (type && type !== t && !(type === 'integer' && Number.isInteger(v))) return false;
  return !required?.length || (t === 'object' && required.every((k) => Object.hasOwn(v as object, k)));
}
