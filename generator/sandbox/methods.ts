// The methods the documents' operations are sent with, against what Node's HTTP parser (llhttp) accepts: it answers
// any other method with 400 before a route runs. Fastify knows the standard methods and QUERY; any other method
// the parser accepts (3.2's additionalOperations: LINK, PURGE...) is added to it, as one that may carry a body.
import type { FastifyInstance } from 'fastify';
import { METHODS } from 'node:http';
import type { OpSpec } from './analyse.js';

/** A method Node's parser refuses, and the operations sent with it (`QUERY /products (catalog/v1)`). */
export interface RefusedMethod {
  method: string;
  operations: string[];
}

/** The methods of `specs` that `accepted` (Node's parser's, by default) lacks, sorted. */
export function refusedMethods(specs: OpSpec[], accepted: readonly string[] = METHODS): RefusedMethod[] {
  const byMethod = new Map<string, string[]>();
  for (const s of specs) {
    if (accepted.includes(s.op.method)) continue;
    const ops = byMethod.get(s.op.method) ?? [];
    byMethod.set(s.op.method, [...ops, `${s.op.method} ${s.op.path} (${s.api.entry.id})`]);
  }
  return [...byMethod].sort(([a], [b]) => (a < b ? -1 : 1)).map(([method, operations]) => ({ method, operations }));
}

/** Makes fastify route every method of `specs` it does not know yet. */
export function addMethods(app: FastifyInstance, specs: OpSpec[]): void {
  for (const method of new Set(specs.map((s) => s.op.method))) if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
}

/** One line for the start of `docex sandbox`, or none when the parser accepts every method. */
export function refusedLine(refused: RefusedMethod[], version = process.version): string | undefined {
  if (refused.length === 0) return undefined;
  const methods = refused.map((r) => r.method).join(', ');
  const ops = refused.flatMap((r) => r.operations).join(', ');
  return `Node ${version}'s HTTP parser refuses ${methods}, so these operations are not served: ${ops}`;
}
