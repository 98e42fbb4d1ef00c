// `x-sortable: { fields: [...], default: ... }` on a collection's `sort` query parameter (section 4.5).
// It belongs on the parameter itself: beside a `$ref` it is dropped by OpenAPI 3.0 tools, so there it is read
// as misplaced (lint reports it; the model, sandbox and docs ignore it).
import { at, strings, type At, type Ctx, type Location } from './node.js';
import { param, type Operation, type Param } from './operations.js';
import { isObject } from '../../util/json.js';
import { EXT } from './extensions.js';

interface SortableReading {
  /** The sortable property names. */
  fields: string[];
  /** The default sort property as written (it may carry a leading `-`). */
  default?: string;
  /** The `x-sortable` object as written, to report at. */
  at: At;
}

/** The `x-sortable` of a `sort` parameter, when the parameter itself declares one. */
export function readSortable(ctx: Ctx, sort: Param | undefined): SortableReading | undefined {
  if (!sort) return undefined;
  const node = at(ctx, sort.node.node[EXT.sortable], sort.node.location.child([EXT.sortable]));
  if (!node) return undefined;
  const fallback = node.node.default;
  return { fields: strings(node.node.fields), ...(typeof fallback === 'string' ? { default: fallback } : {}), at: node };
}

/** An `x-sortable` written beside the parameter's `$ref`, where it does not belong. */
export function misplacedSortable(sort: Param | undefined): Location | undefined {
  return sort && sort.raw !== sort.node.node && isObject(sort.raw) && sort.raw[EXT.sortable] !== undefined ? sort.rawLocation.child([EXT.sortable]) : undefined;
}

/** The operation's `sort` query parameter. */
export function sortParam(op: Operation): Param | undefined {
  return param(op, 'sort', 'query');
}
