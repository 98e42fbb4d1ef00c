// What the reference pages say about conventions that the documents state as x- extensions, which Redoc does
// not render: each is read through its model reader and added to the operation's or parameter's description, in a
// copy of the bundled document made for rendering only (the published JSON stays the document as written).
import { HTTP_METHODS, type OpenApiDocument } from '../load/index.js';
import { refusesByState, type Effect, type EffectChange } from '../model/conventions/effect.js';
import { describeFilter, documentContext, documentRoot, operations, readFilter, readSets } from '../model/conventions/index.js';
import { describeUnique, readUnique } from '../model/conventions/unique.js';
import { readConventions } from '../model/read.js';

export function withConventionNotes<T extends object>(doc: T): T {
  const copy = structuredClone(doc) as T & { paths?: Record<string, Record<string, unknown>> };
  const bundled = copy as unknown as OpenApiDocument;
  const conventions = readConventions(bundled, '');
  for (const [path, item] of Object.entries(copy.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item?.[method];
      if (!op || typeof op !== 'object') continue;
      const unique = readUnique(op);
      if (unique.kind === 'fields') append(op, `**Duplicates (409 Conflict):** a create with ${describeUnique(unique.fields)} as an existing resource is refused.`);
      const effect = conventions.get(`${method} ${path}`)?.effect;
      if (effect) append(op, describeEffect(effect));
    }
  }
  // Filters (x-filter) and what a create's query parameters set (x-sets), on the parameter; a shared parameter once.
  const noted = new Set<object>();
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

/** x-effect in words: "**Effect:** each resource named in `documentIds` (`/documents/{documentId}`) gets `isFetched: true`. ..." */
export function describeEffect(e: Effect): string {
  const code = (v: unknown) => `\`${typeof v === 'string' ? v : JSON.stringify(v)}\``;
  const change = (c: EffectChange): string => {
    const set = Object.entries(c.set).map(([k, v]) => `\`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}\``).join(', ');
    const from = Object.entries(c.from).map(([k, vs]) => `its \`${k}\` is ${vs.map(code).join(' or ')}`).join(' and ');
    return from ? `${set}, only when ${from}` : set;
  };
  const whom = e.ids === undefined ? `the resource it is below (\`${e.target}\`)` : `each resource named in \`${e.ids}\` (\`${e.target}\`)`;
  const what = e.by === undefined ? `${whom} gets ${change(e.changes[0]!)}` : `${whom} changes by \`${e.by}\`: ${e.changes.map((c) => `${code(c.when)} sets ${change(c)}`).join('; ')}`;
  const refusals = [
    ...(e.ids === undefined ? [] : ['404 Not Found when one does not exist']),
    ...(refusesByState(e) ? ['409 Conflict when its state does not allow the change'] : []),
  ];
  return `**Effect:** besides creating this resource, ${what}.${refusals.length ? ` ${refusals.join('; ')}, and then nothing changes.` : ''}`;
}

function append(holder: object, note: string): void {
  const o = holder as { description?: string };
  o.description = o.description ? `${o.description}\n\n${note}` : note;
}
