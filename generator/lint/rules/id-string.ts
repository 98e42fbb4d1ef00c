import { ID_NAME } from '../shapes/case.js';
import { props, types } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

export const id = 'id-string';
export const summary = 'an `id` or `<name>Id` property whose type is not string';
export const spec = '2.1 Resource id: "Type string unless there is a strong reason otherwise."';

export const check = schemaRule((schema, ctx, report) => {
  for (const p of props(ctx, schema).values()) {
    if (!ID_NAME.test(p.name) || !p.schema) continue;
    const t = types(ctx, p.schema);
    t.delete('null');
    if (t.size !== 1 || !t.has('string'))
      report(p.location, `Give the id property "${p.name}" type string: ids are opaque strings.`, true);
  }
});
