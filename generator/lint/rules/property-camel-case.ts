import { CAMEL, toCamel } from '../shapes/case.js';
import { schemaRule } from '../shapes/rule.js';
import { isObject } from '../../util/json.js';

export const PropertyCamelCase = schemaRule((schema, _ctx, report) => {
  const props = schema.node.properties;
  if (!isObject(props)) return;
  for (const name of Object.keys(props))
    if (!CAMEL.test(name))
      report(schema.location.child(['properties', name]), `Rename property "${name}" to camelCase, for example "${toCamel(name)}".`, true);
});
