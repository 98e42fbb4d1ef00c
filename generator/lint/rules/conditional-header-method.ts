import { param } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'conditional-header-method';
export const summary = '`If-None-Match` on a method other than GET, or `If-Match` on a GET';
export const spec = 'ETags table: GET with If-None-Match; PUT and POST with If-Match.';

export const check = operationRule((op, _ctx, report) => {
  const ifNoneMatch = param(op, 'If-None-Match', 'header');
  if (ifNoneMatch && op.method !== 'get')
    report(ifNoneMatch.node.location, `Remove If-None-Match from this ${op.method.toUpperCase()}: it belongs to GETs (304); use If-Match on PUT and POST.`);
  const ifMatch = param(op, 'If-Match', 'header');
  if (ifMatch && op.method === 'get') report(ifMatch.node.location, `Use If-None-Match on this GET instead of If-Match.`);
});
