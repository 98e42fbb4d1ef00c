// Paths and operations: removed, added, deprecated. Removing an operation that BASE already deprecated is
// the deprecation policy at work (info), unless its sunset date (read by model/conventions/sunset.ts) has not come yet.
import { readSunset } from '../../model/conventions/index.js';
import { sortedEntries } from '../sorted.js';
import type { OperationPair, OperationSide } from '../context.js';
import type { RuleId } from '../registry.js';
import type { DiffOptions, Params } from '../types.js';

export interface KeyedOperation {
  /** Where the operation is written and its path template with parameter names blanked: `get /documents/{}`. */
  key: string;
  /** Template with names blanked, shared by the operations of one path. */
  pathKey: string;
  label: string;
  side: OperationSide;
}

type Emit = (id: RuleId, operation: string, location: string, params: Params) => void;

function sunsetPending(side: OperationSide, options: DiffOptions): string | undefined {
  const date = readSunset(side.op);
  if (date === undefined) return undefined;
  return options.today === undefined || options.today < date ? date : undefined;
}

export function checkRemovedAndAdded(base: Map<string, KeyedOperation>, head: Map<string, KeyedOperation>, emit: Emit, options: DiffOptions): void {
  const headPaths = new Set([...head.values()].map((o) => o.pathKey));
  for (const [key, o] of sortedEntries(base)) {
    if (head.has(key)) continue;
    const whole = !headPaths.has(o.pathKey);
    const location = `paths.${o.side.path}${whole ? '' : `.${o.side.at}`}`;
    const params = { operation: o.label, path: o.side.path };
    const sunset = o.side.op.deprecated === true ? sunsetPending(o.side, options) : undefined;
    if (sunset) emit('operation-removed-before-sunset', o.label, location, { ...params, sunset });
    else if (o.side.op.deprecated === true) emit(whole ? 'path-removed-deprecated' : 'operation-removed-deprecated', o.label, location, params);
    else emit(whole ? 'path-removed' : 'operation-removed', o.label, location, params);
  }
  for (const [key, o] of sortedEntries(head)) {
    if (!base.has(key)) emit('operation-added', o.label, `paths.${o.side.path}.${o.side.at}`, { operation: o.label });
  }
}

export function checkOperationMeta(pair: OperationPair): void {
  const b = pair.base.op;
  const h = pair.head.op;
  if (b.deprecated !== true && h.deprecated === true) pair.emit('operation-deprecated', 'operation', { operation: pair.operation });
  if (typeof b.operationId === 'string' && typeof h.operationId === 'string' && b.operationId !== h.operationId) {
    pair.emit('operation-id-changed', 'operationId', { from: b.operationId, to: h.operationId });
  }
}
