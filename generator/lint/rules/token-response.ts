import { isTokenEndpoint, successResponseNode, jsonSchema } from '../../model/conventions/index.js';
import { isType, props } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'token-response';
export const summary = 'a token response without `access_token`, `token_type`, `expires_in` (integer), `refresh_token`, `scope`';
export const spec = '2.6 Token response resource.';

const FIELDS: [string, string][] = [
  ['access_token', 'string'],
  ['token_type', 'string'],
  ['expires_in', 'integer'],
  ['refresh_token', 'string'],
  ['scope', 'string'],
];

export const check = operationRule((op, ctx, report) => {
  if (!isTokenEndpoint(ctx, op)) return;
  const response = successResponseNode(op);
  const schema = jsonSchema(ctx, response);
  if (!schema) {
    report(response?.location ?? op.keyLocation, `Answer the token endpoint with a JSON token response (access_token, token_type, expires_in, refresh_token, scope).`);
    return;
  }
  const known = props(ctx, schema);
  const wrong = FIELDS.filter(([name, type]) => !isType(ctx, known.get(name)?.schema, type));
  if (wrong.length > 0)
    report(schema.location, `Give the token response ${wrong.map(([n, t]) => `"${n}" (${t})`).join(', ')}.`, true);
});
