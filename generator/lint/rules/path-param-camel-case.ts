import { CAMEL, toCamel } from '../shapes/case.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'path-param-camel-case';
export const summary = 'a path parameter name that is not camelCase';
export const spec = '2.1 Path parameter names in specifications: "camelCase, for example {documentIdentifier}."';

export const check = operationRule((op, _ctx, report) => {
  for (const p of op.params)
    if (p.in === 'path' && !CAMEL.test(p.name))
      report(p.node.location.child(['name']), `Rename path parameter "${p.name}" to camelCase, for example "${toCamel(p.name)}".`);
});
