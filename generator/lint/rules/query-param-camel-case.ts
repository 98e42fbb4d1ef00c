import { CAMEL, toCamel } from '../shapes/case.js';
import { isTokenService } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'query-param-camel-case';
export const summary = 'a query parameter name that is not camelCase (the login page is exempt)';
export const spec = '2.1 Query parameter names: "camelCase, for example searchTerm."';

// The token service is exempt: OAuth 2.0 fixes its parameter names (`response_type`, `redirect_uri`, ...).
export const check = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  for (const p of op.params)
    if (p.in === 'query' && !CAMEL.test(p.name))
      report(p.node.location.child(['name']), `Rename query parameter "${p.name}" to camelCase, for example "${toCamel(p.name)}".`);
});
