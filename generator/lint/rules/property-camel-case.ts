import { CAMEL, toCamel } from '../shapes/case.js';
import { schemaRule } from '../shapes/rule.js';
import { isObject } from '../../util/json.js';

export const id = 'property-camel-case';
export const summary = 'a schema property name that is not camelCase (token service schemas exempt: OAuth 2.0 names them)';
export const spec = '2.1 Property names: "camelCase."';

export const check = schemaRule((schema, _ctx, report) => {
  const props = schema.node.properties;
  if (!isObject(props)) return;
  for (const name of Object.keys(props))
    if (!CAMEL.test(name))
      report(schema.location.child(['properties', name]), `Rename property "${name}" to camelCase, for example "${toCamel(name)}".`, true);
});
