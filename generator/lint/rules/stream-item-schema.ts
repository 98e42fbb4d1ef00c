import { operationRule } from '../shapes/rule.js';
import { streamOf } from '../shapes/stream.js';

export const id = 'stream-item-schema';
export const summary = 'a streaming response (`text/event-stream`, JSON Lines, `application/json-seq`) without an `itemSchema`: clients get untyped strings or JSON values';
export const spec = 'OpenAPI 3.2 describes the items of a stream with the media type\'s `itemSchema`. The conventions say nothing of streams: a house rule (issue 47).';

export const check = operationRule((op, ctx, report) => {
  const s = streamOf(ctx, op);
  if (s && !s.stream.item) report(s.at, `Declare an itemSchema for ${s.stream.mediaType} (OpenAPI 3.2): without it each item is typed as a bare string or JSON value.`, true);
});
