import { readEtag } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'etag-header';
export const summary = 'an `If-None-Match` operation whose success response has no `ETag`, or an `If-Match` operation whose resource GET has none';
export const spec = 'ETags: "Client sends the stored ETag in If-None-Match" / "Client sends the ETag in If-Match."';

export const check = operationRule((op, ctx, report, all) => {
  const e = readEtag(ctx, op);
  if (e.ifNoneMatch && !e.etag) report(op.keyLocation, `Declare an ETag header on the success response: the operation accepts If-None-Match.`, true);
  if (op.method !== 'get' && e.ifMatch) {
    const get = all.find((o) => o.path === op.path && o.method === 'get');
    if (!get || !readEtag(ctx, get).etag)
      report(op.keyLocation, `Declare an ETag header on the GET of ${op.path}: this ${op.method.toUpperCase()} accepts If-Match, so clients need the ETag to send.`, true);
  }
});
