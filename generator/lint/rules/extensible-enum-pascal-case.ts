import { EXT, readExtensibleEnum } from '../../model/conventions/index.js';
import { isPascal, toPascal } from '../shapes/case.js';
import { schemaRule } from '../shapes/rule.js';

export const id = 'extensible-enum-pascal-case';
export const summary = `an \`${EXT.extensibleEnum}\` value that is not a PascalCase string (ALL CAPS is not PascalCase)`;
export const spec = '2.1 Enums: "Values are PascalCase." (the known values of a set that may change too)';

// 2.1 Enums: "Values are PascalCase", for the known values of a set that may change as much as for an enum.
export const check = schemaRule((schema, _ctx, report) => {
  const reading = readExtensibleEnum(schema);
  reading?.values.forEach((v: unknown, i) => {
    const at = reading.at.location.child([i]);
    if (typeof v !== 'string') report(at, `Use a PascalCase string instead of the ${EXT.extensibleEnum} value ${JSON.stringify(v)}.`);
    else if (!isPascal(v)) report(at, `Write the ${EXT.extensibleEnum} value "${v}" in PascalCase, for example "${toPascal(v)}".`);
  });
});
