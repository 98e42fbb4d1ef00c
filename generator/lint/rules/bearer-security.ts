import { isBearerScheme, isTokenService, securitySchemes } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'bearer-security';
export const summary = 'an API operation not secured by an http/bearer scheme, or with an anonymous `{}` alternative (the token service is exempt)';
export const spec = '5.1: "Every API call carries the header Authorization: Bearer <ACCESS_TOKEN>."';

// The token service is exempt: its token endpoint takes HTTP Basic, its login page a browser.
export const check = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  const schemes = securitySchemes(ctx, op.root);
  const alternatives = op.security ?? [];
  if (alternatives.length === 0) {
    report(op.keyLocation, `Secure this operation with the bearer scheme (security: [{ <bearer scheme>: [] }]).`, true);
    return;
  }
  if (alternatives.some((r) => Object.keys(r).length === 0))
    report(op.keyLocation, `Remove the empty {} security alternative: every API call carries a bearer token.`, true);
  if (!alternatives.some((r) => Object.keys(r).some((name) => isBearerScheme(schemes.get(name)))))
    report(op.keyLocation, `Require a security scheme of type http with scheme bearer on this operation.`, true);
});
