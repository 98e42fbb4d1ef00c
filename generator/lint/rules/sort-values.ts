import { keyword, readSortable, sortParam } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'sort-values';
export const summary = 'a `sort` parameter whose enum or pattern rejects a sortable property, ascending or with a leading `-` (descending)';
export const spec = '4.5 Sorting: "Ascending is the default. A leading - gives descending."';

// Spec 4.5: `sort` names a property, ascending by default, descending with a leading `-`. When the parameter's
// schema restricts its values (enum or pattern), each sortable field must be accepted in both directions.
export const check = operationRule((op, ctx, report) => {
  const sort = sortParam(op);
  if (!sort?.schema) return;
  const names = readSortable(ctx, sort)?.fields ?? [];
  if (names.length === 0) return; // docex/sort-param reports a missing declaration
  const values = keyword(ctx, sort.schema, 'enum');
  const pattern = keyword(ctx, sort.schema, 'pattern');
  let accepts: ((v: string) => boolean) | undefined;
  if (Array.isArray(values)) accepts = (v) => values.includes(v);
  else if (typeof pattern === 'string') {
    let re: RegExp;
    try {
      re = new RegExp(pattern, 'u');
    } catch {
      return;
    }
    accepts = (v) => re.test(v);
  }
  if (!accepts) return;
  const rejected = names.flatMap((n) => [n, `-${n}`]).filter((v) => !accepts(v));
  if (rejected.length > 0)
    report(sort.schema.location, `Let the "sort" schema accept ${rejected.map((v) => `"${v}"`).join(', ')}: each sortable property sorts ascending, and descending with a leading "-".`);
});
