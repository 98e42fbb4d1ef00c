import { successResponseNode } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';
import { streamOf } from '../shapes/stream.js';

export const id = 'stream-end';
export const summary =
  'a streaming response that says neither how it ends (`x-terminal-event` on an SSE media type) nor when: its `description` has no sentence that names the stream (or connection) and its end (ends, closes, completes, terminates, finishes, or never ends)';
export const spec = 'A client must know when to stop reading a stream, or that it never ends. The conventions say nothing of streams: a house rule (issue 47).';

/** A sentence that names the stream or the connection and says it ends, closes, completes, terminates or finishes. */
const END = /\b(stream|connection)\b[^.!?]*\b(end|ends|ended|close|closes|closed|complete|completes|terminate|terminates|finish|finishes)\b|\b(end|ends|close|closes|complete|completes|terminate|terminates|finish|finishes)\b[^.!?]*\b(stream|connection)\b/i;

export const check = operationRule((op, ctx, report) => {
  const s = streamOf(ctx, op);
  if (!s || s.stream.terminal !== undefined) return;
  const response = successResponseNode(op);
  const description = response?.node.description;
  if (typeof description === 'string' && END.test(description)) return;
  const how = s.stream.mediaType === 'text/event-stream' ? `Name the last event with x-terminal-event on ${s.stream.mediaType}, or say` : 'Say';
  report(s.at, `${how} in the response description when the stream ends (a sentence naming the stream and its end, such as "The stream ends after the last order.").`, true);
});
