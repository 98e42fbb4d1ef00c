import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { EXT, child, type At, type Location } from '../../model/conventions/index.js';
import { reporter, Said } from '../shapes/report.js';
import { expandTarget, parts, props, types } from '../../model/conventions/index.js';
import { isObject } from '../../util/json.js';

export const id = 'reference-shape';
export const summary = `a reference (marked \`${EXT.expandable}\`, or a reference object extended with \`allOf\`) whose object holds more than \`id\`, or an \`${EXT.expandable}\` naming a schema that does not exist`;
export const spec = '2.2: "A property <name> holding an object with a single property id (string)."';

/** The name a `$ref`-ed schema gets under `components.schemas` once bundled: its pointer's or file's last name. */
function bundledName(location: Location): string | undefined {
  const pointer = location.pointer.replace(/^#\/?/, '');
  if (pointer) return pointer.split('/').at(-1);
  return location.source.absoluteRef.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
}

/** The reference object of section 2.2 as written: an object whose only property is `id`. */
function isReferenceObject(ctx: UserContext, s: At): boolean {
  const keys = [...props(ctx, s).keys()];
  return types(ctx, s).has('object') && keys.length === 1 && keys[0] === 'id';
}

export const check: Oas3Rule = () => {
  const said = new Said();
  const names = new Set<string>();
  const expandables: { target: string; location: Location }[] = [];
  return {
    Root: {
      enter(root: object, ctx: UserContext) {
        if (!isObject(root)) return;
        const schemas = child(ctx, child(ctx, { node: root, location: ctx.location }, 'components'), 'schemas');
        for (const name of Object.keys(schemas?.node ?? {})) names.add(name);
      },
      leave(_root: object, ctx: UserContext) {
        const report = reporter(ctx, said);
        for (const { target, location } of expandables)
          if (!names.has(target)) report(location, `Point ${EXT.expandable} at a schema that exists under components.schemas: "${target}" is not one.`, true);
      },
    },
    Schema: {
      enter(node: object, ctx: UserContext) {
        if (!isObject(node)) return;
        if (isObject(ctx.rawNode) && typeof ctx.rawNode.$ref === 'string') {
          const name = bundledName(ctx.location);
          if (name) names.add(name);
        }
        const report = reporter(ctx, said);
        for (const p of props(ctx, { node, location: ctx.location }).values()) {
          const target = expandTarget(ctx, p);
          // A reference is marked expandable, or built by extending a reference object with allOf.
          const extendsReference = parts(ctx, p.schema).slice(1).some((s) => isReferenceObject(ctx, s));
          if (target === undefined && !extendsReference) continue;
          if (target !== undefined) expandables.push({ target, location: p.location });
          const extra = [...props(ctx, p.schema).keys()].filter((k) => k !== 'id');
          if (extra.length > 0)
            report(p.location, `Reduce the reference "${p.name}" to an object holding only "id" (remove ${extra.map((k) => `"${k}"`).join(', ')}).`, true);
        }
      },
    },
  };
};
