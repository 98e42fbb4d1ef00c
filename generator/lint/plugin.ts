// The `docex` Redocly plugin: one rule per convention of the spec, each from its module in rule-list.ts.
import type { Oas3Rule, Plugin } from '@redocly/openapi-core';
import { ruleModules, type DocexRuleName } from './rule-list.js';

export const rules = Object.fromEntries(ruleModules.map((m) => [m.id, m.check])) as Record<DocexRuleName, Oas3Rule>;

const recommended = Object.fromEntries(ruleModules.map((m) => [`docex/${m.id}`, 'error' as const]));

/** Redocly types a 3.2 device authorization flow's `scopes` as a map of a type named `string`, which it does not
 *  define: any scope fails the whole lint ("Unknown type name found: string"). Typed as the other flows' scopes. */
const typeExtension: NonNullable<Plugin['typeExtension']> = {
  oas3: (types, version) => {
    const device = types.DeviceAuthorization;
    if (version !== 'oas3_2' || !device?.properties) return types;
    return { ...types, DeviceAuthorization: { ...device, properties: { ...device.properties, scopes: { type: 'object', additionalProperties: { type: 'string' } } } } };
  },
};

export default function docexPlugin() {
  return {
    id: 'docex',
    rules: { oas3: rules },
    typeExtension,
    configs: { recommended: { rules: recommended } },
  } satisfies Plugin;
}
