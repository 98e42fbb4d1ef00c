import { EXT, describesValues, readExtensibleEnum } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

export const id = 'extensible-enum-described';
export const summary = `an \`${EXT.extensibleEnum}\` (or one beside \`enum\`) whose description does not list its values and say they may change`;
export const spec = '2.1 Enums: "its description lists the values and says they may change."';

export const check = schemaRule((schema, _ctx, report) => {
  const reading = readExtensibleEnum(schema);
  if (!reading) return;
  const here = reading.at.location;
  if (schema.node.enum !== undefined) report(here, `Drop "enum" beside ${EXT.extensibleEnum}: a value set that may change is not an enum.`, true);
  const { missing, saysMayChange } = describesValues(schema.node.description, reading.values);
  if (!saysMayChange || missing.length > 0)
    report(here, `Describe this value set: list its values${missing.length ? ` (missing ${missing.map((v) => `"${String(v)}"`).join(', ')})` : ''} and say that they may change.`, true);
});
