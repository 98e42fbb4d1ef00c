import { readEtag } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const EtagPairing = operationRule((op, ctx, report) => {
  const e = readEtag(ctx, op);
  if (op.method === 'get' && e.etag && !e.ifNoneMatch) report(op.keyLocation, `Accept an If-None-Match header parameter: this GET returns an ETag.`, true);
  if (op.method === 'put' && e.ifMatch && !e.preconditionFailed) report(op.keyLocation, `Add a 412 response: this PUT accepts If-Match.`, true);
});
