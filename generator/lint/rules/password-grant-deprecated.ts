import { formSchema, isTokenEndpoint } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';
import { grantValues, grantVariants } from './token-grant-params.js';

export const id = 'password-grant-deprecated';
export const summary = 'a password grant not marked deprecated with the date';
export const spec = '5.4: "The endpoints of this grant are announced as deprecated after 1 June 2025."';

const DATE = /2025-06-01|1 June 2025|June 1,? 2025/;

export const check = operationRule((op, ctx, report) => {
  if (!isTokenEndpoint(ctx, op)) return;
  const form = formSchema(ctx, op);
  if (!form) return;
  const variants = grantVariants(ctx, form);
  const password = variants.find((v) => grantValues(ctx, v).includes('password'));
  if (!password) return;
  if (variants.length === 1) {
    report(form.location, `Split the token request into one oneOf variant per grant so that the password grant alone can be marked deprecated.`, true);
    return;
  }
  const description = typeof password.node.description === 'string' ? password.node.description : '';
  if (password.node.deprecated !== true || !DATE.test(description))
    report(password.location, `Mark the password grant deprecated: true and say in its description that it is deprecated after 1 June 2025.`);
});
