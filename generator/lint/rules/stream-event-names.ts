import { operationRule } from '../shapes/rule.js';
import { streamOf } from '../shapes/stream.js';

export const id = 'stream-event-names';
export const summary = 'a Server-Sent Events `itemSchema` that names no `event` values (a `const` or `enum` of `event`, in each `oneOf` alternative for several events)';
export const spec = 'Clients tell SSE events apart by their `event` name. The conventions say nothing of streams: a house rule (issue 47).';

export const check = operationRule((op, ctx, report) => {
  const s = streamOf(ctx, op);
  if (s?.stream.mediaType === 'text/event-stream' && s.stream.item && !s.stream.events.length)
    report(s.at, `Name the event values in the itemSchema: give "event" a const (one oneOf alternative per event) or an enum, so that clients can switch over them.`, true);
});
