import { MAY_CHANGE } from '../shapes/case.js';
import { schemaRule } from '../shapes/rule.js';

export const ExtensibleEnumDescribed = schemaRule((schema, _ctx, report) => {
  const values = schema.node['x-extensible-enum'];
  if (values === undefined) return;
  const here = schema.location.child(['x-extensible-enum']);
  if (schema.node.enum !== undefined) report(here, `Drop "enum" beside x-extensible-enum: a value set that may change is not an enum.`, true);
  const description = typeof schema.node.description === 'string' ? schema.node.description : '';
  const missing = (Array.isArray(values) ? values : []).filter((v) => typeof v === 'string' && !description.includes(v));
  if (!MAY_CHANGE.test(description) || missing.length > 0)
    report(here, `Describe this value set: list its values${missing.length ? ` (missing ${missing.map((v) => `"${String(v)}"`).join(', ')})` : ''} and say that they may change.`, true);
});
