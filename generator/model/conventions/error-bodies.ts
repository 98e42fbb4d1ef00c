// Error bodies: what an operation declares for each error status (4xx, 5xx, their ranges, `default`): its JSON body's
// type and required properties, so a client can tell the documented body from another one, or that it has none.
import { isJsonMedia } from './media.js';
import { child, type Ctx } from './node.js';
import type { Operation } from './operations.js';
import { required, types } from './schema.js';
import type { ErrorBody } from '../types.js';

export type { ErrorBody };

export function readErrorBodies(ctx: Ctx, op: Operation): ErrorBody[] {
  const out: ErrorBody[] = [];
  for (const [status, response] of op.responses) {
    if (!/^([45](\d\d|XX)|default)$/i.test(status)) continue;
    const content = child(ctx, response, 'content');
    const mediaType = content && Object.keys(content.node).find(isJsonMedia);
    if (!mediaType) {
      out.push({ status, required: [] });
      continue;
    }
    const schema = child(ctx, child(ctx, content, mediaType), 'schema');
    const t = [...types(ctx, schema)];
    out.push({ status, mediaType, ...(t.length === 1 ? { type: t[0] } : {}), required: [...required(ctx, schema)] });
  }
  return out;
}
