// The request id header: which response header carries the API's request id, when the document declares one that the
// runtime does not read by default (x-request-id, request-id, x-<vendor>-request-id), such as Oracle's opc-request-id.

/** Whether the runtime reads a header as the request id without being told (templates/runtime/errors.ts requestIdOf). */
const readByDefault = (name: string) => /^(x-)?request-id$|^x-.+-request-id$/.test(name);

/**
 * The request id header of a document, from the response headers it declares (`names`: one per declaration): one
 * whose name says request id (`opc-request-id`, `X-Amzn-RequestId`), lower case; of several, the most declared,
 * then the first by name. None when the document declares none, or declares one the runtime reads by default (a
 * named header is read before those, and Azure's `client-request-id` echoes the caller's own).
 */
export function declaredRequestIdHeader(names: Iterable<string>): string | undefined {
  const counts = new Map<string, number>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (!/request-?id/.test(lower)) continue;
    if (readByDefault(lower)) return undefined;
    counts.set(lower, (counts.get(lower) ?? 0) + 1);
  }
  return [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : 1))[0]?.[0];
}
