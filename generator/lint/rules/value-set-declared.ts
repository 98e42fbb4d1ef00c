import { arrayItems, EXT, keyword, types } from '../../model/conventions/index.js';
import type { At, Ctx } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

export const id = 'value-set-declared';
export const summary = 'a plain string (or array of strings) whose description names a value in code (`Peppol`) but declares no `x-extensible-enum` or `enum`';
export const spec = '2.1 Enums: "A property whose values may change is not declared as an enum; its description lists the values and says they may change."';

/** A value written as code in a description: `Peppol`, `WaitingToBeDelivered`. */
const CODE_VALUE = /`([A-Z][a-zA-Z0-9]*)`/;

const declaresValues = (ctx: Ctx, s: At | undefined): boolean =>
  ['enum', EXT.extensibleEnum, 'const', 'format', 'pattern'].some((k) => keyword(ctx, s, k) !== undefined);

// 2.1 Enums: "A property whose values may change is not declared as an enum; its description lists the values and
// says they may change." A plain string (or array of strings) whose description names a value, as in "for
// example `Peppol`", takes values from a set: declare them (x-extensible-enum), so that lint checks the listing.
export const check = schemaRule((schema, ctx, report) => {
  const description = typeof schema.node.description === 'string' ? schema.node.description : '';
  const hit = CODE_VALUE.exec(description);
  if (!hit) return;
  const t = types(ctx, schema);
  const strings = t.has('string') ? schema : t.has('array') ? arrayItems(ctx, schema) : undefined;
  if (!strings || !types(ctx, strings).has('string') || declaresValues(ctx, schema) || declaresValues(ctx, strings)) return;
  report(schema.location, `Declare the values of this set (its description names "${hit[1]}") with x-extensible-enum (or enum if they never change), listed in the description.`);
});
