import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { child, entries, type At, type Location } from '../../model/conventions/index.js';
import { reporter, Said } from '../shapes/report.js';
import { expandTarget, isType, props } from '../../model/conventions/index.js';
import { isObject } from '../../util/json.js';
import { EXT } from '../../model/conventions/extensions.js';

export const id = 'expand-target-id';
export const summary = `an \`${EXT.expandable}\` naming a schema without a string \`id\``;
export const spec = '2.3: "each named reference object in the response is replaced by the full representation of the referenced resource, which still carries its id."';

/** The name a `$ref`-ed schema gets under `components.schemas` once bundled (as in reference-shape). */
function bundledName(location: Location): string | undefined {
  const pointer = location.pointer.replace(/^#\/?/, '');
  if (pointer) return pointer.split('/').at(-1);
  return location.source.absoluteRef.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
}

// Section 2.3: an expanded reference "still carries its id", so the schema it expands to must have one.
export const check: Oas3Rule = () => {
  const said = new Said();
  const named = new Map<string, At>();
  const expandables: { target: string; location: Location }[] = [];
  return {
    Root: {
      enter(root: object, ctx: UserContext) {
        if (!isObject(root)) return;
        for (const [name, s] of entries(ctx, child(ctx, { node: root, location: ctx.location }, 'components'), 'schemas')) named.set(name, s);
      },
      leave(_root: object, ctx: UserContext) {
        const report = reporter(ctx, said);
        for (const { target, location } of expandables) {
          const schema = named.get(target);
          if (schema && !isType(ctx, props(ctx, schema).get('id')?.schema, 'string'))
            report(location, `Give the schema "${target}" a string "id": an expanded reference still carries its id.`, true);
        }
      },
    },
    Schema: {
      enter(node: object, ctx: UserContext) {
        if (!isObject(node)) return;
        if (isObject(ctx.rawNode) && typeof ctx.rawNode.$ref === 'string') {
          const name = bundledName(ctx.location);
          if (name && !named.has(name)) named.set(name, { node, location: ctx.location });
        }
        for (const p of props(ctx, { node, location: ctx.location }).values()) {
          const target = expandTarget(ctx, p);
          if (target !== undefined) expandables.push({ target, location: p.location });
        }
      },
    },
  };
};
