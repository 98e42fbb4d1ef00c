import { EXT, MAY_CHANGE } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

export const id = 'no-enum-for-open-sets';
export const summary = 'an `enum` whose description says its values may change';
export const spec = '2.1 Enums: "A property whose values may change is not declared as an enum."';

export const check = schemaRule((schema, _ctx, report) => {
  const description = schema.node.description;
  if (Array.isArray(schema.node.enum) && typeof description === 'string' && MAY_CHANGE.test(description))
    report(schema.location.child(['enum']), `Replace "enum" with "${EXT.extensibleEnum}": the description says these values may change.`, true);
});
