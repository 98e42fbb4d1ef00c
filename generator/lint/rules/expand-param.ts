import { EXT, child, expandValues, param, readExpandable, type At, type Ctx, type Location } from '../../model/conventions/index.js';
import { operationRule } from '../shapes/rule.js';

export const id = 'expand-param';
export const summary = `an \`expand\` parameter where the response has no \`${EXT.expandable}\` reference, or naming a property that is not one`;
export const spec = '2.3: "comma-separated list of property names of referenced resources."';

export const check = operationRule((op, ctx, report) => {
  const expand = param(op, 'expand', 'query');
  if (!expand) return;
  const expandable = new Set(readExpandable(ctx, op).map((e) => e.name));
  if (expandable.size === 0) {
    report(expand.node.location, `Remove "expand", or mark a reference property of the response with ${EXT.expandable}: nothing here can be expanded.`);
    return;
  }
  const listed = expandValues(ctx, expand.schema);
  (listed?.values ?? []).forEach((v, i) => {
    if (typeof v === 'string' && !expandable.has(v) && listed)
      report(listed.at.location.child(['enum', i]), `Remove "${v}" from the expand values or mark that reference ${EXT.expandable}: the response has no expandable property "${v}".`);
  });
  // Examples and defaults are what the docs show and the sandbox sends: they must name expandable properties too.
  for (const { value, location } of shownValues(ctx, expand.node, expand.schema))
    for (const name of names(value))
      if (!expandable.has(name))
        report(location, `Use only expandable properties (${[...expandable].map((n) => `"${n}"`).join(', ')}) in this expand example or default: "${name}" is not one here.`);
});

/** `expand` values written as an array or a comma-separated string. */
function names(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean);
}

function shownValues(ctx: Ctx, parameter: At, schema: At | undefined): { value: unknown; location: Location }[] {
  const out: { value: unknown; location: Location }[] = [];
  for (const holder of [parameter, schema]) {
    if (!holder) continue;
    for (const key of ['example', 'default']) if (holder.node[key] !== undefined) out.push({ value: holder.node[key], location: holder.location.child([key]) });
  }
  const examples = child(ctx, parameter, 'examples');
  for (const name of Object.keys(examples?.node ?? {})) {
    const ex = child(ctx, examples, name);
    if (ex?.node.value !== undefined) out.push({ value: ex.node.value, location: ex.location.child(['value']) });
  }
  return out;
}
