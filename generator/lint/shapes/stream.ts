// What the stream rules read: the model's stream reading of an operation (the record's, conventions/stream.ts read
// through read-conventions.ts), and the media type's place as the walk's location, so that a report has its line.
import { successResponseNode, type Location, type Operation } from '../../model/conventions/index.js';
import { readOperationConventions } from '../../model/read-conventions.js';
import type { StreamReading } from '../../model/types.js';
import type { UserContext } from '@redocly/openapi-core';
import { unescapePointer } from '../../util/json.js';

interface StreamAt {
  stream: StreamReading;
  /** Where the stream's media type object is written (the operation's key when it cannot be placed). */
  at: Location;
}

export function streamOf(ctx: UserContext, op: Operation): StreamAt | undefined {
  const { stream } = readOperationConventions(ctx, op);
  if (!stream) return undefined;
  const response = successResponseNode(op)?.location;
  const inside = response && stream.at.file === response.source.absoluteRef && stream.at.pointer.startsWith(`${response.pointer}/`);
  const at = inside ? response.child(stream.at.pointer.slice(response.pointer.length + 1).split('/').map(unescapePointer)) : op.keyLocation;
  return { stream, at };
}
