import type { Location as RedoclyLocation, UserContext } from '@redocly/openapi-core';
import type { At, Location, Obj } from '../../model/conventions/index.js';

export type Report = (location: Location, message: string, onKey?: boolean) => void;

/**
 * A report function that says each thing once: a shared component reached from many
 * operations is one problem at one place, not one per operation.
 */
export function reporter(ctx: Pick<UserContext, 'report'>, seen: Set<string>): Report {
  return (location, message, onKey = false) => {
    const id = `${location.absolutePointer}|${message}`;
    if (seen.has(id)) return;
    seen.add(id);
    // Under lint every location comes from Redocly's walk (the readers only pass on what the host gave them).
    const at = location as RedoclyLocation;
    ctx.report({ message, location: onKey ? at.key() : at });
  };
}

export function rootAt(node: Obj, ctx: Pick<UserContext, 'location'>): At {
  return { node, location: ctx.location };
}
