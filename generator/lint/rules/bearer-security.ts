import { isBearerScheme, isTokenService, securitySchemes } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

// The token service is exempt: its token endpoint takes HTTP Basic, its login page a browser.
export const BearerSecurity = operationRule((op, ctx, report) => {
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
