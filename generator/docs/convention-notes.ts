// What the reference pages say about conventions that the documents state as x- extensions, which Redoc does
// not render: each is read through its model reader and added to the operation's description, in a copy of the
// bundled document made for rendering only (the published JSON stays the document as written).
import { HTTP_METHODS } from '../load/index.js';
import { describeUnique, readUnique } from '../model/conventions/unique.js';


export function withConventionNotes<T extends object>(doc: T): T {
  const copy = structuredClone(doc) as T & { paths?: Record<string, Record<string, unknown>> };
  for (const item of Object.values(copy.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item?.[method];
      if (!op || typeof op !== 'object') continue;
      const unique = readUnique(op);
      if (unique.kind !== 'fields') continue;
      const o = op as { description?: string };
      const note = `**Duplicates (409 Conflict):** a create with ${describeUnique(unique.fields)} as an existing resource is refused.`;
      o.description = o.description ? `${o.description}\n\n${note}` : note;
    }
  }
  return copy;
}
