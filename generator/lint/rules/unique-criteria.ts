import { EXT, jsonSchema, props, readEffect, readOperationResource, readUnique, refusesByState, successResponseNode } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'unique-criteria';
export const summary = 'a create (a POST into a collection, as the resources reader reads roles) answering 409 without `x-unique`, or an `x-unique` that is malformed, not on a POST with 409, or names a property the created resource lacks';
export const spec = '7.2 409: "A resource with the same criteria exists; occurs when creating a duplicate."';

// 7.2: a create that can answer 409 says what makes a duplicate; the criteria name properties of what it creates.
export const check = operationRule((op, ctx, report) => {
  const reading = readUnique(op.op.node);
  const where = op.op.location.child([EXT.unique]);
  if (reading.kind === 'malformed') return report(where, `Fix ${EXT.unique}: ${reading.problem.replace(`${EXT.unique} `, '')}.`);
  if (reading.kind === 'none') {
    const creates = readOperationResource(ctx, op).kind === 'create';
    // A 409 that x-effect explains (a change allowed only from some states) is no duplicate.
    const effect = readEffect(ctx, op);
    const explained = effect?.kind === 'effect' && refusesByState(effect.effect);
    if (creates && op.responses.has('409') && !explained)
      report(op.keyLocation, `Declare ${EXT.unique} on this create: it answers 409, so name the properties whose equal values make a duplicate.`, true);
    return;
  }
  if (op.method !== 'post') return report(where, `Remove ${EXT.unique} from this ${op.method.toUpperCase()}: duplicates arise when creating (POST).`);
  if (!op.responses.has('409')) report(where, `Declare a 409 response: ${EXT.unique} says when a create is a duplicate.`);
  const created = props(ctx, jsonSchema(ctx, successResponseNode(op)));
  const unknown = reading.fields.filter((f) => !created.has(f));
  if (created.size > 0 && unknown.length > 0)
    report(where, `Name only properties of the created resource in ${EXT.unique}: ${unknown.join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not one.`);
});
