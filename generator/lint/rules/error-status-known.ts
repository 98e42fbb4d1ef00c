import { operationRule } from '../shapes/rule.js';

const KNOWN = new Set(['400', '401', '403', '404', '406', '409', '412', '415', '500']);

export const ErrorStatusKnown = operationRule((op, _ctx, report) => {
  for (const [code] of op.responses)
    if (/^[45]\d\d$/.test(code) && !KNOWN.has(code))
      report(op.op.location.child(['responses', code]), `Use one of the spec's error statuses (400, 401, 403, 404, 406, 409, 412, 415, 500) instead of ${code}.`, true);
});
