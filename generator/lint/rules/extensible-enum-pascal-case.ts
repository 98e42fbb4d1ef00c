import { EXT } from '../../model/conventions/index.js';
import { isPascal, toPascal } from '../shapes/case.js';
import { schemaRule } from '../shapes/rule.js';

// 2.1 Enums: "Values are PascalCase", for the known values of a set that may change as much as for an enum.
export const ExtensibleEnumPascalCase = schemaRule((schema, _ctx, report) => {
  const values = schema.node[EXT.extensibleEnum];
  if (!Array.isArray(values)) return;
  values.forEach((v: unknown, i) => {
    const at = schema.location.child([EXT.extensibleEnum, i]);
    if (typeof v !== 'string') report(at, `Use a PascalCase string instead of the x-extensible-enum value ${JSON.stringify(v)}.`);
    else if (!isPascal(v)) report(at, `Write the x-extensible-enum value "${v}" in PascalCase, for example "${toPascal(v)}".`);
  });
});
