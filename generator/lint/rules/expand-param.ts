import { child } from '../shapes/node.js';
import { param, successSchema } from '../shapes/operation.js';
import { collectionItem, enumValues, expandableTarget, props } from '../shapes/schema.js';
import { operationRule } from '../shapes/rule.js';

export const ExpandParam = operationRule((op, ctx, report) => {
  const expand = param(op, 'expand', 'query');
  if (!expand) return;
  const body = successSchema(ctx, op);
  const resource = collectionItem(ctx, body) ?? body;
  const expandable = new Set([...props(ctx, resource).values()].filter((p) => expandableTarget(ctx, p) !== undefined).map((p) => p.name));
  if (expandable.size === 0) {
    report(expand.node.location, `Remove "expand", or mark a reference property of the response with x-expandable: nothing here can be expanded.`);
    return;
  }
  const listed = enumValues(child(ctx, expand.schema, 'items')) ? child(ctx, expand.schema, 'items') : expand.schema;
  (enumValues(listed) ?? []).forEach((v, i) => {
    if (typeof v === 'string' && !expandable.has(v) && listed)
      report(listed.location.child(['enum', i]), `Remove "${v}" from the expand values or mark that reference x-expandable: the response has no expandable property "${v}".`);
  });
});
