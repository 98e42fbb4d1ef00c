import { headerNames, param, successResponse } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';
import { hasStatus } from './error-statuses.js';

export const EtagPairing = operationRule((op, ctx, report) => {
  if (op.method === 'get' && headerNames(ctx, successResponse(op)).includes('etag') && !param(op, 'If-None-Match', 'header'))
    report(op.keyLocation, `Accept an If-None-Match header parameter: this GET returns an ETag.`, true);
  if (op.method === 'put' && param(op, 'If-Match', 'header') && !hasStatus(op, '412'))
    report(op.keyLocation, `Add a 412 response: this PUT accepts If-Match.`, true);
});
