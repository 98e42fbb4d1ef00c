import { param } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const ConditionalHeaderMethod = operationRule((op, _ctx, report) => {
  const ifNoneMatch = param(op, 'If-None-Match', 'header');
  if (ifNoneMatch && op.method !== 'get')
    report(ifNoneMatch.node.location, `Remove If-None-Match from this ${op.method.toUpperCase()}: it belongs to GETs (304); use If-Match on PUT and POST.`);
  const ifMatch = param(op, 'If-Match', 'header');
  if (ifMatch && op.method === 'get') report(ifMatch.node.location, `Use If-None-Match on this GET instead of If-Match.`);
});
