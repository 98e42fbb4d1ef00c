import type { Location as RedoclyLocation, UserContext } from '@redocly/openapi-core';
import type { At, Location, Obj } from '../../model/conventions/index.js';

export type Report = (location: Location, message: string, onKey?: boolean) => void;

/** What a rule has reported, by file and pointer: the pointer strings are the locations' own, not new keys. */
export class Said {
  private readonly places = new Map<string, Map<string, string[]>>();

  /** Whether `message` at `location` is said for the first time (it is said now). */
  first(location: Location, message: string): boolean {
    let byPointer = this.places.get(location.source.absoluteRef);
    if (!byPointer) this.places.set(location.source.absoluteRef, (byPointer = new Map()));
    const messages = byPointer.get(location.pointer);
    if (!messages) byPointer.set(location.pointer, [message]);
    else if (messages.includes(message)) return false;
    else messages.push(message);
    return true;
  }
}

/**
 * A report function that says each thing once: a shared component reached from many
 * operations is one problem at one place, not one per operation.
 */
export function reporter(ctx: Pick<UserContext, 'report'>, said: Said): Report {
  return (location, message, onKey = false) => {
    if (!said.first(location, message)) return;
    // Under lint every location comes from Redocly's walk (the readers only pass on what the host gave them).
    const at = location as RedoclyLocation;
    ctx.report({ message, location: onKey ? at.key() : at });
  };
}

export function rootAt(node: Obj, ctx: Pick<UserContext, 'location'>): At {
  return { node, location: ctx.location };
}
