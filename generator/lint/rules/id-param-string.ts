import { ID_NAME } from '../shapes/case.js';
import { isType } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'id-param-string';
export const summary = 'an `id` or `<name>Id` path or query parameter whose type is not string';
export const spec = '2.1 Resource id: "Type string unless there is a strong reason otherwise."';

export const check = operationRule((op, ctx, report) => {
  for (const p of op.params)
    if ((p.in === 'path' || p.in === 'query') && ID_NAME.test(p.name) && p.schema && !isType(ctx, p.schema, 'string'))
      report(p.schema.location, `Give the id parameter "${p.name}" type string: ids are opaque strings.`);
});
