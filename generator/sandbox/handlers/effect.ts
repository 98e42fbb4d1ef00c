// What a create changes in resources that exist, as its document states it in x-effect (the model's reading,
// OpSpec.effect). Every target is checked before any changes (404/403, then 409 for a state the change is not
// allowed from), so a refused request changes nothing.
import { targetIdParam } from '../../model/conventions/effect.js';
import { httpError } from '../http-error.js';
import type { Item } from '../schema-tools.js';
import type { Call, SubApiContext } from './context.js';
import { singular } from './lookup.js';

/** Applies the operation's effect for the sent body; returns the values it set (none without an effect). */
export function applyEffect(ctx: SubApiContext, call: Call, sent: Item): Item {
  const effect = call.spec.effect;
  if (!effect) return {};
  const store = ctx.state.storeFor(call.spec.api, effect.collection);
  const what = singular(effect.collection.path);
  const quoted = (ids: string[]) => ids.map((id) => `"${id}"`).join(', ');
  // Without `ids` the target is the instance the POST is below, which parentOf has already found.
  const ids = effect.ids === undefined ? [String(call.path[targetIdParam(effect)])] : [sent[effect.ids] ?? []].flat().map(String);
  // Another company's resource: 403 where the create answers it (the model's), else it does not exist here.
  const foreign = call.spec.op.conventions.forbidden ? ids.filter((id) => store.foreign.has(id)) : [];
  if (foreign.length) throw httpError(403, `${what} ${quoted(foreign)} ${foreign.length > 1 ? 'belong' : 'belongs'} to another company`);
  const missing = ids.filter((id) => !store.items.has(id));
  if (missing.length) throw httpError(404, `${what} ${quoted(missing)} ${missing.length > 1 ? 'do' : 'does'} not exist`);
  const by = effect.by;
  const change = by === undefined ? effect.changes[0] : effect.changes.find((c) => c.when === sent[by]);
  if (!change) return {};
  const targets = ids.map((id) => [id, store.items.get(id)!] as const);
  for (const [id, item] of targets) {
    for (const [prop, allowed] of Object.entries(change.from)) {
      if (!allowed.some((v) => deepEqual(v, item[prop])))
        throw httpError(409, `${what} "${id}" has ${prop} ${JSON.stringify(item[prop])}; ${change.when ?? 'the change'} is allowed only from ${allowed.map(String).join(' or ')}`);
    }
  }
  let changed = false;
  for (const [id, item] of targets) {
    if (Object.entries(change.set).every(([k, v]) => deepEqual(item[k], v))) continue;
    // A changed copy: items handed out earlier (list caches, expansions) keep their old state.
    store.items.set(id, { ...item, ...change.set });
    changed = true;
  }
  if (changed) store.changed();
  return change.set;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Item)[k], (b as Item)[k]));
}
