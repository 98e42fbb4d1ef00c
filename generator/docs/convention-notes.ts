// What the reference pages say about conventions that the documents state as x- extensions, which Redoc does
// not render: each is taken from the model's record and added to the operation's or parameter's description, in a
// copy of the bundled document made for rendering only (the published JSON stays the document as written).
import { pointerTarget } from '../util/json.js';
import type { OpenApiDocument } from '../load/index.js';
import { refusesByState, type Effect, type EffectChange } from '../model/conventions/effect.js';
import { describeFilter } from '../model/conventions/filter.js';
import { describeUnique } from '../model/conventions/unique.js';
import { buildApiModel, type ApiModel, type SourceRef } from '../model/index.js';

/** A copy of `doc` with the notes; `model` is the document's (built here when the caller has none). */
export function withConventionNotes<T extends object>(doc: T, model: ApiModel = buildApiModel(doc as OpenApiDocument, { id: '', name: '', apiPath: '', source: '' })): T {
  const copy = structuredClone(doc);
  const at = (ref: SourceRef): object | undefined => {
    const v = pointerTarget(copy, ref.pointer);
    return v !== null && typeof v === 'object' ? v : undefined;
  };
  const ops = [...model.operations].sort((a, b) => a.order - b.order);
  for (const op of ops) {
    const node = at(op.at);
    const { unique, effect } = op.conventions;
    if (!node) continue;
    if (unique && op.method === 'POST') append(node, `**Duplicates (409 Conflict):** a create with ${describeUnique(unique.fields)} as an existing resource is refused.`);
    if (effect) append(node, describeEffect(effect));
  }
  // Filters (x-filter) and what a create's query parameters set (x-sets), on the parameter; a shared parameter once.
  const noted = new Set<object>();
  for (const op of ops) {
    for (const p of op.params) {
      const node = at(p.at);
      if (!node || noted.has(node)) continue;
      noted.add(node);
      const filter = p.in === 'query' ? op.conventions.filters.find((f) => f.param === p.name) : undefined;
      const sets = p.in === 'query' ? op.conventions.sets.find((s) => s.param === p.name) : undefined;
      if (filter) append(node, `**Filter:** ${describeFilter(filter.match, filter.property?.split('.'))}.`);
      if (sets) append(node, `**Sets** the created item's \`${sets.property}\`.`);
    }
  }
  return copy;
}

/** x-effect in words: "**Effect:** each resource named in `documentIds` (`/documents/{documentId}`) gets `isFetched: true`. ..." */
function describeEffect(e: Effect): string {
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
