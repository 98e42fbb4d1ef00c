// Enums, per the spec: in a response any added or removed value breaks clients; in a request only removing
// one does. An extensible enum declares a set that may grow: adding to it never breaks.
import { extensibleEnum } from '../../model/conventions/index.js';
import type { SchemaCheck } from '../schema/compare.js';
import type { Schema } from '../schema/resolve.js';

interface ValueSet {
  values: Map<string, unknown>;
  /** `enum`/`const` (closed) or an extensible enum (open). */
  closed: boolean;
  isConst: boolean;
}

function valueSet(s: Schema): ValueSet | undefined {
  const key = (v: unknown): string => JSON.stringify(v) ?? 'undefined';
  if (Array.isArray(s.enum)) return { values: new Map(s.enum.map((v) => [key(v), v])), closed: true, isConst: false };
  if (s.const !== undefined) return { values: new Map([[key(s.const), s.const]]), closed: true, isConst: true };
  const ext = extensibleEnum(s);
  if (ext) return { values: new Map(ext.map((v) => [key(v), v])), closed: false, isConst: false };
  return undefined;
}

function minus(a: ValueSet, b: ValueSet): string[] {
  return [...a.values.keys()].filter((k) => !b.values.has(k)).sort();
}

function showValues(keys: string[]): string {
  const shown = keys.map((k) => `\`${k.startsWith('"') ? (JSON.parse(k) as string) : k}\``).join(', ');
  return `${keys.length === 1 ? 'value' : 'values'} ${shown}`;
}

const showSet = (s: ValueSet): string => showValues([...s.values.keys()].sort());

export const checkEnums: SchemaCheck = (ctx) => {
  const b = valueSet(ctx.base);
  const h = valueSet(ctx.head);
  if (!b && !h) return;
  if (ctx.dir === 'request') {
    if (!b && h) {
      if (h.closed) ctx.emit('request-became-enum', { values: showSet(h) });
      return;
    }
    if (b && !h) {
      if (b.closed) ctx.emit('request-enum-removed');
      return;
    }
    if (!b || !h) return;
    if (b.isConst && h.isConst) {
      if (minus(b, h).length) ctx.emit('request-const-changed', { from: showSet(b), to: showSet(h) });
      return;
    }
    const removed = minus(b, h);
    const added = minus(h, b);
    const kind = b.closed ? 'enum' : 'extensible-enum';
    if (removed.length) ctx.emit(`request-${kind}-value-removed`, { values: showValues(removed) });
    if (added.length) ctx.emit(`request-${kind}-value-added`, { values: showValues(added) });
    return;
  }
  // response
  if (!b && h) {
    if (h.closed) ctx.emit('response-became-enum', { values: showSet(h) });
    return;
  }
  if (b && !h) {
    if (b.closed) ctx.emit('response-enum-removed');
    return;
  }
  if (!b || !h) return;
  const removed = minus(b, h);
  const added = minus(h, b);
  if (b.isConst && h.isConst) {
    if (removed.length) ctx.emit('response-const-changed', { from: showSet(b), to: showSet(h) });
    return;
  }
  if (b.closed && !h.closed) {
    ctx.emit('response-enum-became-extensible');
    return;
  }
  if (!b.closed) {
    // Open before: values could always appear or disappear; a now-closed set only narrows what clients see.
    if (h.closed) return;
    if (added.length) ctx.emit('response-extensible-enum-value-added', { values: showValues(added) });
    if (removed.length) ctx.emit('response-extensible-enum-value-removed', { values: showValues(removed) });
    return;
  }
  if (added.length) ctx.emit('response-enum-value-added', { values: showValues(added) });
  if (removed.length) ctx.emit('response-enum-value-removed', { values: showValues(removed) });
};
