import { ID_NAME } from '../shapes/case.js';
import { props, types } from '../../model/conventions/index.js';
import { schemaRule } from '../shapes/rule.js';

export const IdString = schemaRule((schema, ctx, report) => {
  for (const p of props(ctx, schema).values()) {
    if (!ID_NAME.test(p.name) || !p.schema) continue;
    const t = types(ctx, p.schema);
    t.delete('null');
    if (t.size !== 1 || !t.has('string'))
      report(p.location, `Give the id property "${p.name}" type string: ids are opaque strings.`, true);
  }
});
