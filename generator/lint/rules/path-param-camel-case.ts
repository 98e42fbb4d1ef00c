import { CAMEL, toCamel } from '../shapes/case.js';
import { operationRule } from '../shapes/rule.js';

export const PathParamCamelCase = operationRule((op, _ctx, report) => {
  for (const p of op.params)
    if (p.in === 'path' && !CAMEL.test(p.name))
      report(p.node.location.child(['name']), `Rename path parameter "${p.name}" to camelCase, for example "${toCamel(p.name)}".`);
});
