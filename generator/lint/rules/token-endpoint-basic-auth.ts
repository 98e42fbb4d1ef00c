import { isBasicScheme, isTokenEndpoint, securitySchemes } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';
import { hasStatus } from '../../model/conventions/index.js';

export const id = 'token-endpoint-basic-auth';
export const summary = 'a token endpoint (POST taking `grant_type` in its form or query) not secured by HTTP Basic only, or without 401';
export const spec = '4.3 Required header: "Authorization: HTTP Basic, user = client id, password = client secret."';

export const check = operationRule((op, ctx, report) => {
  if (!isTokenEndpoint(ctx, op)) return;
  const schemes = securitySchemes(ctx, op.root);
  const alternatives = op.security ?? [];
  if (alternatives.length === 0 || !alternatives.every((r) => Object.keys(r).some((name) => isBasicScheme(schemes.get(name)))))
    report(op.keyLocation, `Secure the token endpoint with an http/basic scheme only (client id as user, client secret as password).`, true);
  if (!hasStatus(op, '401')) report(op.keyLocation, `Add a 401 response to the token endpoint: wrong or missing client credentials.`, true);
});
