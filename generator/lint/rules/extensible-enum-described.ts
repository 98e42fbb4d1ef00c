import { EXT, describesValues, readExtensibleEnum } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

export const ExtensibleEnumDescribed = schemaRule((schema, _ctx, report) => {
  const reading = readExtensibleEnum(schema);
  if (!reading) return;
  const here = reading.at.location;
  if (schema.node.enum !== undefined) report(here, `Drop "enum" beside ${EXT.extensibleEnum}: a value set that may change is not an enum.`, true);
  const { missing, saysMayChange } = describesValues(schema.node.description, reading.values);
  if (!saysMayChange || missing.length > 0)
    report(here, `Describe this value set: list its values${missing.length ? ` (missing ${missing.map((v) => `"${String(v)}"`).join(', ')})` : ''} and say that they may change.`, true);
});
