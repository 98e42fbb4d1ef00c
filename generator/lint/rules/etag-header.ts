import { headerNames, param, successResponse } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const EtagHeader = operationRule((op, ctx, report, all) => {
  if (param(op, 'If-None-Match', 'header') && !headerNames(ctx, successResponse(op)).includes('etag'))
    report(op.keyLocation, `Declare an ETag header on the success response: the operation accepts If-None-Match.`, true);
  if (op.method !== 'get' && param(op, 'If-Match', 'header')) {
    const get = all.find((o) => o.path === op.path && o.method === 'get');
    if (!get || !headerNames(ctx, successResponse(get)).includes('etag'))
      report(op.keyLocation, `Declare an ETag header on the GET of ${op.path}: this ${op.method.toUpperCase()} accepts If-Match, so clients need the ETag to send.`, true);
  }
});
