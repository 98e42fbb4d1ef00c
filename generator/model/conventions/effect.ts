// Spec 4.1 reserves POST for creating. A create that also changes resources that exist (a fetch receipt marks
// documents as fetched, a file part's action restarts the part) states that change in `x-effect` on the POST,
// so that no part of docex guesses it from names. One shape, two ways of naming what changes:
//   x-effect: { target: /documents/{documentId}, ids: documentIds, set: { isFetched: true } }
//   x-effect:
//     target: /file-parts/{filePartId}        # no `ids`: the instance the POST's path lies below
//     by: action                              # the request property whose value picks the change
//     cases: { Restart: { from: { status: [Error] }, set: { status: Processing } } }
// `from` lists the values a target property must hold for the change (409 otherwise); `set` what it becomes.
// This is the one reader of `x-effect`; lint, model (and through it sandbox and docs) take the reading from here.
import { EXT } from './extensions.js';
import { at as resolved, type Ctx, type Location } from './node.js';
import type { Operation } from './operations.js';
import { isObject } from '../../util/json.js';

export interface EffectChange {
  /** The value of the `by` request property that picks this change (absent when the effect has no `by`). */
  when?: string;
  /** Target property -> the values it must hold for the change to be allowed. */
  from: Record<string, unknown[]>;
  /** Target property -> the value it takes. */
  set: Record<string, unknown>;
}

export interface Effect {
  /** Instance path, in the same API, of the resources that change: `/documents/{documentId}`. */
  target: string;
  /** The request property holding their ids (one or a list); absent: the target is the instance the POST is below. */
  ids?: string;
  /** The request property whose value picks the change. */
  by?: string;
  changes: EffectChange[];
}

type EffectReading = { kind: 'effect'; effect: Effect; at: Location } | { kind: 'malformed'; problem: string; at: Location };

/** The effect can refuse with 409: some change is allowed only from listed states. */
export function refusesByState(e: Effect): boolean {
  return e.changes.some((c) => Object.keys(c.from).length > 0);
}

const INSTANCE_PATH = /^(\/[^/{}]+)*\/[^/{}]+\/\{[^/{}]+\}$/;

/** The `x-effect` an operation declares, if any. */
export function readEffect(ctx: Ctx, op: Operation): EffectReading | undefined {
  const raw = op.op.node[EXT.effect];
  if (raw === undefined) return undefined;
  const at = op.op.location.child([EXT.effect]);
  const bad = (problem: string): EffectReading => ({ kind: 'malformed', problem, at });
  const node = resolved(ctx, raw, at)?.node;
  if (!node) return bad('it must be a map with `target` and either `set` or `by` and `cases`');
  const { target, ids, by, cases, ...change } = node;
  if (typeof target !== 'string' || !INSTANCE_PATH.test(target)) return bad('`target` must be an instance path such as /documents/{documentId}');
  if (ids !== undefined && !isName(ids)) return bad('`ids` must name a request property');
  if (by !== undefined && !isName(by)) return bad('`by` must name a request property');
  const changes: EffectChange[] = [];
  if (by === undefined) {
    if (cases !== undefined) return bad('`cases` needs `by`, the request property whose value picks one');
    const one = readChange(change);
    if (typeof one === 'string') return bad(one);
    changes.push(one);
  } else {
    if (Object.keys(change).length > 0) return bad('with `by`, each change goes under `cases`, by the value that picks it');
    if (!isObject(cases) || Object.keys(cases).length === 0) return bad('`cases` must map each value of `by` to its change');
    for (const [when, c] of Object.entries(cases)) {
      const one = readChange(c);
      if (typeof one === 'string') return bad(`case ${when}: ${one}`);
      changes.push({ when, ...one });
    }
  }
  return { kind: 'effect', effect: { target, ...(ids !== undefined ? { ids } : {}), ...(by !== undefined ? { by } : {}), changes }, at };
}

function readChange(c: unknown): EffectChange | string {
  if (!isObject(c)) return 'a change must be a map with `set` and, optionally, `from`';
  const { from = {}, set, ...rest } = c;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) return `unknown key ${unknown.map((k) => `\`${k}\``).join(', ')} (a change has \`set\` and \`from\`)`;
  if (!isObject(set) || Object.keys(set).length === 0) return '`set` must map at least one property of the target to its new value';
  if (!isObject(from) || !Object.values(from).every((v) => Array.isArray(v) && v.length > 0)) return '`from` must map properties of the target to the non-empty lists of values they may hold';
  return { from: from as Record<string, unknown[]>, set };
}

function isName(v: unknown): v is string {
  return typeof v === 'string' && v !== '';
}

/** The path parameter that names one target: `documentId` of `/documents/{documentId}`. */
export function targetIdParam(effect: Pick<Effect, 'target'>): string {
  return effect.target.slice(effect.target.lastIndexOf('{') + 1, -1);
}
