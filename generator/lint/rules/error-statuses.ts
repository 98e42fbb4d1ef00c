import { hasStatus, mayAuthenticate, isTokenService, mediaTypes, param, readEffect, readResources } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'error-statuses';
export const summary = 'a missing status the spec implies: 401 secured, 404 instance path, 406 any response body, 412 If-Match, 415 request body, 409 POST into a collection, 304 If-None-Match; 403 is not required on secured operations: whether a resource can belong to someone the caller may not see is not in the document\'s structure (declare it where it can)';
export const spec = '7.2 Status codes, each row\'s Condition.';

export const check = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  const need: [string, string][] = [];
  if (mayAuthenticate(op)) need.push(['401', 'the operation is secured']);
  const resource = readResources(ctx, op.root).get(op.path);
  if (resource?.templated) need.push(['404', 'the path addresses an instance that may not exist']);
  // Any representation can meet an Accept that asks for another media type: 406, whether one or several are offered.
  if ([...op.responses].some(([code, r]) => /^2/.test(code) && mediaTypes(ctx, r).length > 0)) need.push(['406', 'a representation is returned and Accept may ask for a media type it is not in']);
  if (param(op, 'If-Match', 'header')) need.push(['412', 'If-Match is accepted']);
  if (op.op.node.requestBody !== undefined) need.push(['415', 'a request body is accepted']);
  // A create that records a change (x-effect: a receipt, an action) has no duplicates; its 409 is effect-valid's to judge.
  const recordsChange = readEffect(ctx, op)?.kind === 'effect';
  if (op.method === 'post' && !recordsChange && (op.responses.has('201') || resource?.role === 'collection')) need.push(['409', 'it creates into a collection and may meet a duplicate']);
  if (param(op, 'If-None-Match', 'header')) need.push(['304', 'If-None-Match is accepted']);
  for (const [code, why] of need)
    if (!hasStatus(op, code)) report(op.keyLocation, `Add a ${code} response: ${why}.`, true);
});
