import { param } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'expand-on-get';
export const summary = 'an `expand` parameter on an operation other than GET';
export const spec = '2.3: "Query parameter expand on a GET of a resource."';

export const check = operationRule((op, _ctx, report) => {
  const expand = param(op, 'expand', 'query');
  if (expand && op.method !== 'get') report(expand.node.location, `Remove "expand" from this ${op.method.toUpperCase()}: expansion is a query parameter of GETs.`);
});
