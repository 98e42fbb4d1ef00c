import { isPascal, toPascal } from '../shapes/case.js';
import { schemaRule } from '../shapes/rule.js';

export const id = 'enum-pascal-case';
export const summary = 'an enum value that is not a PascalCase string (ALL CAPS, such as `INVOICE`, is not PascalCase)';
export const spec = '2.1 Enums: "Values are PascalCase."';

export const check = schemaRule((schema, _ctx, report) => {
  const values = schema.node.enum;
  if (!Array.isArray(values)) return;
  values.forEach((v: unknown, i) => {
    if (v === null) return;
    if (typeof v !== 'string') report(schema.location.child(['enum', i]), `Use a PascalCase string instead of the enum value ${JSON.stringify(v)}.`);
    else if (!isPascal(v)) report(schema.location.child(['enum', i]), `Write the enum value "${v}" in PascalCase, for example "${toPascal(v)}".`);
  });
});
