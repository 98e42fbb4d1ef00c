import { EXT, isSecured, isType, PRINCIPAL_ATTRIBUTES, readPrincipal, readOperationResource, successSchema } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

// `x-principal` says a property holds the signed-in principal's username. That is only true of the principal's own
// representation: what a secured stand-alone resource (`/current-user`) answers, the resources reader's `singular`.
export const PrincipalProperty = operationRule((op, ctx, report) => {
  const own = readOperationResource(ctx, op).role === 'singular' && isSecured(op);
  for (const p of readPrincipal(ctx, successSchema(ctx, op))) {
    if (!PRINCIPAL_ATTRIBUTES.includes(p.value as (typeof PRINCIPAL_ATTRIBUTES)[number]))
      report(p.location, `Make ${EXT.principal} on "${p.property}" name what it holds of the signed-in principal: ${PRINCIPAL_ATTRIBUTES.join(', ')}.`);
    else if (!isType(ctx, p.schema, 'string')) report(p.location, `Type "${p.property}" as a string: ${EXT.principal} says it holds a username.`);
    if (!own)
      report(p.location, `Remove ${EXT.principal} from "${p.property}" here: ${op.method.toUpperCase()} ${op.path} does not answer the signed-in principal's own representation (a secured stand-alone resource such as /current-user).`);
  }
});
