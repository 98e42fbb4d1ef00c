import { EXT, isSecured, isType, PRINCIPAL_ATTRIBUTES, readPrincipal, readOperationResource, successSchemaNode } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'principal-property';
export const summary = `an \`${EXT.principal}\` whose value is not \`username\`, on a property that is not a string, or in what an operation answers that is not a secured stand-alone resource (the signed-in principal's own representation, such as \`/current-user\`)`;
export const spec = '2.1 Stand-alone instance resource: "Path is singular, for example /current-user"; 5.1: every API call carries the user\'s access token. Which property of /current-user names that user is not in the spec: a house rule.';

// `x-principal` says a property holds the signed-in principal's username. That is only true of the principal's own
// representation: what a secured stand-alone resource (`/current-user`) answers, the resources reader's `singular`.
export const check = operationRule((op, ctx, report) => {
  const own = readOperationResource(ctx, op).role === 'singular' && isSecured(op);
  for (const p of readPrincipal(ctx, successSchemaNode(ctx, op))) {
    if (!PRINCIPAL_ATTRIBUTES.includes(p.value as (typeof PRINCIPAL_ATTRIBUTES)[number]))
      report(p.location, `Make ${EXT.principal} on "${p.property}" name what it holds of the signed-in principal: ${PRINCIPAL_ATTRIBUTES.join(', ')}.`);
    else if (!isType(ctx, p.schema, 'string')) report(p.location, `Type "${p.property}" as a string: ${EXT.principal} says it holds a username.`);
    if (!own)
      report(p.location, `Remove ${EXT.principal} from "${p.property}" here: ${op.method.toUpperCase()} ${op.path} does not answer the signed-in principal's own representation (a secured stand-alone resource such as /current-user).`);
  }
});
