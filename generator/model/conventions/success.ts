// The success status of an operation: the lowest 2xx the document declares (200 when it declares none).
import type { At } from './node.js';
import type { Operation } from './operations.js';

function successCodes(op: Operation): string[] {
  return [...op.responses.keys()].filter((c) => /^2\d\d$/.test(c)).sort();
}

export function successStatus(op: Operation): number {
  const code = successCodes(op)[0];
  return code === undefined ? 200 : Number(code);
}

/** The success response's node in the document: the lowest 2xx one (200 when declared, since it sorts first). The
 *  model's record of it is model/operation.ts successResponse. */
export function successResponseNode(op: Operation): At | undefined {
  const code = successCodes(op)[0];
  return code === undefined ? undefined : op.responses.get(code);
}
