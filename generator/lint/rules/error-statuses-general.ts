import { isTokenService } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';
import { hasStatus } from '../../model/conventions/index.js';

// Any call may name a parameter wrongly (400) or meet an unknown server error (500).
export const ErrorStatusesGeneral = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  if (!hasStatus(op, '400')) report(op.keyLocation, `Add a 400 response: any request can be malformed (for example a wrong parameter name).`, true);
  if (!hasStatus(op, '500')) report(op.keyLocation, `Add a 500 response: any call can meet an unknown server error.`, true);
});
