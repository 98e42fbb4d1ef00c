import { isTokenService } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';
import { hasStatus } from '../../model/conventions/index.js';

export const id = 'error-statuses-general';
export const summary = 'an API operation without 400 and 500 responses';
export const spec = '7.2: 400 "The request is malformed, for example a wrong parameter name"; 500 "Unknown server error."';

// Any call may name a parameter wrongly (400) or meet an unknown server error (500).
export const check = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  if (!hasStatus(op, '400')) report(op.keyLocation, `Add a 400 response: any request can be malformed (for example a wrong parameter name).`, true);
  if (!hasStatus(op, '500')) report(op.keyLocation, `Add a 500 response: any call can meet an unknown server error.`, true);
});
