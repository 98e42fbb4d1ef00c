// operationId uniqueness: an operationId names a client method only when it is present and unique.

/** The operationIds written exactly once in the document. */
export function uniqueOperationIds(ops: readonly { operationId?: string | undefined }[]): Set<string> {
  const count = new Map<string, number>();
  for (const o of ops) if (o.operationId) count.set(o.operationId, (count.get(o.operationId) ?? 0) + 1);
  return new Set([...count].filter(([, n]) => n === 1).map(([id]) => id));
}
