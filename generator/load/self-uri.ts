// OpenAPI 3.2's `$self`: the document's own URI, the base its `$ref`s resolve against. A `$ref` that resolves against
// it to the document itself is internal, and one to another URI of the same origin is the file at the same place
// relative to this one: read from disk, never fetched. Messages still name the file as given, never `$self`.
import { posix } from 'node:path';
import { isObject } from '../util/json.js';

/** Placeholder origin for a relative `$self` (`/apis/pets.yaml`): only paths are compared under it. */
const NO_ORIGIN = 'https://docex.invalid';

/** Rewrites, in place, the `$ref`s of a parsed document that has a `$self` to what they name relative to its file. */
export function resolveAgainstSelf(parsed: unknown): void {
  if (!isObject(parsed) || typeof parsed.$self !== 'string' || !URL.canParse(parsed.$self, NO_ORIGIN)) return;
  const self = new URL(parsed.$self, NO_ORIGIN);
  const folder = posix.dirname(self.pathname);
  const seen = new Set<object>();
  const stack: unknown[] = [parsed];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (isObject(node) && typeof node.$ref === 'string' && !node.$ref.startsWith('#') && URL.canParse(node.$ref, self)) {
      const target = new URL(node.$ref, self);
      if (target.origin === self.origin && target.search === self.search) {
        const path = target.pathname === self.pathname ? '' : decodeURIComponent(posix.relative(folder, target.pathname));
        node.$ref = `${path}${target.hash || (path ? '' : '#')}`;
      }
    }
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') stack.push(v);
  }
}
