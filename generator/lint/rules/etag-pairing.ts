import { readEtag } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'etag-pairing';
export const summary = '`ETag` in a GET response without an `If-None-Match` parameter, or `If-Match` on PUT without 412';
export const spec = 'ETags: GET "If equal to the current one, the response is 304."; PUT "otherwise 412."';

export const check = operationRule((op, ctx, report) => {
  const e = readEtag(ctx, op);
  if (op.method === 'get' && e.etag && !e.ifNoneMatch) report(op.keyLocation, `Accept an If-None-Match header parameter: this GET returns an ETag.`, true);
  if (op.method === 'put' && e.ifMatch && !e.preconditionFailed) report(op.keyLocation, `Add a 412 response: this PUT accepts If-Match.`, true);
});
