import { enumValues } from '../../model/conventions/index.js';
import { isLoginPage, param } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'login-page-params';
export const summary = 'a login page (GET with `response_type`) without required `response_type` (only `code`), `redirect_uri`, `client_id`';
export const spec = '4.4: "Required query parameters: response_type (must be code), redirect_uri, client_id."';

export const check = operationRule((op, _ctx, report) => {
  if (!isLoginPage(op)) return;
  for (const name of ['response_type', 'redirect_uri', 'client_id']) {
    const p = param(op, name, 'query');
    if (!p || p.node.node.required !== true) report(p?.node.location ?? op.keyLocation, `Declare "${name}" as a required query parameter of the login page.`, !p);
  }
  const type = param(op, 'response_type', 'query')?.schema;
  const values = type && typeof type.node.const === 'string' ? [type.node.const] : enumValues(type);
  if (type && (values?.length !== 1 || values[0] !== 'code')) report(type.location, `Restrict response_type to the single value "code".`);
});
