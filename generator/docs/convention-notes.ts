// What the reference pages say about conventions that the documents state as x- extensions, which Redoc does
// not render: each is read through its model reader and added to the operation's or parameter's description, in a
// copy of the bundled document made for rendering only (the published JSON stays the document as written).
import { HTTP_METHODS, type OpenApiDocument } from '../load/index.js';
import { describeFilter, documentContext, documentRoot, operations, readFilter, readSets } from '../model/conventions/index.js';
import { describeUnique, readUnique } from '../model/conventions/unique.js';

export function withConventionNotes<T extends object>(doc: T): T {
  const copy = structuredClone(doc) as T & { paths?: Record<string, Record<string, unknown>> };
  for (const item of Object.values(copy.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item?.[method];
      if (!op || typeof op !== 'object') continue;
      const unique = readUnique(op);
      if (unique.kind !== 'fields') continue;
      append(op, `**Duplicates (409 Conflict):** a create with ${describeUnique(unique.fields)} as an existing resource is refused.`);
    }
  }
  // Filters (x-filter) and what a create's query parameters set (x-sets), on the parameter; a shared parameter once.
  const noted = new Set<object>();
  const bundled = copy as unknown as OpenApiDocument;
  for (const op of operations(documentContext(bundled), documentRoot(bundled))) {
    for (const p of op.params) {
      if (noted.has(p.node.node)) continue;
      noted.add(p.node.node);
      const filter = readFilter(p);
      const sets = readSets(p);
      if (filter.kind === 'filter') append(p.node.node, `**Filter:** ${describeFilter(filter.match, filter.property)}.`);
      if (sets.kind === 'sets') append(p.node.node, `**Sets** the created item's \`${sets.property.join('.')}\`.`);
    }
  }
  return copy;
}

function append(holder: object, note: string): void {
  const o = holder as { description?: string };
  o.description = o.description ? `${o.description}\n\n${note}` : note;
}
