import { isPascal, toPascal } from '../shapes/case.js';
import { schemaRule } from '../shapes/rule.js';

export const EnumPascalCase = schemaRule((schema, _ctx, report) => {
  const values = schema.node.enum;
  if (!Array.isArray(values)) return;
  values.forEach((v: unknown, i) => {
    if (v === null) return;
    if (typeof v !== 'string') report(schema.location.child(['enum', i]), `Use a PascalCase string instead of the enum value ${JSON.stringify(v)}.`);
    else if (!isPascal(v)) report(schema.location.child(['enum', i]), `Write the enum value "${v}" in PascalCase, for example "${toPascal(v)}".`);
  });
});
