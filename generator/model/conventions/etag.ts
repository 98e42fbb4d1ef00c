// ETags (spec "ETags"): a GET's success response sends `ETag` and the GET takes `If-None-Match` (304); a PUT or
// POST takes `If-Match` (412), and its success response sends the new `ETag`.
import { child, type At, type Ctx } from './node.js';
import { param, type Operation } from './operations.js';
import { hasStatus } from './statuses.js';
import { successResponseNode } from './success.js';

export interface EtagReading {
  /** The success response declares an `ETag` header. */
  etag: boolean;
  ifNoneMatch: boolean;
  /** The If-None-Match parameter's name as written, when there is one. */
  ifNoneMatchName?: string;
  ifMatch: boolean;
  notModified: boolean;
  preconditionFailed: boolean;
}

function hasHeader(ctx: Ctx, response: At | undefined, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(child(ctx, response, 'headers')?.node ?? {}).some((h) => h.toLowerCase() === lower);
}

export function readEtag(ctx: Ctx, op: Operation): EtagReading {
  const ifNoneMatch = param(op, 'If-None-Match', 'header');
  return {
    etag: hasHeader(ctx, successResponseNode(op), 'ETag'),
    ifNoneMatch: !!ifNoneMatch,
    ...(ifNoneMatch && { ifNoneMatchName: ifNoneMatch.name }),
    ifMatch: !!param(op, 'If-Match', 'header'),
    notModified: hasStatus(op, '304'),
    preconditionFailed: hasStatus(op, '412'),
  };
}
