import { operationRule } from '../shapes/rule.js';

export const id = 'error-status-known';
export const summary = 'a 4xx/5xx status code that is not in the spec\'s status table';
export const spec = '7.2 Status codes (304, 400, 401, 403, 404, 406, 409, 412, 415, 500).';

const KNOWN = new Set(['400', '401', '403', '404', '406', '409', '412', '415', '500']);

export const check = operationRule((op, _ctx, report) => {
  for (const [code] of op.responses)
    if (/^[45]\d\d$/.test(code) && !KNOWN.has(code))
      report(op.op.location.child(['responses', code]), `Use one of the spec's error statuses (400, 401, 403, 404, 406, 409, 412, 415, 500) instead of ${code}.`, true);
});
