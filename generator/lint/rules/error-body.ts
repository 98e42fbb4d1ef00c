import { isTokenService, jsonSchema } from '../../model/conventions/index.js';
import { isErrorBody } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'error-body';
export const summary = 'a 4xx/5xx response whose body is not the error body (a message with a required string `technicalMessage`, or an array of them); the token endpoint is exempt';
export const spec = '7.1: "The body is either one message object or an array of message objects." technicalMessage: required.';

// The token endpoint answers with OAuth 2.0's own error body (`error`, `error_description`).
export const check = operationRule((op, ctx, report) => {
  if (isTokenService(ctx, op)) return;
  for (const [code, response] of op.responses) {
    if (!/^[45]/.test(code)) continue;
    const schema = jsonSchema(ctx, response);
    if (!schema) report(response.location, `Give the ${code} response an application/json body with the error body: a message with a required string "technicalMessage", or an array of them.`, true);
    else if (!isErrorBody(ctx, schema))
      report(schema.location, `Use the error body for this error response: a message object with a required string "technicalMessage", or an array of them.`, true);
  }
});
