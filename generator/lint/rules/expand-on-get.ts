import { param } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const ExpandOnGet = operationRule((op, _ctx, report) => {
  const expand = param(op, 'expand', 'query');
  if (expand && op.method !== 'get') report(expand.node.location, `Remove "expand" from this ${op.method.toUpperCase()}: expansion is a query parameter of GETs.`);
});
