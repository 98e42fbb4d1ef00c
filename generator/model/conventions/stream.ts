// Streams (issue 47): a success response whose media type is a sequence of items (Server-Sent Events, JSON Lines,
// JSON text sequences), with its OpenAPI 3.2 `itemSchema`, the event names it declares, the terminal event
// (`x-terminal-event`) and whether a dropped stream may be resumed (a safe method, or `x-resumable`).
import type { StreamMediaType, StreamReading } from '../types.js';
import { EXT } from './extensions.js';
import { child, list, sourceOf, str, type At, type Ctx } from './node.js';
import type { Operation } from './operations.js';
import { successResponseNode } from './success.js';

/** The streaming media types the generated client reads item by item, by the names they go by. */
const CARRIED: Record<string, Exclude<StreamMediaType, 'multipart/mixed'>> = {
  'text/event-stream': 'text/event-stream',
  'application/jsonl': 'application/jsonl',
  'application/x-ndjson': 'application/x-ndjson',
  'application/json-seq': 'application/json-seq',
};

/** RFC 9110 9.2.1: a repeated request of these methods changes nothing, so resuming one is faithful. */
const SAFE = new Set(['get', 'head', 'options', 'trace', 'query']);

/** The streaming media type the client reads item by item, of a media type key as written (parameters dropped). */
export function streamMediaType(mediaType: string): Exclude<StreamMediaType, 'multipart/mixed'> | undefined {
  return CARRIED[mediaType.split(';')[0]!.trim().toLowerCase()];
}

/** The success response's stream: its first media type, when that is one the client reads item by item. */
export function readStream(ctx: Ctx, op: Operation): StreamReading | undefined {
  const content = child(ctx, successResponseNode(op), 'content');
  const key = Object.keys(content?.node ?? {})[0];
  const mediaType = key === undefined ? undefined : streamMediaType(key);
  const media = mediaType && child(ctx, content, key!);
  if (!media) return undefined;
  const item = child(ctx, media, 'itemSchema');
  const terminal = str(media.node[EXT.terminalEvent]);
  const declared = op.op.node[EXT.resumable];
  return {
    mediaType,
    ...(item ? { item: sourceOf(item.location) } : {}),
    events: mediaType === 'text/event-stream' && item ? eventNames(ctx, item) : [],
    ...(terminal !== undefined ? { terminal } : {}),
    resumable: declared === false ? false : declared === true || SAFE.has(op.method),
    at: sourceOf(media.location),
  };
}

/** The `event` values an SSE item schema names: its `event` property's `const` or `enum`, or those of each branch of
 *  its `oneOf`/`anyOf`/`allOf`, in document order, each once. */
function eventNames(ctx: Ctx, schema: At, depth = 0): string[] {
  if (depth > 8) return [];
  const event = child(ctx, child(ctx, schema, 'properties'), 'event');
  const own = event ? [event.node.const, ...(Array.isArray(event.node.enum) ? event.node.enum : [])].filter((v): v is string => typeof v === 'string') : [];
  const branches = ['oneOf', 'anyOf', 'allOf'].flatMap((k) => list(ctx, schema, k)).flatMap((b) => eventNames(ctx, b, depth + 1));
  return [...new Set([...own, ...branches])];
}

/** The warning for a streamed response media type: none where it declares its `itemSchema`; else what its items are
 *  typed as. Undefined when the media type is not one the client streams. */
export function streamNote(media: At, mediaType: string): string | undefined {
  const m = streamMediaType(mediaType);
  if (!m || media.node.itemSchema !== undefined) return undefined;
  const items = m === 'text/event-stream' ? 'events whose `data` is a string' : 'unknown JSON values';
  return `\`${mediaType}\` declares no \`itemSchema\`: its items are typed as ${items}`;
}
