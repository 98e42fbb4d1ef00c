// Stream operations (issue 47), from the model's stream reading of each side (model/conventions/stream.ts): a client
// switches over the event names, so a new event type breaks it as a new response enum value does; a removed one leaves
// dead code that may wait for it; a change of terminal event changes what the client sees last. The items themselves
// are compared as a response body is (the itemSchema where the model says it is written), so a new value in a
// streamed item's enum is the enum rules' breaking change.
import { buildApiModel, type StreamReading } from '../../model/index.js';
import type { OpenApiDocument } from '../../load/types.js';
import { placeTarget } from '../../util/json.js';
import type { OperationPair } from '../context.js';

interface StreamSide {
  stream: StreamReading;
  successStatus: number;
}

/** Each stream operation of a document, by `METHOD path` as written: what the model reads of it. */
export function streamsOf(doc: OpenApiDocument): Map<string, StreamSide> {
  const model = buildApiModel(doc, { id: '', name: '', apiPath: '', source: '' });
  const out = new Map<string, StreamSide>();
  for (const op of model.operations) {
    const { stream, successStatus } = op.conventions;
    if (stream) out.set(`${op.method} ${op.path}`, { stream, successStatus });
  }
  return out;
}

/** The schema at a model's place; a named component as a reference to it, so that its changes are reported once, at
 *  the component, for every operation that reaches it (as a response body's are). */
function written(doc: OpenApiDocument, pointer: string): unknown {
  return /^#\/components\/schemas\/[^/]+$/.test(pointer) ? { $ref: pointer } : placeTarget(doc, pointer);
}

const names = (events: readonly string[]): string => events.map((e) => `\`${e}\``).join(', ');

export function checkStreams(pair: OperationPair, docs: { base: OpenApiDocument; head: OpenApiDocument }, base: StreamSide | undefined, head: StreamSide | undefined): void {
  if (!base || !head || base.stream.mediaType !== head.stream.mediaType) return;
  const b = base.stream;
  const h = head.stream;
  const location = `responses.${head.successStatus}[${h.mediaType}]`;
  const added = h.events.filter((e) => !b.events.includes(e));
  const removed = b.events.filter((e) => !h.events.includes(e));
  if (added.length) pair.emit('stream-event-added', `${location}.event`, { events: names(added) });
  if (removed.length) pair.emit('stream-event-removed', `${location}.event`, { events: names(removed) });
  if (b.terminal !== h.terminal) pair.emit('stream-terminal-event-changed', `${location}.x-terminal-event`, { from: b.terminal ? `\`${b.terminal}\`` : 'none', to: h.terminal ? `\`${h.terminal}\`` : 'none' });
  if (!b.item || !h.item) return;
  pair.schema(written(docs.base, b.item.pointer), written(docs.head, h.item.pointer), 'response', {
    location: `${location}.itemSchema`,
    label: `the items of the response ${head.successStatus} stream (${h.mediaType})`,
    kind: 'body',
    // An event type added or removed is an alternative of the item schema added or removed: said once, by name.
    ...(added.length || removed.length ? { covered: ['response-variant-added', 'response-variant-removed'] as const } : {}),
  });
}
